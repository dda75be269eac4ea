export interface GameLinkParameter {
  currency?: string;
  gt_id: number;
  gp_id: number;
  gp_gt_name?: string;
  customized?: number;
}

export interface Banner {
  id: number;
  url: string;
  /** 0 external, 1 internal, 2 game */
  link_type: 0 | 1 | 2;
  /** 0 same tab, 1 new tab */
  link_method: 0 | 1;
  link_url: string;
  game_link_parameter: GameLinkParameter | null;
  sort: number;
}

export interface Announcement {
  id: number;
  title: string;
  content: string;
  display_before_login: number;
  display_after_login: number;
  sort: number;
  created_at: string;
}
