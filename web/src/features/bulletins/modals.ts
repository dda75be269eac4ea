import { registerModal } from '@/lib/modals';

declare module '@/lib/modals' {
  interface ModalRegistry {
    'bulletin-history': undefined;
  }
}

registerModal('bulletin-history', () => import('./components/BulletinHistoryModal'));
