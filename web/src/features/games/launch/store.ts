// The one game launch of this page: its state, the helper window it opened,
// isPlay in local storage, and the dialogs a launch can end in.
import { useSyncExternalStore } from 'react';
import { createStore } from '@/lib/events';
import { local, LS } from '@/lib/storage';
import { IDLE, quitting, transferDisabled, type LaunchState, type LaunchTarget } from './machine';

export const launchStore = createStore<LaunchState>(IDLE);

export type LaunchDialog =
  /** notice: the provider's own text in the request language (docs/api.md 203) */
  | { kind: 'maintenance'; startAt?: string; endAt?: string; notice?: string }
  | { kind: 'login_required'; target: LaunchTarget }
  | { kind: 'demo_list' }
  | { kind: 'open_window'; target: LaunchTarget; url: string }
  | { kind: 'reality'; elapsed_minutes: number; net: number }
  | { kind: 'transfer_disabled'; target: LaunchTarget }
  | null;

export const dialogStore = createStore<LaunchDialog>(null);

/** A page the player asked to open while a game plays, held while the force-stop warning shows (force-stop.ts). */
export const pendingStopStore = createStore<{ go: () => void } | null>(null);

/** Spec section 3: local storage waitingWindow names the helper window in use. */
export const WAITING_WINDOW = 'waitingWindow';
export const GAME_WINDOW = 'gameWindow';
/** Spec section 2: /loading opens as the window named "redirect". */
export const LOADING_WINDOW_NAME = 'redirect';
/** Spec section 9: the launch window is watched every 500 ms. */
export const WINDOW_POLL_MS = 500;
/** Spec section 9: quit waits at most 30 s for the leave call. */
export const QUIT_WAIT_MS = 30_000;

let gameWindow: Window | null = null;
let poll: ReturnType<typeof setInterval> | undefined;

export function setIsPlay(on: boolean): void {
  local.set(LS.isPlay, on ? '1' : '0');
}

export function isPlaying(): boolean {
  return local.get(LS.isPlay) === '1';
}

/** Remembers the game window and quits when the player closes it. */
export function trackGameWindow(w: Window): void {
  gameWindow = w;
  local.set(WAITING_WINDOW, GAME_WINDOW);
  clearInterval(poll);
  poll = setInterval(() => {
    if (gameWindow?.closed) void quitGame();
  }, WINDOW_POLL_MS);
}

export function currentGameWindow(): Window | null {
  return gameWindow && !gameWindow.closed ? gameWindow : null;
}

function releaseWindow(): void {
  clearInterval(poll);
  poll = undefined;
  const w = gameWindow;
  gameWindow = null;
  if (local.get(WAITING_WINDOW) === GAME_WINDOW) local.remove(WAITING_WINDOW);
  try {
    if (w && !w.closed) w.close();
  } catch {
    /* already gone */
  }
}

/**
 * Leaves real-money games on the server (/member/game/leave1). Demo sessions
 * have nothing to leave; set by the real-money launch when it exists.
 */
let leave: (() => Promise<unknown>) | null = null;
export function setLeaveCall(fn: (() => Promise<unknown>) | null): void {
  leave = fn;
}

/**
 * The before-quit routine: quitting, leave (at most 30 s), then idle; the
 * game window or modal closes and isPlay goes back to 0.
 */
export async function quitGame(): Promise<void> {
  const s = launchStore.get();
  setIsPlay(false);
  releaseWindow();
  if (s.status === 'idle' || s.status === 'quitting') return;
  launchStore.set(quitting(s));
  // Taken once: a later start sets its own when the server holds its game.
  const call = leave;
  leave = null;
  if (call) await leaveWithin(call);
  launchStore.set(IDLE);
}

/** The leave call, waited for at most QUIT_WAIT_MS (spec section 9). */
function leaveWithin(call: () => Promise<unknown>): Promise<unknown> {
  return Promise.race([call().catch(() => undefined), new Promise((r) => setTimeout(r, QUIT_WAIT_MS))]);
}

/**
 * The quit routine of a page that starts with isPlay still 1: it was
 * reloaded or restored while playing, or the game had replaced it (redirect
 * mode) and the player came back. This page never knew that game, but the
 * server still holds it with the member's money, so a member's page leaves
 * it (`call` is leave1; null for a visitor, whose demo has nothing to leave).
 */
export async function quitLeftGame(call: (() => Promise<unknown>) | null): Promise<void> {
  // Another page of ours quit it meanwhile (the lobby that got /close's quickGame).
  if (!isPlaying()) return;
  setIsPlay(false);
  // A launch of this page began meanwhile: it is not the game that was left.
  if (!call || launchStore.get().status !== 'idle') return;
  await leaveQuitting(call);
}

/**
 * Leaves the game the server opened for a start the player gave up (the
 * loading window closed while play1 ran). The page shows quitting until the
 * server answers: the member's money is back before the game's slot is free,
 * and a start in between would be refused as quitting by the server anyway.
 */
export async function leaveGivenUp(call: () => Promise<unknown>): Promise<void> {
  // Another launch began meanwhile: it must not show this one's quitting.
  if (launchStore.get().status !== 'idle') {
    await call().catch(() => undefined);
    return;
  }
  await leaveQuitting(call);
}

async function leaveQuitting(call: () => Promise<unknown>): Promise<void> {
  launchStore.set(quitting(IDLE));
  await leaveWithin(call);
  if (launchStore.get().status === 'quitting') launchStore.set(IDLE);
}

/**
 * Transfers to the game are refused (code 957, spec section 4): the start
 * ends in the transfer-disabled state and its notice, until the player
 * dismisses it.
 */
export function disableTransfers(target: LaunchTarget): void {
  releaseWindow();
  setIsPlay(false);
  launchStore.set(transferDisabled(target));
  dialogStore.set({ kind: 'transfer_disabled', target });
}

/** The transfer-disabled notice was read: back to idle. */
export function dismissTransferDisabled(): void {
  dialogStore.set(null);
  if (launchStore.get().status === 'transfer_disabled') launchStore.set(IDLE);
}

/** A started game the player declined to open (the open-in-window dialog): the server's game is left. */
export function declineGame(): void {
  const call = leave;
  leave = null;
  if (call) void leaveWithin(call);
}

/** Back to idle without any routine (a failed start). */
export function resetLaunch(): void {
  releaseWindow();
  setIsPlay(false);
  launchStore.set(IDLE);
}

export function useLaunchState(): LaunchState {
  return useSyncExternalStore(launchStore.subscribe, launchStore.get, launchStore.get);
}

export function useLaunchDialog(): LaunchDialog {
  return useSyncExternalStore(dialogStore.subscribe, dialogStore.get, dialogStore.get);
}

/** Tests and logout. */
export function resetLaunchStore(): void {
  clearInterval(poll);
  poll = undefined;
  gameWindow = null;
  leave = null;
  launchStore.set(IDLE);
  dialogStore.set(null);
  pendingStopStore.set(null);
}
