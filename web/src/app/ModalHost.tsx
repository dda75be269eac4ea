import { lazy, Suspense } from 'react';
import { useEnvConfig, useSiteCurrency } from '@/features/site';
import { isStrongRule } from '@/lib/register-rules';
import { closeModal, useModalData, useOpenModal } from '@/lib/ui-store';

// None of these is on the first paint: each loads when first opened.
const AuthModal = lazy(() => import('@/features/auth/components/AuthModal'));
const RegisterForm = lazy(() => import('@/features/register/components/RegisterForm'));
const DoubleValidationModal = lazy(() => import('@/features/auth/components/DoubleValidationModal'));
const WithdrawRecoveryModal = lazy(() => import('@/features/auth/components/WithdrawRecoveryModal'));
const ForgotPasswordModal = lazy(() => import('@/features/auth/components/ForgotPasswordModal'));
const ResetPasswordModal = lazy(() => import('@/features/auth/components/ForgotPasswordModal').then((m) => ({ default: m.ResetPasswordModal })));
const ChangePasswordModal = lazy(() => import('@/features/auth/components/ChangePasswordModal'));
const NewsModal = lazy(() => import('@/features/lobby/components/NewsModal'));
const BulletinHistoryModal = lazy(() => import('@/features/bulletins/components/BulletinHistoryModal'));

export function ModalHost() {
  const name = useOpenModal();
  const data = useModalData<never>();
  const env = useEnvConfig();
  const currency = useSiteCurrency();
  if (!name) return null;
  const strong = isStrongRule(env.password_rule);
  return (
    <Suspense fallback={null}>
      {(name === 'login' || name === 'register') && (
        <AuthModal
          key={name}
          initialTab={name}
          demoMode={env.demo_mode}
          onClose={closeModal}
          renderRegister={(done, toLogin) => (
            <Suspense fallback={<div className="skeleton" style={{ height: 320 }} />}>
              <RegisterForm
                currencies={env.currencies}
                siteCurrency={currency.code}
                linkExpireMinutes={env.link_expire_time}
                strongPasswords={strong}
                smsVerifySeconds={env.sms_verify_seconds}
                onDone={done}
                onLogin={toLogin}
              />
            </Suspense>
          )}
        />
      )}
      {name === 'double-validation' && <DoubleValidationModal challenge={data} onClose={closeModal} />}
      {name === 'withdraw-recovery' && <WithdrawRecoveryModal data={data} onClose={closeModal} strongPasswords={strong} />}
      {name === 'forgot-password' && <ForgotPasswordModal onClose={closeModal} />}
      {name === 'reset-password' && <ResetPasswordModal data={data} onClose={closeModal} strongPasswords={strong} />}
      {name === 'change-password' && <ChangePasswordModal data={data} onClose={closeModal} strongPasswords={strong} />}
      {name === 'news' && <NewsModal onClose={closeModal} timeZone={env.time_zone || 'America/Caracas'} />}
      {name === 'bulletin-history' && <BulletinHistoryModal onClose={closeModal} timeZone={env.time_zone || 'America/Caracas'} />}
    </Suspense>
  );
}
