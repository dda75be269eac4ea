import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/Modal';
import { Tabs } from '@/components/ui/Tabs';
import { LockIcon } from '@/components/ui/icons';
import { openModal, preloadModal } from '@/lib/modals';
import './auth-dialog.css';

export type AuthTab = 'login' | 'register';

interface Props {
  tab: AuthTab;
  /** env_config.demo_mode: both tabs show the demo note instead of their form (spec section 1) */
  demoMode: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The login and register modals share one frame: the title, the two tabs and
 * the demo-mode note. Each tab is its own feature's modal, so switching tabs
 * opens the other modal (loaded ahead, so the frame does not blink).
 */
export function AuthDialog({ tab, demoMode, onClose, children }: Props) {
  const { t } = useTranslation();
  const other: AuthTab = tab === 'login' ? 'register' : 'login';
  useEffect(() => preloadModal(other), [other]);
  return (
    <Modal open onClose={onClose} size={tab === 'register' ? 'md' : 'sm'} testId="auth-modal" closeTestId="auth-close" title={t(tab)}>
      <Tabs
        items={[
          { id: 'login', label: t('login'), testId: 'auth-tab-login' },
          { id: 'register', label: t('register'), testId: 'auth-tab-register' },
        ]}
        value={tab}
        onChange={(next) => next !== tab && openModal(next)}
        label={t('account')}
        variant="pill"
        className="auth-tabs"
      />
      <div className="auth-panel" data-testid={`${tab}-modal`}>
        {demoMode ? (
          <div className="auth-panel__demo">
            <LockIcon width={36} height={36} className="auth-panel__icon" />
            <p data-testid="demo-note">{t('demo_mode_auth_disabled')}</p>
          </div>
        ) : (
          children
        )}
      </div>
    </Modal>
  );
}
