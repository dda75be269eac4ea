// The force-stop warning (spec section 4): /user, /proxy and /fastPayment
// are this app too, and a page of it that starts with isPlay at 1 quits the
// game, so opening one while a game plays asks first.
import { launchStore, pendingStopStore } from './store';

export const FORCE_STOP_PATHS = ['/user', '/proxy', '/fastPayment'] as const;

export function closesGame(pathname: string): boolean {
  return FORCE_STOP_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/**
 * Opens one of those pages with `go` (a window or a navigation), called
 * inside the click: at once when no game plays, else after the warning is
 * confirmed (that click opens the window, so pop-up blockers allow it).
 */
export function confirmGameStop(go: () => void): void {
  if (launchStore.get().status !== 'playing') {
    go();
    return;
  }
  pendingStopStore.set({ go });
}
