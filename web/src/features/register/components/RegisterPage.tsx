import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { openModal } from '@/lib/ui-store';
import { RegisterForm, type RegisterFormProps } from './RegisterForm';

/** /register in development (production redirects and opens the modal instead). */
export function RegisterPage(props: Omit<RegisterFormProps, 'layout' | 'onDone' | 'onLogin'>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="container register-page" data-testid="register-page">
      <section className="register-page__card">
        <h1 className="register-page__title">{t('register')}</h1>
        <p className="register-page__lead muted">{t('register_lead')}</p>
        <RegisterForm {...props} layout="page" onDone={() => void navigate('/')} onLogin={() => openModal('login')} />
      </section>
    </div>
  );
}

export default RegisterPage;
