import { request } from '@/lib/api-client';
import { DEVICE_ID, type Device } from '@/lib/device';
import { getSiteId } from '@/lib/site-id';

/** May a page of this site frame `url`? (/check_iframe fetches it behind the server's guard) */
export function checkIframe(url: string): Promise<boolean> {
  return request<{ can_iframe: number }>('/check_iframe', { url }).then((d) => d.can_iframe === 1);
}

export interface DemoPlayBody {
  currency: string;
  device: Device;
  gp_id: number;
  game_type: number;
  game_code: string;
  house: number;
}

/** Opens a demo session: the game page's URL. */
export function demoPlay(b: DemoPlayBody): Promise<string> {
  return request<{ game_url: string }>('/demo/play', {
    site_id: getSiteId(),
    currency: b.currency,
    device: DEVICE_ID[b.device],
    gp_id: b.gp_id,
    game_type: b.game_type,
    game_code: b.game_code,
    house: b.house,
  }).then((d) => d.game_url);
}

export interface RealPlayBody {
  device: Device;
  gp_id: number;
  game_type: number;
  game_code: string;
}

/**
 * Opens a real-money game (/member/game/play1). The answer only says the
 * launch started: the game's address follows as the `game_url` event.
 */
export function play1(b: RealPlayBody): Promise<unknown> {
  return request('/member/game/play1', {
    gp_id: b.gp_id,
    game_type: b.game_type,
    game_code: b.game_code,
    lobby_url: '/close',
    device: DEVICE_ID[b.device],
  });
}

/** Closes the open real-money game; its wallet comes back to the main wallet. */
export function leave1(): Promise<unknown> {
  return request('/member/game/leave1', {});
}
