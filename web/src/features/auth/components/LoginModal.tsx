import { AuthDialog } from '@/components/AuthDialog';
import { openModal, type ModalProps } from '@/lib/modals';
import { useEnvConfig } from '@/site';
import { LoginForm } from './LoginForm';
import './auth.css';

/** The login tab of the login and register modal; the register tab is the register feature's modal. */
export default function LoginModal({ onClose }: ModalProps) {
  return (
    <AuthDialog tab="login" demoMode={useEnvConfig().demo_mode} onClose={onClose}>
      <LoginForm onDone={onClose} onRegister={() => openModal('register')} />
    </AuthDialog>
  );
}
