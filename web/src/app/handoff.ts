/**
 * A login handed over by another app or site (spec section 4 "Handoff by
 * query" and "Handoff by enc"). The root loader calls it once with the entry
 * parameters.
 */
import { infoData } from '@/features/auth';
import { login } from '@/lib/session';
import { local } from '@/lib/storage';

export const HANDOFF_PARAMS = ['tk', 'member_account', 'member_currency', 'member_id', 'enc'] as const;
const QUERY_KEYS = ['tk', 'member_account', 'member_currency', 'member_id', 'skipReloadGetInfo'];

/** Replaces the address without the given parameters (or with `path`), and lets the router follow. */
export function rewriteUrl(drop: readonly string[], path?: string): void {
  const url = new URL(window.location.href);
  if (path !== undefined) {
    url.href = new URL(path, window.location.origin).href;
  } else {
    let changed = false;
    for (const k of drop) {
      if (url.searchParams.has(k)) {
        url.searchParams.delete(k);
        changed = true;
      }
    }
    if (!changed) return;
  }
  const state: unknown = window.history.state;
  window.history.replaceState(state, '', url.pathname + url.search + url.hash);
  // The router listens to popstate only: tell it the address changed.
  window.dispatchEvent(new PopStateEvent('popstate', { state }));
}

function skipReload(params: URLSearchParams): boolean {
  const v = params.get('skipReloadGetInfo') ?? local.get('skipReloadGetInfo');
  return !!v && v !== '0' && v !== 'false';
}

export async function applyHandoff(params: URLSearchParams): Promise<void> {
  const tk = params.get('tk');
  const account = params.get('member_account');
  const currency = params.get('member_currency');
  const id = params.get('member_id');
  if (tk || account || currency || id) {
    // Credentials never stay in the address bar (nor in history).
    rewriteUrl(QUERY_KEYS);
    if (tk && account && currency && id && !skipReload(params)) {
      login({ token: tk, member_id: id, member_account: account, member_currency: currency }, 'handoff');
    }
  }
  const enc = params.get('enc');
  if (enc) {
    try {
      const data = await infoData(enc);
      if (data) login(data, 'handoff');
    } catch {
      /* silently: the URL still resets */
    }
    rewriteUrl([], '/');
  }
}
