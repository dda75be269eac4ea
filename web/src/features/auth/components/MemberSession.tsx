// Everything a member session sets off (spec section 4 "Login", "Real-time
// events", section 9 real-time check): the socket, the reloads after login,
// the native wrappers, logout's clean-up, the first-login password change and
// the cross-window login messages. Rendered once by the app root.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { browser } from '@/lib/browser';
import { removeCookie, setCookie } from '@/lib/cookies';
import { useDevice } from '@/lib/device-context';
import { nativeWindow } from '@/lib/device-info';
import { refetchAudience } from '@/lib/query-client';
import { hasSubscribedChannel, onRealtimeEvent, realtimeEnabled, realtimeStatus, startRealtime, subscribedChannels } from '@/lib/realtime';
import { getToken, login, logout, onLogin, onLogout, reloadSession, takePendingTarget, useSession, type LoginData } from '@/lib/session';
import { local, LS } from '@/lib/storage';
import { openModal } from '@/lib/modals';
import { closeNamedWindows } from '@/lib/windows';
import { keys, layoutQuery } from '@/api';
import { useSiteCurrency, useVisitorCurrency } from '@/site';
import { openMemberCentre } from '../member-centre';
import { isOtherDeviceLogin, REALTIME_CHECK_MS } from '../realtime-events';

/** Windows logout closes (spec section 4): member centre, agent centre, fast payment. */
export const MEMBER_WINDOWS = ['user', 'proxy', 'fastPayment'] as const;

/** Tells the iOS and Android wrappers that a token login was set. */
export function notifyNativeLogin(token: string): void {
  const n = nativeWindow();
  try {
    n.webkit?.messageHandlers?.tokenLogin?.postMessage?.(token);
  } catch {
    /* the wrapper went away */
  }
  try {
    n.Android?.tokenLogin?.(token);
  } catch {
    /* idem */
  }
}

/** The iOS app handles navigation itself: logout does not go to / there. */
function isIOSApp(): boolean {
  return !!nativeWindow().webkit?.messageHandlers?.tokenLogin;
}

interface WindowMessage {
  msg?: string;
  data?: Partial<LoginData> & { tk?: string };
  resCode?: string | number;
  resMessage?: string;
}

