import { registerModal } from '@/lib/modals';

declare module '@/lib/modals' {
  interface ModalRegistry {
    'wallet-balances': undefined;
  }
}

registerModal('wallet-balances', () => import('./components/WalletBalanceDialog'));
