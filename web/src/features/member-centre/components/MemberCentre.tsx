import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { agentCentreUrl, layoutQuery } from '@/api';
import { toast } from 'sonner';
import { LockIcon } from '@/components/ui/icons';
import { useDevice } from '@/lib/device-context';
import { formatMoney } from '@/lib/format';
import { openPage } from '@/lib/windows';
import { setPendingTarget, useSession } from '@/lib/session';
import { openModal } from '@/lib/modals';
import { useEnvConfig } from '@/site';
import { MENU, resolvePage } from '../menu';
import { BankAccountsSection, DepositPage, DWRecordPage, MyWalletPage, TransactionPage, WithdrawalPage } from '@/features/wallet/pages';
import { AnnouncementPage } from '@/features/bulletins';
import { LetterPage } from '@/features/letters';
import { LimitsPage } from '@/features/limits/components/LimitsPage';
import { BonusPage } from '@/features/bonus';
import { RecommendMemberSearch, RecommendProject, RecommendRecord, useRecommendFeature } from '@/features/referral';
import { BindAccountPage } from './BindAccountPage';
import { InfoPage } from './InfoPage';
import './member-centre.css';

/** The wallet's pages of the menu (issue 10). */
const WALLET_PAGES: Record<string, ReactNode> = {
  MyWallet: <MyWalletPage />,
  Deposit: <DepositPage />,
  Withdrawal: <WithdrawalPage />,
  Transaction: <TransactionPage />,
  DWRecord: <DWRecordPage />,
  Limits: <LimitsPage />,
  Bonus: <BonusPage />,
};

/** The recommend pages (issue 13); their menu group hides while the feature is closed for the member. */
const REFERRAL_PAGES: Record<string, ReactNode> = {
  RecommendProject: <RecommendProject />,
  RecommendRecord: <RecommendRecord />,
  RecommendMemberSearch: <RecommendMemberSearch />,
};

/** The member centre (/user, /user/:page, /user?page=Deposit) with the menu of spec section 2. */
export function MemberCentre() {
  const { t, i18n } = useTranslation();
  const siteName = useEnvConfig().site_name;
  const { page: param } = useParams();
  const [query] = useSearchParams();
  const page = resolvePage(param, query.get('page'));
  const session = useSession();
  const device = useDevice();
  const navigate = useNavigate();
  const layout = useQuery({ ...layoutQuery(session.memberId), meta: { silent: true } });
  const agent = layout.data?.is_agent === 1 ? agentCentreUrl(layout.data) : null;
  const recommend = useRecommendFeature();
  const menu = MENU.filter((g) => g.key !== 'recommend_award' || recommend.available === true);

  // Guests get the login modal and the warning (spec section 6).
  useEffect(() => {
    if (session.token) return;
    toast.warning(t('check_login_msg'), { id: 'check-login' });
    setPendingTarget(`/user/${page}`);
    openModal('login');
  }, [session.token, page, t]);

  useEffect(() => {
    document.title = `${t('member_centre')} · ${siteName}`;
  }, [t, siteName]);

  const closeOrHome = () => {
    if (window.opener && device === 'desktop') window.close();
  };

  return (
    <div className={`uc uc--${device}`} data-testid="member-centre">
      <header className="uc-top">
        <div className="uc-top__brand">
          <strong>{siteName}</strong>
          <span className="muted">{t('member_centre')}</span>
        </div>
        {session.account && (
          <span className="uc-top__who">
            <span className="uc-top__account" data-testid="uc-top-account">
              {session.account}
            </span>
            {/* A dash until the cash is loaded (spec section 4); `cash` events refresh it. */}
            <span className="uc-top__balance" data-testid="uc-balance">
              <span className="muted">{t('balance')}</span> {layout.data ? formatMoney(layout.data.member_cash, layout.data.member_currency, i18n.language) : '-'}
            </span>
          </span>
        )}
        {agent && (
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => openPage('proxy', agent, device === 'desktop', (to) => void navigate(to))} data-testid="uc-agent">
            {agent === '/proxy' ? t('agent_centre') : t('agent_register')}
          </button>
        )}
        <Link to="/" className="btn btn--ghost btn--sm" onClick={closeOrHome} data-testid="uc-home">
          {t('back_home')}
        </Link>
      </header>
      <div className="uc-body">
        <nav className="uc-menu" aria-label={t('member_centre')} data-testid="uc-menu">
          {menu.map((g) => (
            <div key={g.key} className="uc-menu__group">
              <p className="uc-menu__title">{t(g.key)}</p>
              {g.pages.map((p) => (
                <NavLink
                  key={p}
                  to={`/user/${p}`}
                  className={() => `uc-menu__item${p === page ? ' is-active' : ''}`}
                  aria-current={p === page ? 'page' : undefined}
                  data-testid={`uc-menu-${p}`}
                >
                  {t(`uc_${p}`)}
                </NavLink>
              ))}
            </div>
          ))}
        </nav>
        <main className="uc-main">
          {!session.token ? (
            <section className="uc-card uc-guest" data-testid="uc-guest">
              <LockIcon width={36} height={36} />
              <p>{t('check_login_msg')}</p>
              <button type="button" className="btn btn--gold" onClick={() => openModal('login')}>
                {t('login')}
              </button>
            </section>
          ) : page === 'Info' ? (
            <InfoPage />
          ) : page === 'BindAccount' ? (
            <>
              <BindAccountPage />
              <BankAccountsSection />
            </>
          ) : page === 'Announcement' ? (
            <AnnouncementPage />
          ) : page === 'Letter' ? (
            <LetterPage />
          ) : page in WALLET_PAGES ? (
            WALLET_PAGES[page]
          ) : (
            REFERRAL_PAGES[page]
          )}
        </main>
      </div>
    </div>
  );
}

export default MemberCentre;
