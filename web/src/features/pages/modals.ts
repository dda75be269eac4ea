import { registerModal } from '@/lib/modals';

declare module '@/lib/modals' {
  interface ModalRegistry {
    discount: { id: number };
    protocol: undefined;
  }
}

registerModal('discount', () => import('./components/DiscountModal'));
registerModal('protocol', () => import('./components/ProtocolModal'));
