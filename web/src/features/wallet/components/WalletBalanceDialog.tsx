import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/Modal';
import type { ModalProps } from '@/lib/modals';
import { WalletList } from './WalletList';

/** The wallet balance list dialog (spec section 3), opened from the header. */
export default function WalletBalanceDialog({ onClose }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Modal open onClose={onClose} size="sm" title={t('wallet_balances')} testId="wallet-balances" closeTestId="wallet-balances-close">
      <WalletList testId="wallet-balances-list" />
    </Modal>
  );
}
