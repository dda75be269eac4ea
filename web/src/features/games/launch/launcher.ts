// Starting a game: the rules of machine.ts, the loading window opened in the
// click (pop-up blockers only allow windows opened synchronously), the demo
// launch and its error codes.
// A member plays for real money (real-money.ts); a visitor plays the demo.
import i18next from 'i18next';
import { toast } from 'sonner';
import { isApiError } from '@/lib/api-client';
import { safeUrl, browser } from '@/lib/browser';
import type { Device } from '@/lib/device';
import { REALITY_CHECK_CODE } from '@/features/limits/api/limits';
import { checkIframe, demoPlay, leave1 } from '../api/launch';
import { playing, rejectLaunch, resolveOpenMode, starting, type LaunchTarget, type OpenMode } from './machine';
import { isRecalling } from '../recall/store';
import { startRealMoney, TRANSFER_DISABLED, TransferDisabled } from './real-money';
import { dialogStore, disableTransfers, LOADING_WINDOW_NAME, leaveGivenUp, quitGame, launchStore, resetLaunch, setIsPlay, setLeaveCall, trackGameWindow } from './store';

export interface LaunchContext {
  device: Device;
  currency: string;
  demoMode: boolean;
  loggedIn: boolean;
  appMode?: boolean;
  preferred?: OpenMode;
  userAgent?: string;
  /** in-app navigation for the page mode (/play) */
  navigate?: (to: string) => void;
  /** after a successful launch (the member's last-played list changed) */
  onLaunched?: () => void;
}

/** Launch codes of docs/api.md with the client's wording; others show the server's message. */
export const LAUNCH_CODE_KEYS: Record<number, string> = {
  204: /* i18n */ 'provider_not_connected',
  205: /* i18n */ 'play_disabled_demo_mode',
  206: /* i18n */ 'game_unavailable',
  429: /* i18n */ 'too_many_requests',
  951: /* i18n */ 'game_starting',
  952: /* i18n */ 'game_quitting',
  953: /* i18n */ 'game_duplicate',
  954: /* i18n */ 'game_already_playing',
  955: /* i18n */ 'game_waiting_recall',
  956: /* i18n */ 'game_start_failed',
  957: /* i18n */ 'game_transfer_disabled',
};

export function launchErrorText(e: unknown): string {
  if (isApiError(e)) {
    const key = LAUNCH_CODE_KEYS[e.code];
    if (key) return i18next.t(key);
    if (e.messageKey) return i18next.t(e.messageKey);
    if (e.message) return e.message;
  }
  return i18next.t('game_start_failed');
}

/** Our own pages always frame; others are asked of /check_iframe (a failed check counts as no). */
async function frameable(url: string): Promise<boolean> {
  if (new URL(url).origin === window.location.origin) return true;
  return checkIframe(url).catch(() => false);
}

/** Plays a game in a window of its own (the player's click on the open-in-window dialog). */
export function playInWindow(target: LaunchTarget, url: string): void {
  const win = window.open(url, LOADING_WINDOW_NAME);
  if (!win) {
    browser.assign(url);
    return;
  }
  trackGameWindow(win);
  launchStore.set(playing(starting(target, 'window'), url));
  setIsPlay(true);
}

export type LaunchResult = 'started' | 'rejected' | 'login' | 'disabled' | 'failed';

export async function launchGame(target: LaunchTarget, ctx: LaunchContext): Promise<LaunchResult> {
  if (ctx.demoMode) {
    toast.error(i18next.t('play_disabled_demo_mode'), { id: 'launch' });
    return 'disabled';
  }
  // Spec: login is needed unless it is demo play or the game is not customized.
  if (target.customized && !ctx.loggedIn) {
    dialogStore.set({ kind: 'login_required', target });
    return 'login';
  }
  const state = launchStore.get();
  const rejection = rejectLaunch(state, target, { device: ctx.device, recalling: isRecalling() });
  if (rejection) {
    toast.error(i18next.t(rejection), { id: 'launch' });
    return 'rejected';
  }
  // A desktop replaces the game it shows.
  if (state.status === 'playing') await quitGame();

  let mode = resolveOpenMode({ device: ctx.device, appMode: ctx.appMode, preferred: ctx.preferred, userAgent: ctx.userAgent ?? navigator.userAgent });
  let win: Window | null = null;
  if (mode === 'window') {
    // Opened now, inside the click, then sent to the game.
    win = window.open('/loading', LOADING_WINDOW_NAME);
    if (win) trackGameWindow(win);
    else mode = 'redirect';
  }
  launchStore.set(starting(target, mode, ctx.loggedIn));

  let url: string | undefined;
  try {
    let gameUrl: string;
    if (ctx.loggedIn) {
      gameUrl = await startRealMoney(target, ctx.device);
    } else {
      setLeaveCall(null);
      gameUrl = await demoPlay({
        currency: ctx.currency,
        device: ctx.device,
        gp_id: target.gp_id,
        game_type: target.game_type,
        game_code: target.game_code,
        house: target.house,
      });
    }
    url = safeUrl(gameUrl);
    if (!url) throw new Error(i18next.t('game_start_failed'));
  } catch (e) {
    resetLaunch();
    if (e instanceof TransferDisabled || (isApiError(e) && e.code === TRANSFER_DISABLED)) {
      disableTransfers(target);
    } else if (isApiError(e) && e.code === 203) {
      const d = (e.data ?? {}) as { start_at?: string; end_at?: string; text?: string };
      dialogStore.set({ kind: 'maintenance', startAt: d.start_at, endAt: d.end_at, notice: d.text });
    } else if (isApiError(e) && e.code === REALITY_CHECK_CODE) {
      const d = (e.data ?? {}) as { elapsed_minutes?: number; net?: number };
      dialogStore.set({ kind: 'reality', elapsed_minutes: d.elapsed_minutes ?? 0, net: d.net ?? 0 });
    } else {
      toast.error(e instanceof Error && !isApiError(e) ? e.message : launchErrorText(e), { id: 'launch' });
    }
    return 'failed';
  }

  // The player closed the loading window meanwhile: the game the server
  // opened for it is left again, or the member's money would stay there.
  const now = launchStore.get();
  if (now.status !== 'starting' || now.target !== target) {
    if (ctx.loggedIn && now.status !== 'starting') void leaveGivenUp(leave1);
    return 'failed';
  }
  // A provider's page that refuses frames cannot play in the modal: the
  // player opens it in a window with a click of their own (pop-up blockers).
  if (mode === 'modal' && !(await frameable(url))) {
    resetLaunch();
    dialogStore.set({ kind: 'open_window', target, url });
    return 'started';
  }
  launchStore.set(playing(launchStore.get(), url));
  setIsPlay(true);
  ctx.onLaunched?.();
  if (mode === 'window' && win) {
    try {
      win.location.replace(url);
    } catch {
      win.location.href = url;
    }
  } else if (mode === 'page') {
    ctx.navigate?.('/play');
  } else if (mode === 'redirect') {
    browser.assign(url);
  }
  return 'started';
}
