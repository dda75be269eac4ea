import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useDevice } from '@/lib/device-context';
import { useSession } from '@/lib/session';
import { openModal } from '@/lib/ui-store';
import { layoutQuery } from '../api/auth';
import { logoutNeedsConfirm, performLogout } from '../logout';
import { openMemberCentre } from '../member-centre';
import './auth.css';

function formatCash(cash: number | undefined, currency: string, lang: string): string {
  if (cash === undefined || cash === null) return '-';
  try {
    return `${new Intl.NumberFormat(lang.replace('_', '-'), { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(cash)} ${currency}`;
  } catch {
    return `${cash} ${currency}`;
  }
}

/** Header: login/register for visitors; account, cash, member centre and logout for members. */
export function AuthButtons({ demoMode, compact }: { demoMode: boolean; compact?: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  if (session.token) return <MemberBar compact={compact} />;
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

export function MemberBar({ compact }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const device = useDevice();
  const navigate = useNavigate();
  const layout = useQuery({ ...layoutQuery(session.memberId), meta: { silent: true } });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const account = layout.data?.member_account ?? session.account ?? '';
  const currency = layout.data?.member_currency ?? session.currency ?? '';

  const doLogout = async () => {
    setBusy(true);
    await performLogout();
    setBusy(false);
    setConfirming(false);
  };

  return (
    <div className={`member-bar${compact ? ' member-bar--compact' : ''}`} data-testid="member-bar">
      <button type="button" className="member-bar__who link-reset" onClick={() => openMemberCentre(device, (to) => void navigate(to))} title={t('member_centre')} data-testid="open-user">
        <span className="member-bar__account" data-testid="member-account">
          {account}
        </span>
        <span className="member-bar__cash" data-testid="member-cash">
          {layout.isPending ? '-' : formatCash(layout.data?.member_cash, currency, i18n.language)}
        </span>
      </button>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={busy}
        onClick={() => (logoutNeedsConfirm() ? setConfirming(true) : void doLogout())}
        data-testid="logout-button"
      >
        {t('logout')}
      </button>
      {confirming && (
        <ConfirmDialog
          title={t('logout')}
          text={t('logout_playing_confirm')}
          confirm={t('logout')}
          onConfirm={() => void doLogout()}
          onCancel={() => setConfirming(false)}
          busy={busy}
          testId="logout-confirm"
          confirmTestId="logout-confirm-ok"
        />
      )}
    </div>
  );
}
