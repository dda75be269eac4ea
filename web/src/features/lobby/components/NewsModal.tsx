import './lobby.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/Modal';
import type { ModalProps } from '@/lib/modals';
import { useLanguage } from '@/lib/use-language';
import { useTimeZone } from '@/site';
import { formatDateTime } from '@/lib/format';
import { marqueeQuery } from '../api/lobby';

/** Every announcement of the marquee, readable at leisure. */
export default function NewsModal({ onClose }: ModalProps) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const lang = useLanguage();
  const { data, isPending } = useQuery(marqueeQuery(lang));
  return (
    <Modal open onClose={onClose} title={t('news')} size="md" testId="news-modal" closeTestId="news-close">
      {isPending && <p className="muted">{t('loading')}</p>}
      {!isPending && !data?.length && <p className="muted">{t('no_announcements')}</p>}
      <ol className="news-list">
        {data?.map((a) => (
          <li key={a.id} className="news-list__item">
            <div className="news-list__head">
              <strong>{a.title}</strong>
              <time dateTime={a.created_at}>{formatDateTime(a.created_at, lang, timeZone, 'dateTime')}</time>
            </div>
            <p>{a.content}</p>
          </li>
        ))}
      </ol>
    </Modal>
  );
}
