import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/Modal';
import { Tabs } from '@/components/ui/Tabs';
import { LockIcon } from '@/components/ui/icons';
import './auth.css';

export type AuthTab = 'login' | 'register';

interface Props {
  initialTab: AuthTab;
  demoMode: boolean;
  onClose: () => void;
}

// The login and register forms arrive with the members issue; this modal
// already holds their place, tabs and demo-mode rule so callers need not change.
export default function AuthModal({ initialTab, demoMode, onClose }: Props) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<AuthTab>(initialTab);
  return (
    <Modal open onClose={onClose} size="sm" testId="auth-modal" closeTestId="auth-close" title={tab === 'login' ? t('login') : t('register')}>
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
        <LockIcon width={36} height={36} className="auth-panel__icon" />
        {demoMode ? (
          <p data-testid="demo-note">{t('demo_mode_auth_disabled')}</p>
        ) : (
          <p>{tab === 'login' ? t('login_coming_soon') : t('register_coming_soon')}</p>
        )}
      </div>
    </Modal>
  );
}
