import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/Modal';
import { useLanguage } from '@/lib/use-language';
import { agreementQuery } from '@/api';

/** The service agreement (/arks/web/register-settings/service-agreement); its HTML is sanitised by the server. */
export function AgreementModal({ onClose, onAgree }: { onClose: () => void; onAgree: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { data, isPending } = useQuery(agreementQuery(lang));
  return (
    <Modal
      open
      onClose={onClose}
      size="md"
      title={t('service_agreement_title')}
      testId="agreement-modal"
      closeTestId="agreement-close"
      footer={
        <button type="button" className="btn btn--gold" onClick={onAgree} data-testid="agreement-accept">
          {t('agree')}
        </button>
      }
    >
      {isPending && <div className="skeleton register-loading" />}
      <div className="agreement">
        {(data ?? []).map((b) => (
          <section key={b.id} className="agreement__block">
            <h3>{b.title}</h3>
            <div dangerouslySetInnerHTML={{ __html: b.content }} />
          </section>
        ))}
      </div>
    </Modal>
  );
}
