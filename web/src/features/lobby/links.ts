import type { Banner } from './types';

/**
 * Game type 2 (slot) has its own hall; the others share /gameHall/{gt_id}.
 * A provider preselects its tab; `house` is the provider's in-house flag.
 */
export function gameTypeHref(gtId: number, gpId?: number | string, house?: number): string {
  const h = house !== undefined ? `&house=${house ? 1 : 0}` : '';
  if (gtId === 2) return gpId !== undefined ? `/slotgame?gt_id=2&gp_id=${encodeURIComponent(String(gpId))}${h}` : '/slotgame?gt_id=2';
  return gpId !== undefined ? `/gameHall/${gtId}?gp_id=${encodeURIComponent(String(gpId))}` : `/gameHall/${gtId}`;
}

export type BannerTarget =
  | { kind: 'external'; url: string; newTab: boolean }
  | { kind: 'internal'; to: string }
  | { kind: 'none' };

export function bannerTarget(b: Banner): BannerTarget {
  if (b.link_type === 0 && /^https?:\/\//i.test(b.link_url)) return { kind: 'external', url: b.link_url, newTab: b.link_method === 1 };
  if (b.link_type === 1 && b.link_url) return { kind: 'internal', to: b.link_url.startsWith('/') ? b.link_url : `/${b.link_url}` };
  if (b.link_type === 2 && b.game_link_parameter?.gt_id) {
    // game_link_parameter names a provider's hall (currency, type, provider),
    // not one game: the banner opens that hall with the provider selected.
    const p = b.game_link_parameter;
    return { kind: 'internal', to: gameTypeHref(p.gt_id, p.gp_id) };
  }
  return { kind: 'none' };
}
