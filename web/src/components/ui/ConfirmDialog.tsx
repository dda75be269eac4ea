import { useTranslation } from 'react-i18next';
import { Modal } from './Modal';

export interface ConfirmDialogProps {
  title: string;
  text: string;
  /** the action's label */
  confirm: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** the action runs: its button waits */
  busy?: boolean;
  testId: string;
  confirmTestId: string;
}

/** A question with cancel and one action. */
export function ConfirmDialog({ title, text, confirm, onConfirm, onCancel, busy, testId, confirmTestId }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      onClose={onCancel}
      size="sm"
      title={title}
      testId={testId}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onCancel}>
            {t('cancel')}
          </button>
          <button type="button" className="btn btn--gold" disabled={busy} onClick={onConfirm} data-testid={confirmTestId}>
            {confirm}
          </button>
        </>
      }
    >
      <p>{text}</p>
    </Modal>
  );
}
