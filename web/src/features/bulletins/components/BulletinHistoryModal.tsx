import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/Modal';
import { ChevronDown } from '@/components/ui/icons';
import { useDevice } from '@/lib/device-context';
import { formatDateTime } from '@/lib/format';
import type { ModalProps } from '@/lib/modals';
import { useLanguage } from '@/lib/use-language';
import { useTimeZone } from '@/site';
import { bulletinHistoryQuery } from '../api/bulletins';
import './bulletins.css';

export default function BulletinHistoryModal({ onClose }: ModalProps) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const device = useDevice();
  const lang = useLanguage();
  const { data, isPending } = useQuery(bulletinHistoryQuery(device, lang));
  const [open, setOpen] = useState<number | null>(null);

  return (
    <Modal open onClose={onClose} size="md" title={t('bulletin_history')} testId="bulletin-history" closeTestId="bulletin-history-close">
      {isPending && <p className="muted">{t('loading')}</p>}
      {!isPending && !data?.length && <p className="muted">{t('no_bulletins')}</p>}
      <ul className="bulletin-history">
        {data?.map((b) => {
          const expanded = open === b.id;
          return (
            <li key={b.id} className={`bulletin-history__item${expanded ? ' is-open' : ''}`}>
              <button type="button" className="bulletin-history__head" aria-expanded={expanded} onClick={() => setOpen(expanded ? null : b.id)}>
                <span className="bulletin-history__title">{b.title}</span>
                <time dateTime={b.updated_at}>{formatDateTime(b.updated_at, lang, timeZone, 'date')}</time>
                <ChevronDown width={16} height={16} />
              </button>
              {expanded ? (
                <div className="bulletin-content" dangerouslySetInnerHTML={{ __html: b.display_content }} />
              ) : (
                <p className="bulletin-history__summary">{b.content}</p>
              )}
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