export function MemberSession() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const session = useSession();
  // web_api.{currency}: the site currency in use
  const currency = useSiteCurrency().code;
  const device = useDevice();
  const visitorCurrency = useVisitorCurrency();
  // A target the visitor asked for before logging in (the member centre, a page).
  const openTarget = (target: string) =>
    target.startsWith('/user') ? openMemberCentre(device, (to) => void navigate(to), target.slice(6) || undefined) : void navigate(target);
  const latest = useRef({ currency, device, visitorCurrency, openTarget, navigate, t });
  latest.current = { currency, device, visitorCurrency, openTarget, navigate, t };

  // The socket: the member's token, or anonymous for visitors.
  useEffect(() => {
    void startRealtime({ token: session.token, memberId: session.memberId, currency });
  }, [session.token, session.memberId, currency]);

  // The subscribed channels, on <html data-channels>: what support (or a
  // browser test) reads to tell whether the page is live for this member.
  useEffect(
    () =>
      subscribedChannels.subscribe(() => {
        document.documentElement.dataset.channels = subscribedChannels.get().join(' ');
      }),
    [],
  );

  // A refused token on the socket means the session is gone.
  useEffect(
    () =>
      realtimeStatus.subscribe(() => {
        const status = realtimeStatus.get();
        if (status === 'invalid_token' && getToken()) logout('unauthorized');
        // Closed because the member logged in elsewhere (the login event may not have arrived).
        if (status === 'replaced' && getToken()) logout('other_device');
      }),
    [],
  );

  // Member events.
  useEffect(() => {
    const offs = [
      onRealtimeEvent('login', (e) => {
        void isOtherDeviceLogin(getToken(), e.data.token_fingerprint).then((other) => {
          if (other) logout('other_device');
        });
      }),
      // The operator's flags (forced password change, ...) live in the layout.
      onRealtimeEvent('profile_updated', () => {
        void qc.invalidateQueries({ queryKey: keys.member.profiles() });
        void qc.invalidateQueries({ queryKey: keys.member.layouts() });
      }),
      onRealtimeEvent('app_clean_cache', () => {
        logout('clean_cache');
        browser.reload();
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [qc]);

  // After login.
  useEffect(
    () =>
      onLogin(({ data, via }) => {
        const { currency: before, device: dev } = latest.current;
        const currencyChanged = !!before && !!data.member_currency && before.toUpperCase() !== data.member_currency.toUpperCase();
        // Layout, cash, letters, marquee, pop-ups and profile come again for the member.
        void qc.invalidateQueries({ queryKey: keys.member.all() });
        void refetchAudience(qc, !currencyChanged);
        notifyNativeLogin(data.token);
        if (dev === 'mobile' && currencyChanged) {
          browser.reload();
          return;
        }
        const target = takePendingTarget();
        if (target) latest.current.openTarget(target);
        // Spec section 9: no channel subscribed within 2000 ms after login logs out.
        if (realtimeEnabled() && via !== 'window') {
          setTimeout(() => {
            if (getToken() === data.token && !hasSubscribedChannel()) logout('realtime');
          }, REALTIME_CHECK_MS);
        }
      }),
    [qc],
  );

  // After logout.
  useEffect(
    () =>
      onLogout((reason) => {
        const { visitorCurrency: vc, navigate: nav, t: tr } = latest.current;
        closeNamedWindows(MEMBER_WINDOWS);
        // The currency by IP country and language again.
        local.set(LS.currency, vc);
        setCookie('currency', vc, { days: 1 });
        removeCookie('ccy');
        if (reason === 'other_device') toast.warning(tr(/* i18n */ 'already_login'), { id: 'already-login', duration: 6000 });
        else if (reason === 'unauthorized') toast.warning(tr(/* i18n */ 'login_expired'), { id: 'login-expired' });
        else if (reason === 'realtime') toast.error(tr(/* i18n */ 'realtime_lost'), { id: 'realtime-lost' });
        if (!isIOSApp() && reason !== 'clean_cache') void nav('/');
      }),
    [],
  );

  // Another tab logged in or out: follow it.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== LS.token) return;
      if (!e.newValue && e.oldValue) logout('other_tab');
      else reloadSession();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  // Cross-window messages of the third-party login helper (same origin only).
  useEffect(() => {
    const handle = (m: WindowMessage) => {
      if (m.msg === 'authLogin') {
        closeNamedWindows(['authCallback']);
        const d = m.data ?? {};
        const token = d.token ?? d.tk;
        if (token && d.member_id && d.member_account && d.member_currency) {
          login({ token, member_id: d.member_id, member_account: d.member_account, member_currency: d.member_currency }, 'window');
        }
      } else if (m.msg === 'authLoginClose') {
        if (m.resCode !== undefined && m.resCode !== '') toast.error(m.resMessage || `${latest.current.t('error')} (${m.resCode})`);
        closeNamedWindows(['authCallback']);
      }
    };
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin) return;
      if (e.data && typeof e.data === 'object') handle(e.data as WindowMessage);
    };
    const onStorage = (e: StorageEvent) => {
      if (e.key !== 'window-msg' || !e.newValue) return;
      try {
        handle(JSON.parse(e.newValue) as WindowMessage);
      } catch {
        /* not ours */
      }
      local.remove('window-msg');
    };
    window.addEventListener('message', onMessage);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('message', onMessage);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  // First login: the desktop asks for a new password (layout first_login_to_change_password).
  const layout = useQuery({ ...layoutQuery(session.memberId), meta: { silent: true } });
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (device !== 'desktop' || !layout.data || !session.memberId) return;
    if (layout.data.first_login_to_change_password === 1 && asked.current !== session.memberId) {
      asked.current = session.memberId;
      openModal('change-password', { forced: true });
    }
  }, [device, layout.data, session.memberId]);

  return null;
}
