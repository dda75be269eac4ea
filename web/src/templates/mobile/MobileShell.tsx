import { Outlet } from 'react-router';
import { GoTop } from '@/components/ui/GoTop';
import { AppDownloadBar, MobileFooterNav, useEnvConfig } from '@/features/site';
import { useAppMode } from '@/lib/ui-store';
import { MobileHeader } from './MobileHeader';
import { useMobileVariant, useThemeColor } from './useMobileVariant';
import '../shell.css';

export function MobileShell() {
  const env = useEnvConfig();
  const variant = useMobileVariant();
  const { appPage, hideHeader, hideFooter } = useAppMode();
  useThemeColor(variant.themeColor);

  const footer = <MobileFooterNav template={variant.name} />;
  if (appPage === 'header') return <MobileHeader />;
  if (appPage === 'footer') return footer;
  const showHeader = appPage !== 'content' && !hideHeader;
  const showFooter = appPage !== 'content' && !hideFooter;
  return (
    <div className={`shell shell--mobile${showFooter ? ' has-footer-nav' : ''}`} data-variant={variant.name} data-template={env.mobile_template}>
      {showHeader && (
        <div className="m-top">
          <AppDownloadBar />
          <MobileHeader />
        </div>
      )}
      <main className="shell__main">
        <Outlet />
      </main>
      {showFooter && footer}
      <GoTop bottom={showFooter ? 84 : 20} />
    </div>
  );
}
