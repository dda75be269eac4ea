import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { PLATFORM, type Device } from '@/lib/device';
import { getSiteId } from '@/lib/site-id';
import type { Game, GameLabel, GameList, HallType, ProviderParam } from '../types';

interface Where {
  device: Device;
  currency: string;
}

/** Every game (/v3/game_list); a member's copy carries their member_favorite marks. */
export const gameListQuery = (w: Where & { template: string; memberId: string | null }) =>
  queryOptions({
    queryKey: ['lobby', 'games', 'list', getSiteId(), w.device, w.currency, w.template, w.memberId ?? 'visitor'],
    queryFn: ({ signal }) =>
      request<{ list: Game[] }>(
        '/v3/game_list',
        { site_id: getSiteId(), currency: w.currency, support_device: PLATFORM[w.device], template: w.template },
        { signal },
      ).then((d) => d.list ?? []),
  });

type Member = { memberId: string | null };

/** The site's hot games of a type (0: every type): the lobby's hot row. */
export const hotGamesQuery = (w: Where & Member & { gtId: number }) =>
  queryOptions({
    queryKey: ['lobby', 'games', 'hot', getSiteId(), w.device, w.currency, w.gtId, w.memberId ?? 'visitor'],
    queryFn: ({ signal }) =>
      request<{ list: Game[] }>(
        '/arks/web/member-games/hot-games',
        { site_id: getSiteId(), currency: w.currency, gt_id: w.gtId, support_device: PLATFORM[w.device] },
        { signal },
      ).then((d) => d.list ?? []),
  });

/** The games of one label (hot, new) in a type (0: every type). */
export const tagGamesQuery = (w: Where & Member & { tag: string; gtId: number }) =>
  queryOptions({
    queryKey: ['lobby', 'games', 'tag', getSiteId(), w.device, w.currency, w.tag, w.gtId, w.memberId ?? 'visitor'],
    queryFn: ({ signal }) =>
      request<{ list: Game[] }>(
        '/v2/get_tag_game_list',
        { site_id: getSiteId(), currency: w.currency, support_device: PLATFORM[w.device], tag: w.tag, gt_id: w.gtId },
        { signal },
      ).then((d) => d.list ?? []),
  });

/** The site's curated home lists, in their order. */
export const templateListsQuery = (w: Where & Member & { lang: string }) =>
  queryOptions({
    queryKey: ['lobby', 'games', 'templates', getSiteId(), w.device, w.currency, w.lang, w.memberId ?? 'visitor'],
    queryFn: ({ signal }) =>
      request<{ list: GameList[] }>('/v2/get_template_game_list', { site_id: getSiteId(), currency: w.currency, support_device: PLATFORM[w.device] }, { signal }).then((d) =>
        [...(d.list ?? [])].sort((a, b) => a.sort - b.sort),
      ),
  });

/** May a page of this site frame `url`? (/check_iframe fetches it behind the server's guard) */
export function checkIframe(url: string): Promise<boolean> {
  return request<{ can_iframe: number }>('/check_iframe', { url }).then((d) => d.can_iframe === 1);
}

/**
 * Game types with their providers (/demo/gt_games). The key is the lobby's
 * own, so the halls share its cached answer.
 */
export const hallTypesQuery = (w: Where & { template: string; lang: string }) =>
  queryOptions({
    queryKey: ['lobby', 'game-types', getSiteId(), w.device, w.currency, w.template, w.lang],
    queryFn: ({ signal }) =>
      request<{ list: HallType[] }>(
        '/demo/gt_games',
        { site_id: getSiteId(), support_device: PLATFORM[w.device], currency: w.currency, template: w.template },
        { signal },
      ).then((d) => (d.list ?? []).filter((gt) => gt.gt_id !== 1)),
  });

interface Selection extends Where {
  gpId: ProviderParam;
  gtId: number;
  house: number;
}

/** A provider's games in a type (/demo/gp_games); gp_id "Popular" is the hot list. */
export const providerGamesQuery = (s: Selection) =>
  queryOptions({
    queryKey: ['lobby', 'games', 'gp', getSiteId(), s.device, s.currency, String(s.gpId), s.gtId, s.house],
    queryFn: ({ signal }) =>
      request<{ list: Game[] }>(
        '/demo/gp_games',
        { site_id: getSiteId(), currency: s.currency, device: PLATFORM[s.device], gp_id: s.gpId, game_type_id: s.gtId, house: s.house },
        { signal },
      ).then((d) => d.list ?? []),
  });

/** The site's labels (hot, new) with their games of the selection, and `main`, all of it (/v2/game_label). */
export const gameLabelQuery = (s: Selection & { lang: string }) =>
  queryOptions({
    queryKey: ['lobby', 'games', 'label', getSiteId(), s.device, s.currency, String(s.gpId), s.gtId, s.house, s.lang],
    queryFn: ({ signal }) =>
      request<{ list: GameLabel[]; main: Game[] }>(
        '/v2/game_label',
        { site_id: getSiteId(), currency: s.currency, device: PLATFORM[s.device], gp_id: s.gpId, game_type_id: s.gtId, house: s.house },
        { signal },
      ).then((d) => ({ labels: [...(d.list ?? [])].sort((a, b) => a.sort - b.sort), main: d.main ?? [] })),
  });

/** The member's last-played game ids, newest first. */
export const lastPlayedQuery = (memberId: string | null) =>
  queryOptions({
    queryKey: ['member', 'games', 'last-played', memberId],
    queryFn: ({ signal }) =>
      request<{ list: number[] }>('/arks/web/member-games/last-playing-game', {}, { signal }).then((d) => d.list ?? []),
    enabled: !!memberId,
    staleTime: 0,
  });

/** Adds (status 1) or removes (0) favourites. */
export function storeFavorite(gameIds: number[], status: 0 | 1): Promise<unknown> {
  return request('/arks/web/member-games/favorite/store', { data: gameIds, status });
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
    device: PLATFORM[b.device],
    gp_id: b.gp_id,
    game_type: b.game_type,
    game_code: b.game_code,
    house: b.house,
  }).then((d) => d.game_url);
}
