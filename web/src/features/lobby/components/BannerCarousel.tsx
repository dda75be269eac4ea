import './lobby.css';
import { useQuery } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Carousel } from '@/components/ui/Carousel';
import { Skeleton } from '@/components/ui/Skeleton';
import { useDevice } from '@/lib/device-context';
import { useLanguage } from '@/lib/use-language';
import { useEnvConfig } from '@/site';
import { carouselQuery } from '../api/lobby';
import { bannerTarget } from '../links';
import type { Banner } from '../types';

function Slide({ banner, index, demoMode }: { banner: Banner; index: number; demoMode: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const target = bannerTarget(banner);
  const img = (
    <img
      src={banner.url}
      alt={t('banner_n', { n: index + 1 })}
      loading={index === 0 ? 'eager' : 'lazy'}
      fetchPriority={index === 0 ? 'high' : undefined}
      draggable={false}
    />
  );
  // Demo mode (spec section 1) disables every banner action.
  if (demoMode || target.kind === 'none') {
    return (
      <div className="banner" data-testid="carousel-slide" aria-disabled={demoMode || undefined}>
        {img}
      </div>
    );
  }
  if (target.kind === 'external') {
    return (
      <a
        className="banner"
        data-testid="carousel-slide"
        href={target.url}
        target={target.newTab ? '_blank' : undefined}
        rel={target.newTab ? 'noopener noreferrer' : undefined}
      >
        {img}
      </a>
    );
  }
  const onClick = (e: MouseEvent) => {
    e.preventDefault();
    navigate(target.to);
  };
  return (
    <a className="banner" data-testid="carousel-slide" href={target.to} onClick={onClick}>
      {img}
    </a>
  );
}

export function BannerCarousel() {
  const { t } = useTranslation();
  const { demo_mode: demoMode } = useEnvConfig();
  const device = useDevice();
  const lang = useLanguage();
  const { data: banners, isPending } = useQuery(carouselQuery(device, lang));
  const ratio = device === 'desktop' ? '1920 / 520' : '750 / 360';

  if (isPending) return <Skeleton height="auto" className={`banner-skeleton banner-skeleton--${device}`} />;
  if (!banners?.length) return null;
  return (
    <div className="banner-wrap" style={{ ['--banner-ratio' as string]: ratio }}>
      <Carousel
        testId="carousel"
        arrows={device === 'desktop'}
        slides={banners.map((b, i) => (
          <Slide key={b.id} banner={b} index={i} demoMode={demoMode} />
        ))}
      />
      {demoMode && (
        <span className="demo-badge" data-testid="demo-badge">
          {t('demo_mode')}
        </span>
      )}
    </div>
  );
}
