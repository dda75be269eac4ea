// The purchase event for the ad pixel (spec section 4): sent by the lobby
// window when a deposit settles, while the member centre is closed and not
// inside the iOS or Android app. The first deposit and the repeat ones are
// told apart by the deposit count.
import { request } from '@/lib/api-client';
import { getCookie } from '@/lib/cookies';
import { deviceType } from '@/lib/device-info';
import { userWindowOpen } from './payment-window';

export interface DepositSuccess {
  order_no: string;
  amount: number;
  currency: string;
  deposit_count: number;
}

export function parseDepositSuccess(d: Record<string, unknown>): DepositSuccess | null {
  if (typeof d.order_no !== 'string' || typeof d.amount !== 'number' || typeof d.currency !== 'string') return null;
  return { order_no: d.order_no, amount: d.amount, currency: d.currency, deposit_count: Number(d.deposit_count) || 0 };
}

/** The spec's condition: the user window closed (and not this one), a plain browser. */
export function shouldTrackPurchase(): boolean {
  return window.name !== 'user' && !userWindowOpen() && deviceType() === 'web';
}

export function trackPurchase(memberId: string, e: DepositSuccess): Promise<unknown> {
  const userData: Record<string, string> = { external_id: memberId, client_user_agent: navigator.userAgent };
  const fbp = getCookie('_fbp');
  if (fbp) userData.fbp = fbp;
  return request('/api/fb_tracking', {
    eventName: e.deposit_count === 1 ? 'FirstDeposit' : 'Purchase',
    eventTime: Math.floor(Date.now() / 1000),
    // One event per order, however many windows heard it.
    eventID: `deposit-${e.order_no}`,
    userData,
    customData: { currency: e.currency, value: e.amount, deposit_count: e.deposit_count, event_source_url: window.location.href },
  }).catch(() => undefined);
}
