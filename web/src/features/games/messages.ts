// Cross-window messages of spec section 4 that the games feature handles.

/** Sent by a game page (or /close) to the window or frame that opened it. */
export const QUICK_GAME = 'quickGame';

export function isQuickGame(data: unknown): boolean {
  if (data === QUICK_GAME) return true;
  return !!data && typeof data === 'object' && (data as { msg?: unknown }).msg === QUICK_GAME;
}
