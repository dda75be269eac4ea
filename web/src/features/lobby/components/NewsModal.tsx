import './lobby.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/Modal';
import { useLanguage } from '@/lib/use-language';
import { toBcp47 } from '@/lib/locale';
import { marqueeQuery } from '../api/lobby';

export function formatDate(iso: string, lang: string, timeZone: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(lang, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(d);
  } catch {
    return d.toISOString().slice(0, 16).replace('T', ' ');
  }
}

/** Every announcement of the marquee, readable at leisure. */
export default function NewsModal({ onClose, timeZone }: { onClose: () => void; timeZone: string }) {
  const { t } = useTranslation();
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
              <time dateTime={a.created_at}>{formatDate(a.created_at, toBcp47(lang), timeZone)}</time>
            </div>
            <p>{a.content}</p>
          </li>
        ))}
      </ol>
    </Modal>
  );
}
