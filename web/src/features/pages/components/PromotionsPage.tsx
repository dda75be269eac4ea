import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDevice } from '@/lib/device-context';
import { openModal } from '@/lib/modals';
import { usePageList } from '../hooks/usePages';
import type { PageItem } from '../types';
import { PageFrame } from './PageFrame';
import { PromoPeriod } from './PromoPeriod';

function PromoCard({ item, quickView }: { item: PageItem; quickView: boolean }) {
  const open = (e: MouseEvent) => {
    // The desktop shows a promotion over the list; the link stays a real
    // page for a new tab, a phone and a shared address.
    if (!quickView || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    openModal('discount', { id: item.id });
  };
  return (
    <li className="promo-card">
      <Link to={`/discount/${item.id}`} onClick={open} data-testid={`promo-${item.id}`}>
        {item.image && <img className="promo-card__image" src={item.image} alt="" />}
        <div className="promo-card__text">
          <h2>{item.title}</h2>
          {item.summary && <p>{item.summary}</p>}
          <PromoPeriod item={item} />
        </div>
      </Link>
    </li>
  );
}

/** /discount: the live promotions. */
export function PromotionsPage() {
  const { t } = useTranslation();
  const device = useDevice();
  const { data, isPending, isError } = usePageList('discount');
  return (
    <PageFrame title={t('discount')} testId="promotions-page">
      {isPending && <div className="skeleton content-page__loading" />}
      {isError && <p className="muted">{t('request_failed')}</p>}
      {data && !data.length && <p className="muted">{t('no_promotions')}</p>}
      <ul className="promo-list">
        {data?.map((p) => (
          <PromoCard key={p.id} item={p} quickView={device === 'desktop'} />
        ))}
      </ul>
    </PageFrame>
  );
}
