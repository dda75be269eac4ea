// Game launch (spec section 4 "Game launch"): the states, the open modes and
// the rules that refuse a launch. Pure, so every rule is unit-tested.
import type { Device } from '@/lib/device';

export type LaunchStatus = 'idle' | 'starting' | 'playing' | 'quitting' | 'transfer_disabled';
export type OpenMode = 'window' | 'modal' | 'page' | 'redirect';

export interface LaunchTarget {
  game_id?: number;
  game_code: string;
  gp_id: number;
  game_type: number;
  house: number;
  customized?: number;
  /** shown in the game modal's title */
  name: string;
}

export interface LaunchState {
  status: LaunchStatus;
  target: LaunchTarget | null;
  mode: OpenMode | null;
  url: string | null;
  /** a member's real-money game (play1), not the demo */
  real?: boolean;
}

export const IDLE: LaunchState = { status: 'idle', target: null, mode: null, url: null };

/** Why a launch is refused; each is also the i18n key of the message. */
export type Rejection = 'game_starting' | 'game_quitting' | 'game_duplicate' | 'game_already_playing' | 'game_waiting_recall';
export const REJECTIONS: readonly Rejection[] = [
  /* i18n */ 'game_starting',
  /* i18n */ 'game_quitting',
  /* i18n */ 'game_duplicate',
  /* i18n */ 'game_already_playing',
  /* i18n */ 'game_waiting_recall',
];

export interface LaunchConditions {
  device: Device;
  /** a balance recall ("one-key recall") is running */
  recalling?: boolean;
}

export function sameGame(a: LaunchTarget | null, b: LaunchTarget): boolean {
  return !!a && a.game_code === b.game_code && a.gp_id === b.gp_id;
}

/**
 * Refused while starting or quitting, while a balance recall runs, when the
 * same game is already open, and when another game is open on a non-desktop
 * device (a desktop replaces it).
 */
export function rejectLaunch(state: LaunchState, target: LaunchTarget, c: LaunchConditions): Rejection | null {
  if (state.status === 'starting') return 'game_starting';
  if (state.status === 'quitting') return 'game_quitting';
  if (c.recalling) return 'game_waiting_recall';
  if (state.status === 'playing' && sameGame(state.target, target)) return 'game_duplicate';
  if (state.status === 'playing' && c.device !== 'desktop') return 'game_already_playing';
  return null;
}

/** Facebook, Instagram, LINE, WeChat, TikTok ... : pop-ups there are unreliable, so the game replaces the page. */
export function isInAppBrowser(ua: string): boolean {
  return /FBAN|FBAV|FB_IAB|Instagram|Line\/|MicroMessenger|WeChat|Twitter|TikTok|musical_ly|Bytedance|Snapchat|; wv\)/i.test(ua);
}

export interface ModeConditions {
  device: Device;
  /** the native wrappers' app mode (?appPage=) */
  appMode?: boolean;
  userAgent?: string;
  /** what the caller would like: a game room plays in its page */
  preferred?: OpenMode;
}

/**
 * App mode forces a window; mobile opens a window too, and replaces the page
 * inside in-app browsers; a desktop uses the modal unless asked otherwise.
 */
export function resolveOpenMode(c: ModeConditions): OpenMode {
  // The native wrappers open windows themselves, and their web view's user
  // agent reads like an in-app browser's ("; wv)"), so app mode wins.
  if (c.appMode) return 'window';
  if (c.device !== 'desktop') return c.userAgent && isInAppBrowser(c.userAgent) ? 'redirect' : 'window';
  return c.preferred ?? 'modal';
}

export const starting = (target: LaunchTarget, mode: OpenMode, real = false): LaunchState => ({ status: 'starting', target, mode, url: null, real });
export const playing = (s: LaunchState, url: string): LaunchState => ({ ...s, status: 'playing', url });
export const quitting = (s: LaunchState): LaunchState => ({ ...s, status: 'quitting' });
/** The game's transfers are refused (957): nothing opens, the notice says why. */
export const transferDisabled = (target: LaunchTarget): LaunchState => ({ status: 'transfer_disabled', target, mode: null, url: null });
