import { registerModal } from '@/lib/modals';

declare module '@/lib/modals' {
  interface ModalRegistry {
    register: undefined;
  }
}

registerModal('register', () => import('./components/RegisterModal'));
