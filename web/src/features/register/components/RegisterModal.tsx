import { AuthDialog } from '@/components/AuthDialog';
import { openModal, type ModalProps } from '@/lib/modals';
import { useEnvConfig } from '@/site';
import { RegisterForm } from './RegisterForm';

/** The register tab of the login and register modal; the login tab is the auth feature's modal. */
export default function RegisterModal({ onClose }: ModalProps) {
  return (
    <AuthDialog tab="register" demoMode={useEnvConfig().demo_mode} onClose={onClose}>
      <RegisterForm onDone={onClose} onLogin={() => openModal('login')} />
    </AuthDialog>
  );
}
