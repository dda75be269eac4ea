// What the wallet sets off on every page: `cash` and `deposit_success` on
// member.{id} refresh every money screen (the layout's member_cash too),
// quickGame closes the payment helper, and the /fastDeposit flag opens
// fast payment (spec sections 2, 4).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { keys } from '@/api';
import { getCookie, removeCookie } from '@/lib/cookies';
import { useDevice } from '@/lib/device-context';
import { openModal } from '@/lib/modals';
import { formatMoney } from '@/lib/format';
import { onRealtimeEvent } from '@/lib/realtime';
import { isLoggedIn, sessionStore, setPendingTarget } from '@/lib/session';
import { isQuickGame } from '@/features/games/messages';
import { closeWaitingHelper, openFastPayment } from '../payment-window';
import { parseDepositSuccess, shouldTrackPurchase, trackPurchase } from '../tracking';

export function useWalletSession(): void {
  const qc = useQueryClient();
  const { t, i18n } = useTranslation();
  const device = useDevice();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const latest = useRef({ t, lang: i18n.language });
  latest.current = { t, lang: i18n.language };

  useEffect(() => {
    const refresh = () => {
      void qc.invalidateQueries({ queryKey: keys.wallet.all() });
      void qc.invalidateQueries({ queryKey: keys.member.layouts() });
    };
    const offs = [
      onRealtimeEvent('cash', refresh),
      onRealtimeEvent('deposit_success', (e) => {
        refresh();
        const d = parseDepositSuccess(e.data);
        if (!d) return;
        const { t: tr, lang } = latest.current;
        toast.success(tr('deposit_success_msg', { amount: formatMoney(d.amount, d.currency, lang) }), { id: `deposit-${d.order_no}` });
        const member = sessionStore.get().memberId;
        if (member && shouldTrackPurchase()) void trackPurchase(member, d);
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [qc]);

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin === window.location.origin && isQuickGame(e.data)) closeWaitingHelper();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // /fastDeposit left the flag; fast payment opens (after login for a guest).
  useEffect(() => {
    if (getCookie('isFastDeposit') !== 'true') return;
    removeCookie('isFastDeposit');
    if (isLoggedIn()) {
      openFastPayment(device, (to) => void navigate(to));
      return;
    }
    toast.warning(latest.current.t('check_login_msg'), { id: 'check-login' });
    setPendingTarget('/fastPayment');
    openModal('login');
  }, [pathname, device, navigate]);
}
