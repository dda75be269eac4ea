import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { agreementQuery } from '@/api';
import { Modal } from '@/components/ui/Modal';
import type { ModalProps } from '@/lib/modals';
import { useLanguage } from '@/lib/use-language';
import { HtmlContent } from './HtmlContent';

/** The protocol (terms) modal: the site's service agreement, read-only. */
export default function ProtocolModal({ onClose }: ModalProps) {
  const { t } = useTranslation();
  const { data, isPending } = useQuery(agreementQuery(useLanguage()));
  return (
    <Modal open onClose={onClose} size="lg" title={t('terms')} testId="protocol-modal" closeTestId="protocol-close">
      {isPending && <div className="skeleton content-page__loading" />}
      <div className="agreement">
        {data?.map((b) => (
          <section key={b.id} className="agreement__block">
            <h3>{b.title}</h3>
            <HtmlContent html={b.content} />
          </section>
        ))}
      </div>
    </Modal>
  );
}
