import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { LogoutIcon, WalletIcon } from '@/components/ui/icons';
import { useDevice } from '@/lib/device-context';
import { formatMoney } from '@/lib/format';
import { openPage } from '@/lib/windows';
import { useSession } from '@/lib/session';
import { openModal } from '@/lib/modals';
import { confirmGameStop } from '@/features/games/launch/force-stop';
import { agentCentreUrl, layoutQuery } from '@/api';
import { logoutNeedsConfirm, performLogout } from '../logout';
import { openMemberCentre } from '../member-centre';
import './auth.css';

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
  const go = (to: string) => void navigate(to);
  const agent = layout.data?.is_agent === 1 && !compact ? agentCentreUrl(layout.data) : null;

  const doLogout = async () => {
    setBusy(true);
    await performLogout();
    setBusy(false);
    setConfirming(false);
  };

  return (
    <div className={`member-bar${compact ? ' member-bar--compact' : ''}`} data-testid="member-bar">
      <button type="button" className="member-bar__who link-reset" onClick={() => openMemberCentre(device, go)} title={t('member_centre')} data-testid="open-user">
        <span className="member-bar__account" data-testid="member-account">
          {account}
        </span>
        <span className="member-bar__cash" data-testid="member-cash">
          {layout.data?.member_cash === undefined ? '-' : formatMoney(layout.data.member_cash, currency, i18n.language)}
        </span>
      </button>
      {/* The phone header has no room: its footer's wallet entry opens MyWallet. */}
      {!compact && (
        <button
          type="button"
          className="btn btn--ghost btn--sm btn--icon"
          onClick={() => openModal('wallet-balances')}
          aria-label={t('wallet_balances')}
          title={t('wallet_balances')}
          data-testid="open-wallets"
        >
          <WalletIcon width={18} height={18} />
        </button>
      )}
      <button type="button" className="btn btn--gold btn--sm" onClick={() => openMemberCentre(device, go, 'Deposit')} data-testid="open-deposit">
        {t('deposit')}
      </button>
      {agent && (
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => confirmGameStop(() => openPage('proxy', agent, device === 'desktop', go))} data-testid="open-agent">
          {agent === '/proxy' ? t('agent_centre') : t('agent_register')}
        </button>
      )}
      <button
        type="button"
        className={`btn btn--ghost btn--sm${compact ? ' btn--icon' : ''}`}
        disabled={busy}
        onClick={() => (logoutNeedsConfirm() ? setConfirming(true) : void doLogout())}
        aria-label={compact ? t('logout') : undefined}
        title={compact ? t('logout') : undefined}
        data-testid="logout-button"
      >
        {compact ? <LogoutIcon width={18} height={18} /> : t('logout')}
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
