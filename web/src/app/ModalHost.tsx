import { lazy, Suspense } from 'react';
import { useEnvConfig } from '@/features/site';
import { closeModal, useOpenModal } from '@/lib/ui-store';

// None of these is on the first paint: each loads when first opened.
const AuthModal = lazy(() => import('@/features/auth/components/AuthModal'));
const NewsModal = lazy(() => import('@/features/lobby/components/NewsModal'));
const BulletinHistoryModal = lazy(() => import('@/features/bulletins/components/BulletinHistoryModal'));

export function ModalHost() {
  const name = useOpenModal();
  const env = useEnvConfig();
  if (!name) return null;
  return (
    <Suspense fallback={null}>
      {(name === 'login' || name === 'register') && <AuthModal key={name} initialTab={name} demoMode={env.demo_mode} onClose={closeModal} />}
      {name === 'news' && <NewsModal onClose={closeModal} timeZone={env.time_zone || 'America/Caracas'} />}
      {name === 'bulletin-history' && <BulletinHistoryModal onClose={closeModal} timeZone={env.time_zone || 'America/Caracas'} />}
    </Suspense>
  );
}
