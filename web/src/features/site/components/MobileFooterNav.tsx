import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useUnreadLetters } from '@/api';
import { Badge } from '@/components/ui/Badge';
import { browser, isExternalUrl } from '@/lib/browser';
import { isLoggedIn } from '@/lib/session';
import { openModal } from '@/lib/modals';
import { useLanguage } from '@/lib/use-language';
import { mobileFooterQuery } from '../api/site';
import { useEnvConfig } from '@/site';
import type { MobileFooterItem, MobileFooterType } from '../types';
import './footer.css';

/** Where member-only entries lead when the server gives no url. */
const MEMBER_PAGES: Partial<Record<MobileFooterType, string>> = {
  deposit: '/user/Deposit',
  withdrawal: '/user/Withdrawal',
  wallet: '/user/MyWallet',
  letter: '/user/Letter',
};

const FIXED_PAGES: Partial<Record<MobileFooterType, string>> = { home: '/', discount: '/discount', sponsor: '/sponsor' };

function targetOf(item: MobileFooterItem): string {
  return item.url || MEMBER_PAGES[item.type] || FIXED_PAGES[item.type] || '';
}

export function MobileFooterNav({ template }: { template: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const env = useEnvConfig();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: items } = useQuery(mobileFooterQuery(template, lang));
  const unread = useUnreadLetters(lang);

  const go = (url: string) => {
    if (!url) return;
    if (isExternalUrl(url)) browser.open(url);
    else navigate(url);
  };

  const activate = (item: MobileFooterItem) => {
    switch (item.type) {
      case 'announcement':
        openModal('news');
        return;
      case 'signup':
        openModal('register');
        return;
      case 'deposit':
      case 'withdrawal':
      case 'wallet':
      case 'letter':
        // Spec section 6: guests get the login modal and the check_login_msg warning.
        if (!isLoggedIn()) {
          openModal('login');
          toast.warning(t('check_login_msg'));
          return;
        }
        go(targetOf(item));
        return;
      case 'custom_service':
        go(item.url || env.customer_service_url || '');
        return;
      default:
        go(targetOf(item));
    }
  };

  if (!items?.length) return null;
  return (
    <nav className="mobile-nav" data-testid="mobile-footer" aria-label={t('main_navigation')}>
      {items.map((item) => {
        const target = targetOf(item);
        const active = !!target && !isExternalUrl(target) && (target === '/' ? pathname === '/' : pathname.startsWith(target));
        return (
          <button
            key={item.id}
            type="button"
            className={`mobile-nav__item${active ? ' is-active' : ''}`}
            aria-current={active ? 'page' : undefined}
            data-testid={`mobile-footer-${item.type}`}
            onClick={() => activate(item)}
          >
            <img src={active ? item.icon_active || item.icon : item.icon} alt="" />
            {item.type === 'letter' && <Badge count={unread} testId="footer-letter-badge" />}
            <span>{item.title}</span>
          </button>
        );
      })}
    </nav>
  );
}
