/** Desktop template from this window width up (spec section 9). */
export const DESKTOP_MIN_WIDTH = 992;
export const RESIZE_DEBOUNCE_MS = 1000;

export type Device = 'desktop' | 'mobile';

export function deviceForWidth(width: number): Device {
  return width >= DESKTOP_MIN_WIDTH ? 'desktop' : 'mobile';
}

/** Client platform ids of spec section 9: support_device on the wire. */
export const PLATFORM = { desktop: 1, mobile: 2, app: 3, gesture: 4, finger: 5, wechat: 6, pwa: 7 } as const;

/** Device ids of spec section 9: `device` on the wire (/demo/play, /demo/gp_games, /v2/game_label, login). */
export const DEVICE_ID = { desktop: 0, mobile: 1, app: 2 } as const;

/** use_type of the banner call: 0 desktop, 1 small, 2 mobile. */
export const BANNER_USE_TYPE: Record<Device, number> = { desktop: 0, mobile: 2 };

/** display_device of bulletins: 1 desktop, 2 mobile (0 = both, on items only). */
export const DISPLAY_DEVICE: Record<Device, 1 | 2> = { desktop: 1, mobile: 2 };

export function isIOS(ua = navigator.userAgent): boolean {
  // iPadOS 13+ reports itself as a Mac with touch.
  return /iphone|ipad|ipod/i.test(ua) || (/macintosh/i.test(ua) && navigator.maxTouchPoints > 1);
}

/** Safari proper, not Chrome/Firefox/in-app browsers on iOS, which cannot add to the home screen. */
export function isIOSSafari(ua = navigator.userAgent): boolean {
  return isIOS(ua) && /safari/i.test(ua) && !/crios|fxios|edgios|fban|fbav|instagram|line\/|micromessenger/i.test(ua);
}

export function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** Browsers missing what the site relies on get the browser-support prompt. */
export function isOutdatedBrowser(w: Window = window): boolean {
  const g = w as unknown as Record<string, unknown>;
  return typeof g.fetch !== 'function' || typeof Promise.allSettled !== 'function' || typeof g.IntersectionObserver !== 'function';
}

export function effectiveConnectionType(): string | undefined {
  return (navigator as Navigator & { connection?: { effectiveType?: string } }).connection?.effectiveType;
}
