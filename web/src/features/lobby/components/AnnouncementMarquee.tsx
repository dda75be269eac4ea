import './lobby.css';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SpeakerIcon } from '@/components/ui/icons';
import { Marquee } from '@/components/ui/Marquee';
import { openModal } from '@/lib/ui-store';
import { useLanguage } from '@/lib/use-language';
import { marqueeQuery } from '../api/lobby';

export function AnnouncementMarquee({ trailing }: { trailing?: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { data } = useQuery(marqueeQuery(lang));
  const items = (data ?? []).map((a) => a.content);
  return (
    <Marquee
      testId="marquee"
      label={t('open_news')}
      items={items.length ? items : [t('no_announcements')]}
      onActivate={() => openModal('news')}
      leading={<SpeakerIcon className="marquee__icon" />}
      trailing={trailing}
    />
  );
}
