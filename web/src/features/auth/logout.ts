import { logout } from '@/lib/session';
import { local, LS } from '@/lib/storage';
import { logoutRequest } from './api/auth';

/** Spec section 4: while a game is playing (local storage isPlay "1") logout asks first. */
export function logoutNeedsConfirm(): boolean {
  return local.get(LS.isPlay) === '1';
}

/** Ends the session on the server (best effort) and clears it here. */
export async function performLogout(): Promise<void> {
  try {
    await logoutRequest();
  } catch {
    /* the local session ends anyway */
  }
  logout('user');
}
