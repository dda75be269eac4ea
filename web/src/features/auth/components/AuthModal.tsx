import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/Modal';
import { Tabs } from '@/components/ui/Tabs';
import { LockIcon } from '@/components/ui/icons';
import { LoginForm } from './LoginForm';
import './auth.css';

export type AuthTab = 'login' | 'register';

interface Props {
  initialTab: AuthTab;
  demoMode: boolean;
  onClose: () => void;
  /** the register form (another feature), composed by the app */
  renderRegister: (done: () => void, toLogin: () => void) => ReactNode;
}

/** Login and register in one modal with tabs; demo mode turns both off (spec section 1). */
export default function AuthModal({ initialTab, demoMode, onClose, renderRegister }: Props) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<AuthTab>(initialTab);
  return (
    <Modal open onClose={onClose} size={tab === 'register' ? 'md' : 'sm'} testId="auth-modal" closeTestId="auth-close" title={tab === 'login' ? t('login') : t('register')}>
      <Tabs
        items={[
          { id: 'login', label: t('login'), testId: 'auth-tab-login' },
          { id: 'register', label: t('register'), testId: 'auth-tab-register' },
        ]}
        value={tab}
        onChange={setTab}
        label={t('account')}
        variant="pill"
        className="auth-tabs"
      />
      <div className="auth-panel" data-testid={tab === 'login' ? 'login-modal' : 'register-modal'}>
        {demoMode ? (
          <div className="auth-panel__demo">
            <LockIcon width={36} height={36} className="auth-panel__icon" />
            <p data-testid="demo-note">{t('demo_mode_auth_disabled')}</p>
          </div>
        ) : tab === 'login' ? (
          <LoginForm onDone={onClose} onRegister={() => setTab('register')} />
        ) : (
          renderRegister(onClose, () => setTab('login'))
        )}
      </div>
    </Modal>
  );
}
