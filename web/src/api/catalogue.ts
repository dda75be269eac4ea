// The game catalogue (docs/api.md "Game catalogue and demo play"): game types
// with their providers, the game lists, labels, favourites and last played.
// The lobby, the halls and the launch all read it from here.
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { DEVICE_ID, PLATFORM } from '@/lib/device';
import { getSiteId } from '@/lib/site-id';
import { keys, type CatalogueScope } from './keys';

/** A provider of a type's gp_list (/demo/gt_games). */
export interface Provider {
  gp_id: number;
  gp_code: string;
  gp_name: string;
  gp_gt_name: string;
  gp_logo: string;
  gp_logo_dark: string;
  house: number;
  active: number;
  connected: number;
  maintenance: number;
  game_count: number;
}

/** A game type with its providers (/demo/gt_games). */
export interface GameType {
  gt_id: number;
  gt_name: string;
  gt_name_en: string;
  gt_key: string;
  app_type_prefix: string;
  gt_icon: string;
  gt_icon_active: string;
  gp_list: Provider[];
}

/** A game on the wire (/v3/game_list, /demo/gp_games, /v2/game_label ...). */
export interface Game {
  game_id: number;
  gp_id: number;
  gp_code: string;
  game_type: number;
  game_code: string;
  /** per-language names, always with en_US */
  game_name: Record<string, string>;
  house: number;
  /** 1: the entry opens the provider's own lobby */
  customized: number;
  icon_light: string;
  icon_dark: string;
  member_favorite: number;
  android_id: string;
  logo_img_id: string;
  tags: string[];
  /** 1: launches now (the in-house games); others answer 204 */
  connected: number;
}

export interface GameLabel {
  id: number;
  tag: string;
  name: string;
  sort: number;
  game_list: Game[];
}

/** A curated list of games (/v2/get_template_game_list). */
export interface GameList {
  id: number;
  title: string;
  sort: number;
  game_list: Game[];
}

/** Game categories of spec section 1 (id 1 is never shown), for when the server's list cannot be had. */
export const GAME_CATEGORIES = [
  [2, /* i18n */ 'slot'],
  [3, /* i18n */ 'live'],
  [4, /* i18n */ 'sport'],
  [5, /* i18n */ 'lottery'],
  [6, /* i18n */ 'chess'],
  [7, /* i18n */ 'virtual_sport'],
  [8, /* i18n */ 'cockfight'],
  [9, /* i18n */ 'esport'],
] as const;

/** gp_id of the slot list's hot hall (/slotgame?gp_id=Popular). */
export const POPULAR = 'Popular';
export type ProviderParam = number | typeof POPULAR;

/** What a lobby panel shows: every game, the member's favourites or last played, or one type. */
export type LobbySelection = { tab: 'all_game' } | { tab: 'my_favorite' } | { tab: 'last_play' } | { tab: 'type'; gtId: number };

const bySort = <T extends { sort: number }>(list: T[] | undefined): T[] => [...(list ?? [])].sort((a, b) => a.sort - b.sort);

/** Game types with their providers; type 1 is never shown (spec section 1). */
export const gameTypesQuery = (s: CatalogueScope & { template: string; lang: string }) =>
  queryOptions({
    queryKey: keys.catalogue.types(s),
    queryFn: ({ signal }) =>
      request<{ list: GameType[] }>(
        '/demo/gt_games',
        { site_id: getSiteId(), support_device: PLATFORM[s.device], currency: s.currency, template: s.template },
        { signal },
      ).then((d) => (d.list ?? []).filter((gt) => gt.gt_id !== 1)),
  });

/** Members get their favourite marks in these lists. */
const audience = { audience: true } as const;

