import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/Modal';

export default function BrowserSupportPrompt({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      onClose={onDismiss}
      size="sm"
      title={t('browser_support_title')}
      testId="browser-support-prompt"
      footer={
        <button type="button" className="btn btn--gold" onClick={onDismiss}>
          {t('i_understand')}
        </button>
      }
    >
      <p>{t('browser_support_desc')}</p>
    </Modal>
  );
}
