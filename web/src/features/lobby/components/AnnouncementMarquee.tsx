import './lobby.css';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SpeakerIcon } from '@/components/ui/icons';
import { Marquee } from '@/components/ui/Marquee';
import { Skeleton } from '@/components/ui/Skeleton';
import { openModal } from '@/lib/modals';
import { useLanguage } from '@/lib/use-language';
import { marqueeQuery } from '../api/lobby';

export function AnnouncementMarquee({ trailing }: { trailing?: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { data, isPending } = useQuery(marqueeQuery(lang));
  if (isPending) return <Skeleton height={40} className="marquee-skeleton" />;
  return (
    <Marquee
      testId="marquee"
      label={t('open_news')}
      items={(data ?? []).map((a) => a.content)}
      empty={t('no_announcements')}
      onActivate={() => openModal('news')}
      leading={<SpeakerIcon className="marquee__icon" />}
      trailing={trailing}
    />
  );
}
