import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { GoTop } from '@/components/ui/GoTop';
import { TermsLink } from '@/features/pages';
import { AppDownloadBar, MobileFooterNav } from '@/features/site';
import { useEnvConfig } from '@/site';
import { useAppMode } from '@/lib/ui-store';
import { useHeaderOffset } from '../useHeaderOffset';
import { MobileHeader } from './MobileHeader';
import { useMobileVariant, useThemeColor } from './useMobileVariant';
import '../shell.css';

function MobileLegal() {
  const { t } = useTranslation();
  const env = useEnvConfig();
  return (
    <footer className="m-legal">
      <span className="m-legal__age">18+</span>
      <p>{t('responsible_gaming_note')}</p>
      <TermsLink />
      <p>
        © {new Date().getFullYear()} {env.site_name}. {t('all_rights_reserved')}
      </p>
    </footer>
  );
}

export function MobileShell() {
  const env = useEnvConfig();
  const variant = useMobileVariant();
  const { appPage, hideHeader, hideFooter } = useAppMode();
  useThemeColor(variant.themeColor);
  useHeaderOffset();

  const footer = <MobileFooterNav template={variant.name} />;
  if (appPage === 'header') return <MobileHeader />;
  if (appPage === 'footer') return footer;
  const showHeader = appPage !== 'content' && !hideHeader;
  const showFooter = appPage !== 'content' && !hideFooter;
  return (
    <div className={`shell shell--mobile${showFooter ? ' has-footer-nav' : ''}`} data-variant={variant.name} data-template={env.mobile_template}>
      {/* The app bar scrolls away; only the header stays on top. */}
      {showHeader && <AppDownloadBar />}
      {showHeader && (
        <div className="m-top">
          <MobileHeader />
        </div>
      )}
      <main className="shell__main">
        <Outlet />
      </main>
      {appPage !== 'content' && <MobileLegal />}
      {showFooter && footer}
      <GoTop bottom={showFooter ? 84 : 20} revealOnScrollUp />
    </div>
  );
}
