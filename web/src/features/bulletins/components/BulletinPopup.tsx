import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/Modal';
import { Tabs } from '@/components/ui/Tabs';
import { ChevronLeft, ChevronRight } from '@/components/ui/icons';
import { useDevice } from '@/lib/device-context';
import { useOpenModal } from '@/lib/modals';
import { useLanguage } from '@/lib/use-language';
import { isLoggedIn } from '@/lib/session';
import { bulletinQuery, hideMemberBulletins } from '../api/bulletins';
import { bulletinSignature, rememberBulletinClose, shouldShowStored } from '../frequency';
import './bulletins.css';

/** The pop-up promotion shown on load (spec section 4 "Pop-up promotion"). */
export function BulletinPopup() {
  const { t } = useTranslation();
  const device = useDevice();
  const lang = useLanguage();
  const { data } = useQuery(bulletinQuery(device, lang));
  // The lists closed on this page: after login the member list (spec
  // section 7: pop-ups reload at login) is another and shows; after logout
  // the visitor list closed before stays closed.
  const [closedSigs, setClosedSigs] = useState<string[]>([]);
  // A modal asked for by the visitor (register link, ?modal=) comes first.
  const otherModal = useOpenModal();
  const [index, setIndex] = useState(0);
  // Decided once per answer: closing must not re-evaluate into a flash.
  const show = useMemo(() => !!data && shouldShowStored(data.frequency, data.list), [data]);

  if (!data || !show || closedSigs.includes(bulletinSignature(data.list)) || otherModal) return null;
  const list = data.list;
  const current = list[Math.min(index, list.length - 1)];
  const close = () => {
    rememberBulletinClose(data.frequency, list);
    if (data.frequency === 0 && isLoggedIn()) void hideMemberBulletins(device).catch(() => undefined);
    setClosedSigs((sigs) => [...sigs, bulletinSignature(list)]);
  };
  const several = list.length > 1;

  return (
    <Modal
      open
      onClose={close}
      size="md"
      title={several && device === 'desktop' ? t('promotions_notice') : current.title}
      testId="bulletin-popup"
      closeTestId="bulletin-close"
      footer={
        several && device === 'mobile' ? (
          <div className="pager" data-testid="bulletin-pager">
            <button type="button" className="btn btn--ghost btn--icon" aria-label={t('previous')} disabled={index === 0} onClick={() => setIndex(index - 1)}>
              <ChevronLeft />
            </button>
            <span>
              {index + 1} / {list.length}
            </span>
            <button
              type="button"
              className="btn btn--ghost btn--icon"
              aria-label={t('next')}
              disabled={index >= list.length - 1}
              onClick={() => setIndex(index + 1)}
            >
              <ChevronRight />
            </button>
          </div>
        ) : (
          <button type="button" className="btn btn--gold" onClick={close}>
            {t('got_it')}
          </button>
        )
      }
    >
      {several && device === 'desktop' && (
        <Tabs
          items={list.map((b, i) => ({ id: i, label: b.title, testId: `bulletin-tab-${b.id}` }))}
          value={index}
          onChange={setIndex}
          label={t('promotions_notice')}
          variant="underline"
          className="bulletin-tabs"
        />
      )}
      {/* display_content is sanitised by the server (one of the two HTML fields). */}
      <article className="bulletin-content" key={current.id} dangerouslySetInnerHTML={{ __html: current.display_content }} />
    </Modal>
  );
}
