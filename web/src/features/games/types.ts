// Catalogue shapes of docs/api.md "Game catalogue and demo play".

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

/** A provider of a type's gp_list (/demo/gt_games). */
export interface HallProvider {
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

export interface HallType {
  gt_id: number;
  gt_name: string;
  gt_name_en: string;
  gt_key: string;
  app_type_prefix: string;
  gt_icon: string;
  gt_icon_active: string;
  gp_list: HallProvider[];
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

/** gp_id of the slot list's hot hall (/slotgame?gp_id=Popular). */
export const POPULAR = 'Popular';
export type ProviderParam = number | typeof POPULAR;

/** What a lobby panel shows (mirrors the lobby feature's tabs). */
export type LobbySelection = { tab: 'all_game' } | { tab: 'my_favorite' } | { tab: 'last_play' } | { tab: 'type'; gtId: number };
