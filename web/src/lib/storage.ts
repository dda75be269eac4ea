// Storage can throw (Safari private mode, disabled cookies, quota); the site
// must keep working without it, so every access goes through these helpers.

function safe(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return window[kind];
  } catch {
    return undefined;
  }
}

function wrap(kind: 'localStorage' | 'sessionStorage') {
  return {
    get(key: string): string | null {
      try {
        return safe(kind)?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        safe(kind)?.setItem(key, value);
      } catch {
        /* storage full or blocked: the value is simply not remembered */
      }
    },
    remove(key: string): void {
      try {
        safe(kind)?.removeItem(key);
      } catch {
        /* see set */
      }
    },
  };
}

export const local = wrap('localStorage');
export const session = wrap('sessionStorage');

/** Local storage keys of spec section 3 "Stored data". */
export const LS = {
  token: 'token',
  memberId: 'member_id',
  memberAccount: 'member_account',
  memberType: 'member_type',
  currency: 'currency',
  lang: 'lang',
  pwa: 'pwa',
  isPlay: 'isPlay',
} as const;
