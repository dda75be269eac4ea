import { registerModal } from '@/lib/modals';

declare module '@/lib/modals' {
  interface ModalRegistry {
    news: undefined;
  }
}

registerModal('news', () => import('./components/NewsModal'));
