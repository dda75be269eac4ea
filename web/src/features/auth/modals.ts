// The auth feature's modals (lib/modals): login, the login branches and the recoveries.
import { registerModal } from '@/lib/modals';
import type { ChangePasswordData, Challenge, ForgotData, RecoveryData } from './types';

declare module '@/lib/modals' {
  interface ModalRegistry {
    login: undefined;
    'double-validation': Challenge;
    'withdraw-recovery': RecoveryData;
    'forgot-password': undefined;
    'reset-password': ForgotData;
    'change-password': ChangePasswordData;
  }
}

registerModal('login', () => import('./components/LoginModal'));
registerModal('double-validation', () => import('./components/DoubleValidationModal'));
registerModal('withdraw-recovery', () => import('./components/WithdrawRecoveryModal'));
registerModal('forgot-password', () => import('./components/ForgotPasswordModal'));
registerModal('reset-password', () => import('./components/ForgotPasswordModal').then((m) => ({ default: m.ResetPasswordModal })));
registerModal('change-password', () => import('./components/ChangePasswordModal'));
