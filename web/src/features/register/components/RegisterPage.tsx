import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LockIcon } from '@/components/ui/icons';
import { openModal } from '@/lib/modals';
import { useEnvConfig } from '@/site';
import { RegisterForm } from './RegisterForm';

/**
 * /register in development (production redirects and opens the modal instead).
 * In demo mode the page says so and the form cannot register or send a code,
 * as the header buttons and the modal are off.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const { demo_mode: demoMode } = useEnvConfig();
  const navigate = useNavigate();
  return (
    <div className="container register-page" data-testid="register-page">
      <section className="register-page__card">
        <h1 className="register-page__title">{t('register')}</h1>
        <p className="register-page__lead muted">{t('register_lead')}</p>
        {demoMode && (
          <p className="register-page__demo" role="status" data-testid="register-demo-note">
            <LockIcon width={18} height={18} aria-hidden="true" />
            <span>{t('demo_mode_auth_disabled')}</span>
          </p>
        )}
        <RegisterForm layout="page" onDone={() => void navigate('/')} onLogin={demoMode ? undefined : () => openModal('login')} />
      </section>
    </div>
  );
}

export default RegisterPage;
