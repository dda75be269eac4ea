import { useTranslation } from 'react-i18next';
import { openModal } from '@/lib/ui-store';

/** Header login/register; in demo mode both are off with a visible note (spec section 1). */
export function AuthButtons({ demoMode, compact }: { demoMode: boolean; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={`auth-buttons${compact ? ' auth-buttons--compact' : ''}`}>
      <button type="button" className="btn btn--ghost btn--sm" data-testid="open-login" disabled={demoMode} onClick={() => openModal('login')}>
        {t('login')}
      </button>
      <button type="button" className="btn btn--gold btn--sm" data-testid="open-register" disabled={demoMode} onClick={() => openModal('register')}>
        {t('register')}
      </button>
      {demoMode && (
        <span className="demo-note" data-testid="demo-auth-note">
          {t('demo_mode_note')}
        </span>
      )}
    </div>
  );
}