/** Every game (/v3/game_list); a member's copy carries their member_favorite marks. */
export const gameListQuery = (s: CatalogueScope & { template: string }) =>
  queryOptions({
    queryKey: keys.catalogue.list(s),
    meta: audience,
    queryFn: ({ signal }) =>
      request<{ list: Game[] }>(
        '/v3/game_list',
        { site_id: getSiteId(), currency: s.currency, support_device: PLATFORM[s.device], template: s.template },
        { signal },
      ).then((d) => d.list ?? []),
  });

/** The site's hot games of a type (0: every type): the lobby's hot row. */
export const hotGamesQuery = (s: CatalogueScope & { gtId: number }) =>
  queryOptions({
    queryKey: keys.catalogue.hot(s),
    meta: audience,
    queryFn: ({ signal }) =>
      request<{ list: Game[] }>(
        '/arks/web/member-games/hot-games',
        { site_id: getSiteId(), currency: s.currency, gt_id: s.gtId, support_device: PLATFORM[s.device] },
        { signal },
      ).then((d) => d.list ?? []),
  });

/** The games of one label (hot, new) in a type (0: every type). */
export const tagGamesQuery = (s: CatalogueScope & { tag: string; gtId: number }) =>
  queryOptions({
    queryKey: keys.catalogue.tag(s),
    meta: audience,
    queryFn: ({ signal }) =>
      request<{ list: Game[] }>(
        '/v2/get_tag_game_list',
        { site_id: getSiteId(), currency: s.currency, support_device: PLATFORM[s.device], tag: s.tag, gt_id: s.gtId },
        { signal },
      ).then((d) => d.list ?? []),
  });

/** The site's curated home lists, in their order. */
export const templateListsQuery = (s: CatalogueScope & { lang: string }) =>
  queryOptions({
    queryKey: keys.catalogue.templates(s),
    meta: audience,
    queryFn: ({ signal }) =>
      request<{ list: GameList[] }>('/v2/get_template_game_list', { site_id: getSiteId(), currency: s.currency, support_device: PLATFORM[s.device] }, { signal }).then((d) =>
        bySort(d.list),
      ),
  });

export interface Selection extends CatalogueScope {
  gpId: ProviderParam;
  gtId: number;
  house: number;
}

/** A provider's games in a type (/demo/gp_games); gp_id "Popular" is the hot list. */
export const providerGamesQuery = (s: Selection) =>
  queryOptions({
    queryKey: keys.catalogue.provider({ ...s, gpId: String(s.gpId) }),
    queryFn: ({ signal }) =>
      request<{ list: Game[] }>(
        '/demo/gp_games',
        { site_id: getSiteId(), currency: s.currency, device: DEVICE_ID[s.device], gp_id: s.gpId, game_type_id: s.gtId, house: s.house },
        { signal },
      ).then((d) => d.list ?? []),
  });

/** The site's labels (hot, new) with their games of the selection, and `main`, all of it (/v2/game_label). */
export const gameLabelQuery = (s: Selection & { lang: string }) =>
  queryOptions({
    queryKey: keys.catalogue.label({ ...s, gpId: String(s.gpId) }),
    queryFn: ({ signal }) =>
      request<{ list: GameLabel[]; main: Game[] }>(
        '/v2/game_label',
        { site_id: getSiteId(), currency: s.currency, device: DEVICE_ID[s.device], gp_id: s.gpId, game_type_id: s.gtId, house: s.house },
        { signal },
      ).then((d) => ({ labels: bySort(d.list), main: d.main ?? [] })),
  });

/** The member's last-played game ids, newest first. */
export const lastPlayedQuery = (memberId: string | null) =>
  queryOptions({
    queryKey: keys.member.lastPlayed(memberId),
    queryFn: ({ signal }) =>
      request<{ list: number[] }>('/arks/web/member-games/last-playing-game', {}, { signal }).then((d) => d.list ?? []),
    enabled: !!memberId,
    staleTime: 0,
  });

/** Adds (status 1) or removes (0) favourites. */
export function storeFavorite(gameIds: number[], status: 0 | 1): Promise<unknown> {
  return request('/arks/web/member-games/favorite/store', { data: gameIds, status });
}
