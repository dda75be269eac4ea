// Front-end build tracking (spec section 7 "Build and framework calls"):
// latest.json says which build the server has, meta/{id}.json carries the
// server-defined route redirects.
import { redirect, type DataRouter } from 'react-router';
import { getJson } from '@/lib/api-client';
import { browser } from '@/lib/browser';
import { effectiveConnectionType } from '@/lib/device';

export interface RouteRule {
  redirect?: string;
}
export type RouteRules = Record<string, RouteRule>;

export const BUILD_POLL_MS = 60_000;
export const META_PREFETCH_DELAY_MS = 1000;
const RULES_WAIT_MS = 3000;

const state = {
  loadedId: undefined as string | undefined,
  latestId: undefined as string | undefined,
  rules: undefined as RouteRules | undefined,
  pending: undefined as Promise<RouteRules> | undefined,
  checking: undefined as Promise<void> | undefined,
  updateReady: false,
};

/** Tests start from a fresh page. */
export function resetBuildState(): void {
  Object.assign(state, { loadedId: undefined, latestId: undefined, rules: undefined, pending: undefined, checking: undefined, updateReady: false });
}

export function isUpdateReady(): boolean {
  return state.updateReady;
}

/** Asks which build the server has; concurrent callers share one request. */
export function checkBuild(): Promise<void> {
  state.checking ??= (async () => {
    try {
      const { id } = await getJson<{ id?: string }>(`/builds/latest.json?t=${Date.now()}`);
      if (!id) return;
      // The server writes the build it embedded into the page; fall back to
      // the first answer for pages served without it (tests, the dev server).
      state.loadedId ??= document.querySelector<HTMLMetaElement>('meta[name="gamehall-build-id"]')?.content || id;
      if (id !== state.loadedId) state.updateReady = true;
      if (state.latestId !== id) {
        state.latestId = id;
        state.rules = undefined;
      }
    } finally {
      state.checking = undefined;
    }
  })();
  return state.checking;
}

/** The route rules of the current build; a failure answers none and is retried next time. */
export function ensureRules(): Promise<RouteRules> {
  if (state.rules) return Promise.resolve(state.rules);
  state.pending ??= (async () => {
    try {
      if (!state.latestId) await checkBuild();
      if (!state.latestId) return {};
      const meta = await getJson<{ route_rules?: RouteRules }>(`/builds/meta/${state.latestId}.json`);
      state.rules = meta.route_rules ?? {};
      return state.rules;
    } catch {
      return {};
    } finally {
      state.pending = undefined;
    }
  })();
  return state.pending;
}

const norm = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/** Exact paths, plus "/prefix/**" for a whole subtree. */
export function findRedirect(pathname: string, rules: RouteRules): string | undefined {
  const path = norm(pathname);
  let best: { len: number; to: string } | undefined;
  for (const [pattern, rule] of Object.entries(rules)) {
    if (!rule?.redirect) continue;
    if (norm(pattern) === path) return rule.redirect;
    if (pattern.endsWith('/**')) {
      const prefix = norm(pattern.slice(0, -3));
      if ((path === prefix || path.startsWith(`${prefix}/`)) && (!best || prefix.length > best.len)) best = { len: prefix.length, to: rule.redirect };
    }
  }
  return best?.to;
}

/**
 * Applies a server redirect before the route renders: relative targets go
 * through the router, absolute ones replace the page. `wait` loads the rules
 * when they are not known yet (every path but the lobby, which must not wait).
 */
export async function applyRouteRules(pathname: string, wait: boolean): Promise<void> {
  let rules = state.rules;
  if (!rules && wait) {
    rules = await Promise.race([ensureRules(), new Promise<undefined>((r) => setTimeout(r, RULES_WAIT_MS))]);
  }
  if (!rules) return;
  const to = findRedirect(pathname, rules);
  if (!to || norm(to) === norm(pathname)) return;
  if (/^https?:\/\//i.test(to)) {
    browser.assign(to);
    // Keep the navigation pending while the browser leaves the page.
    await new Promise(() => {});
  }
  throw redirect(to);
}

/** Polls for new builds (every 60 s and on focus) and reloads at the next navigation after one. */
export function startBuildWatch(router: DataRouter): () => void {
  let lastCheck = 0;
  const check = () => {
    lastCheck = Date.now();
    return checkBuild().catch(() => {});
  };
  void check().then(() => {
    setTimeout(() => {
      if (effectiveConnectionType() !== 'slow-2g') void ensureRules();
    }, META_PREFETCH_DELAY_MS);
  });
  const timer = setInterval(check, BUILD_POLL_MS);
  const onFocus = () => {
    if (Date.now() - lastCheck > 5000) void check();
  };
  window.addEventListener('focus', onFocus);
  let lastKey = router.state.location.key;
  let leaving = false;
  const unsubscribe = router.subscribe((s) => {
    // Leave as early as possible: while the next route loads, or right after a
    // navigation that needed no loading.
    const pending = s.navigation.state === 'loading' ? s.navigation.location : undefined;
    const moved = s.location.key !== lastKey ? s.location : undefined;
    lastKey = s.location.key;
    const next = pending ?? moved;
    if (state.updateReady && next && !leaving) {
      leaving = true;
      browser.assign(next.pathname + next.search + next.hash);
    }
  });
  return () => {
    clearInterval(timer);
    window.removeEventListener('focus', onFocus);
    unsubscribe();
  };
}
