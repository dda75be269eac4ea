// The windows a deposit opens (spec sections 2 and 3): the /loading helper
// named depositRedirect (Deposit page) or fpRedirect (fast payment), opened
// inside the click so pop-up blockers let it through, then sent to the
// gateway's page; local storage waitingWindow names the one in use, and a
// quickGame message closes it. Phones (and refused pop-ups) go in the tab.
import { browser } from '@/lib/browser';
import type { Device } from '@/lib/device';
import { local } from '@/lib/storage';
import { closeNamedWindows, namedWindow, openNamedWindow } from '@/lib/windows';
import { confirmGameStop } from '@/features/games/launch/force-stop';

export const WAITING_WINDOW = 'waitingWindow';

export const HELPERS = {
  deposit: { name: 'depositRedirect', waiting: 'depositWindow' },
  fast: { name: 'fpRedirect', waiting: 'fpWindow' },
} as const;

export type HelperKind = keyof typeof HELPERS;

/** The fast-payment pop-up's size on desktop. */
export const FAST_PAYMENT_FEATURES = 'width=520,height=760';

/** Opens the helper window (desktop only); null when it went in the tab instead. */
export function openHelperWindow(kind: HelperKind, device: Device): Window | null {
  if (device !== 'desktop') return null;
  const h = HELPERS[kind];
  const w = openNamedWindow(h.name, '/loading', '');
  if (w) local.set(WAITING_WINDOW, h.waiting);
  return w;
}

/** Sends the helper window (or, without one, this tab) to the gateway's page. */
export function goToPayment(win: Window | null, url: string): void {
  if (win && !win.closed) {
    try {
      win.location.replace(url);
      return;
    } catch {
      /* a window we can no longer steer */
    }
  }
  browser.assign(url);
}

/** A failed order: the helper window has nothing to show. */
export function abandonHelper(kind: HelperKind): void {
  closeNamedWindows([HELPERS[kind].name]);
  if (local.get(WAITING_WINDOW) === HELPERS[kind].waiting) local.remove(WAITING_WINDOW);
}

/** quickGame: closes the payment helper waitingWindow names; false when it names none of ours. */
export function closeWaitingHelper(): boolean {
  const waiting = local.get(WAITING_WINDOW);
  const kind = (Object.keys(HELPERS) as HelperKind[]).find((k) => HELPERS[k].waiting === waiting);
  if (!kind) return false;
  abandonHelper(kind);
  return true;
}

/** Is this window one of the payment helpers (the gateway sent it back to us)? */
export function isHelperWindow(name: string = window.name): boolean {
  return name === HELPERS.deposit.name || name === HELPERS.fast.name;
}

/** Fast payment (/fastPayment): a sized pop-up on desktop, the same tab on a phone. */
export function openFastPayment(device: Device, navigate: (to: string) => void): void {
  confirmGameStop(() => {
    if (device !== 'desktop' || !openNamedWindow('fastPayment', '/fastPayment', FAST_PAYMENT_FEATURES)) navigate('/fastPayment');
  });
}

/** Is the member centre open in a window of its own? */
export function userWindowOpen(): boolean {
  return !!namedWindow('user');
}

/** Back from the gateway in a helper window: tells the opener to close it (quickGame). */
export function notifyOpener(): boolean {
  try {
    if (window.opener && !window.opener.closed) {
      window.opener.postMessage({ msg: 'quickGame' }, window.location.origin);
      return true;
    }
  } catch {
    /* an opener of another origin */
  }
  return false;
}
