import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';

/** The unbound-bank-account prompt of the Deposit page (spec section 3). */
export function BindBankPrompt({ onBind, onCancel }: { onBind: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('wallet_bind_prompt_title')}
      text={t('wallet_err_324')}
      confirm={t('wallet_bind_now')}
      onConfirm={onBind}
      onCancel={onCancel}
      testId="bind-bank-prompt"
      confirmTestId="bind-bank-prompt-ok"
    />
  );
}
