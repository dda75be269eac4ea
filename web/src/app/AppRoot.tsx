import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { LoadingOverlay } from '@/components/ui/LoadingOverlay';
import { MemberSession } from '@/features/auth';
import { GameLaunchHost } from '@/features/games';
import { DeviceHints, DocumentMeta } from '@/features/site';
import { WalletSession } from '@/features/wallet';
import { LetterSession } from '@/features/letters';
// A feature whose only part on every page is its modal (registered on import).
import '@/features/register';
import { getCookie, removeCookie } from '@/lib/cookies';
import { openModal } from '@/lib/modals';
import { useSettingsFailureNotice } from '@/site';
import { useLoadingFlag } from '@/lib/ui-store';
import { LayoutRoot } from './LayoutRoot';
import { ModalHost } from '@/components/ModalHost';

/** The production /register guard leaves isRouteRegister; the next load opens the register modal. */
function useRouteRegisterModal() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (getCookie('isRouteRegister') === 'true') {
      removeCookie('isRouteRegister');
      openModal('register');
    }
  }, [pathname]);
}

export function AppRoot() {
  const navigation = useNavigation();
  const busy = useLoadingFlag();
  useRouteRegisterModal();
  useSettingsFailureNotice();
  return (
    <LayoutRoot>
      <DocumentMeta />
      <Outlet />
      <GameLaunchHost />
      <ModalHost />
      <MemberSession />
      <WalletSession />
      <LetterSession />
      <DeviceHints />
      <LoadingOverlay active={busy || navigation.state === 'loading'} />
    </LayoutRoot>
  );
}

/**
 * Shown while the first route's loaders run: the same logo and spinner the
 * HTML paints before the code arrives (index.html holds their style).
 */
export function BootSplash() {
  const { t } = useTranslation();
  return (
    <div className="boot" role="status" aria-label={t('loading')} data-testid="boot">
      <img className="boot__logo" src="/media/logo/app-icon.svg" alt="" width={72} height={72} />
      <div className="spinner" />
    </div>
  );
}
