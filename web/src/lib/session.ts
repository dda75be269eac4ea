import { createEmitter } from './events';
import { local, LS } from './storage';

export type LogoutReason = 'unauthorized' | 'user' | 'other_device';

const logoutEmitter = createEmitter<LogoutReason>();

export function getToken(): string | null {
  return local.get(LS.token);
}

export function setToken(token: string): void {
  local.set(LS.token, token);
}

export function isLoggedIn(): boolean {
  return !!getToken();
}

/** Clears the member's credentials and tells subscribers (query cache, sockets, UI) to reset. */
export function logout(reason: LogoutReason = 'user'): void {
  for (const key of [LS.token, LS.memberId, LS.memberAccount, LS.memberType]) local.remove(key);
  logoutEmitter.emit(reason);
}

export const onLogout = logoutEmitter.on;
