import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { LockIcon } from '@/components/ui/icons';
import { useDevice } from '@/lib/device-context';
import { setPendingTarget, useSession } from '@/lib/session';
import { openModal } from '@/lib/ui-store';
import { MENU, resolvePage } from '../menu';
import { BindAccountPage } from './BindAccountPage';
import { InfoPage } from './InfoPage';
import './member-centre.css';

/** The member centre (/user, /user/:page, /user?page=Deposit) with the menu of spec section 2. */
export function MemberCentre({ siteName, smsVerifySeconds }: { siteName: string; /** env_config.sms_verify_seconds */ smsVerifySeconds?: number }) {
  const { t } = useTranslation();
  const { page: param } = useParams();
  const [query] = useSearchParams();
  const page = resolvePage(param, query.get('page'));
  const session = useSession();
  const device = useDevice();

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
          <span className="uc-top__account" data-testid="uc-top-account">
            {session.account}
          </span>
        )}
        <Link to="/" className="btn btn--ghost btn--sm" onClick={closeOrHome} data-testid="uc-home">
          {t('back_home')}
        </Link>
      </header>
      <div className="uc-body">
        <nav className="uc-menu" aria-label={t('member_centre')} data-testid="uc-menu">
          {MENU.map((g) => (
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
            <InfoPage smsVerifySeconds={smsVerifySeconds} />
          ) : page === 'BindAccount' ? (
            <BindAccountPage smsVerifySeconds={smsVerifySeconds} />
          ) : (
            <section className="uc-card" data-testid="uc-placeholder">
              <header className="uc-card__head">
                <h2>{t(`uc_${page}`)}</h2>
              </header>
              <p className="muted">{t('coming_soon')}</p>
            </section>
          )}
        </main>
      </div>
    </div>
  );
}

export default MemberCentre;
