// The member's session: token, id, account and currency in local storage
// (spec section 3 "Stored data"), mirrored in a store so the UI follows
// login and logout, plus the login and logout announcements.
import { useSyncExternalStore } from 'react';
import { setCookie } from './cookies';
import { createEmitter, createStore } from './events';
import { local, LS } from './storage';

export type LogoutReason = 'unauthorized' | 'user' | 'other_device' | 'realtime' | 'clean_cache' | 'other_tab';

export interface SessionState {
  token: string | null;
  memberId: string | null;
  account: string | null;
  currency: string | null;
}

/** What /login, /register, double validation and the handoffs answer. */
export interface LoginData {
  token: string;
  member_id: number | string;
  member_account: string;
  member_currency: string;
  member_login_id?: string;
}

export interface LoginEvent {
  data: LoginData;
  /** the site currency in use before this login */
  previousCurrency: string | null;
  /** how the login arrived: a form, a handoff or a cross-window message */
  via: 'form' | 'handoff' | 'window';
}

function read(): SessionState {
  const token = local.get(LS.token);
  return {
    token,
    memberId: token ? local.get(LS.memberId) : null,
    account: token ? local.get(LS.memberAccount) : null,
    currency: token ? local.get(LS.currency) : null,
  };
}

export const sessionStore = createStore<SessionState>(read());
const logoutEmitter = createEmitter<LogoutReason>();
const loginEmitter = createEmitter<LoginEvent>();

export function getToken(): string | null {
  return local.get(LS.token);
}

/** A refreshed token (authorization response header, password change). */
export function setToken(token: string): void {
  local.set(LS.token, token);
  sessionStore.set((s) => (s.token === token ? s : { ...s, token }));
}

export function isLoggedIn(): boolean {
  return !!getToken();
}

/** Stores the member's credentials (spec section 4 "Login succeeds") and tells subscribers. */
export function login(data: LoginData, via: LoginEvent['via'] = 'form'): void {
  const previousCurrency = local.get(LS.currency);
  const memberId = String(data.member_id);
  local.set(LS.token, data.token);
  local.set(LS.memberId, memberId);
  local.set(LS.memberAccount, data.member_account);
  if (data.member_currency) {
    // The member's currency becomes the site currency (cookie currency wins over storage).
    local.set(LS.currency, data.member_currency);
    setCookie('currency', data.member_currency, { days: 1 });
    setCookie('ccy', data.member_currency, { days: 1 });
  }
  sessionStore.set({ token: data.token, memberId, account: data.member_account, currency: data.member_currency || null });
  loginEmitter.emit({ data, previousCurrency, via });
}

/** Clears the member's credentials and tells subscribers (query cache, sockets, UI) to reset. */
export function logout(reason: LogoutReason = 'user'): void {
  const had = !!local.get(LS.token);
  for (const key of [LS.token, LS.memberId, LS.memberAccount, LS.memberType]) local.remove(key);
  sessionStore.set({ token: null, memberId: null, account: null, currency: null });
  if (had || reason === 'user') logoutEmitter.emit(reason);
}

export const onLogout = logoutEmitter.on;
export const onLogin = loginEmitter.on;

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

/** Re-reads storage (tests, another tab's change). */
export function reloadSession(): void {
  sessionStore.set(read());
}

// A page or window the visitor asked for before logging in (spec section 4:
// "A pending target page or window opens").
let pending: string | null = null;
export function setPendingTarget(target: string | null): void {
  pending = target;
}
export function takePendingTarget(): string | null {
  const t = pending;
  pending = null;
  return t;
}
