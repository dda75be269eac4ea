// The real-money half of a launch (spec section 4): play1 answers at once,
// the game's address comes later on member.{id}, and the open game is left
// with leave1 when the player quits.
import i18next from 'i18next';
import { onRealtimeEvent } from '@/lib/realtime';
import { leave1, play1 } from '../api/launch';
import type { Device } from '@/lib/device';
import type { LaunchTarget } from './machine';
import { setLeaveCall } from './store';

/** How long the client waits for `game_url` after play1 answered. */
export const GAME_URL_WAIT_MS = 30_000;
/** Spec section 4: a forwarded-game status with this code means transfers are refused. */
export const TRANSFER_DISABLED = 957;

/** A launch the server refused after play1 had answered (forward_game_status). */
export class TransferDisabled extends Error {
  constructor() {
    super(i18next.t('game_transfer_disabled'));
  }
}

/**
 * Starts the real-money game and answers its address. The listeners are set
 * before play1 is sent because the event may overtake the answer.
 */
export async function startRealMoney(target: LaunchTarget, device: Device): Promise<string> {
  let stop = () => {};
  const arrived = new Promise<string>((resolve, reject) => {
    const offUrl = onRealtimeEvent('game_url', (e) => {
      const url = e.data.game_url;
      if (e.data.game_code === target.game_code && typeof url === 'string') resolve(url);
    });
    const offStatus = onRealtimeEvent('forward_game_status', (e) => {
      if (Number(e.data.code) === TRANSFER_DISABLED) reject(new TransferDisabled());
    });
    const timer = setTimeout(() => reject(new Error(i18next.t('game_start_failed'))), GAME_URL_WAIT_MS);
    stop = () => {
      offUrl();
      offStatus();
      clearTimeout(timer);
    };
  });
  // A refusal pushed before play1 answers must not go unhandled meanwhile: play1's own error wins then.
  arrived.catch(() => undefined);
  try {
    await play1({ device, gp_id: target.gp_id, game_type: target.game_type, game_code: target.game_code });
    // From here the server holds an open game: quitting must leave it.
    setLeaveCall(leave1);
    return await arrived;
  } catch (e) {
    // A game the page never got is closed again so its money comes back.
    void leave1().catch(() => undefined);
    setLeaveCall(null);
    throw e;
  } finally {
    stop();
  }
}
