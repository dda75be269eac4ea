import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { LoadingOverlay } from '@/components/ui/LoadingOverlay';
import { DeviceHints, DocumentMeta } from '@/features/site';
import { getCookie, removeCookie } from '@/lib/cookies';
import { openModal, useLoadingFlag } from '@/lib/ui-store';
import { GamesBridge } from './GamesBridge';
import { LayoutRoot } from './LayoutRoot';
import { MemberBridge } from './MemberBridge';
import { ModalHost } from './ModalHost';

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
  return (
    <LayoutRoot>
      <DocumentMeta />
      <GamesBridge>
        <Outlet />
      </GamesBridge>
      <ModalHost />
      <MemberBridge />
      <DeviceHints />
      <LoadingOverlay active={busy || navigation.state === 'loading'} />
    </LayoutRoot>
  );
}

/** Shown while the first route's loaders run (before anything else can render). */
export function BootSplash() {
  return <div className="boot-splash" aria-hidden="true" />;
}
