export interface SiteLanguage {
  code: string;
  id: number;
  name: string;
  flag: string;
}

export interface SiteCurrency {
  code: string;
  symbol: string;
  exponent: number;
}

export interface EnvConfig {
  site_id: number;
  site_name: string;
  environment: 'production' | 'development' | string;
  demo_mode: boolean;
  game_room_mode: boolean;
  time_zone: string;
  default_language: string;
  languages: SiteLanguage[];
  default_currency: string;
  currencies: SiteCurrency[];
  desktop_template: string;
  mobile_template: string;
  customer_service_url?: string;
  app_download?: { ios_url?: string; android_url?: string } | null;
  link_expire_time: number;
  /** the site's password rule (docs/api.md): "strong" is 8 to 64 characters, not a common password */
  password_rule?: 'default' | 'strong';
  /** the SMS verify time, seconds: the register SMS countdown after the first 300 s */
  sms_verify_seconds?: number;
  seo?: { title?: { zh_CN?: string; default?: string }; content?: string } | null;
}

export interface Visitor {
  country: string;
  language: string;
  currency: string;
  ip_allowed?: boolean;
}

export interface LogoItem {
  id: number;
  type: 'desktop' | 'mobile' | 'favicon' | 'app';
  photo_path: string;
}

export interface FooterLink {
  id: number;
  title: string;
  url: string;
  sort: number;
}

export interface FooterGroup {
  id: number;
  title: string;
  sort: number;
  list: FooterLink[];
}

export type MobileFooterType =
  | 'announcement'
  | 'deposit'
  | 'withdrawal'
  | 'wallet'
  | 'discount'
  | 'home'
  | 'sponsor'
  | 'letter'
  | 'signup'
  | 'custom_link'
  | 'custom_service';

export interface MobileFooterItem {
  id: number;
  type: MobileFooterType;
  title: string;
  icon: string;
  icon_active: string;
  url: string;
  sort: number;
}

export interface FloatItem {
  id: number;
  type: 'custom_service' | 'custom_link' | 'app_download' | 'go_top' | string;
  title: string;
  icon: string;
  url: string;
  sort: number;
}

export interface TemplateConfig {
  name: string;
  theme_color?: string;
  home_sections?: string[];
  show_jackpot?: boolean;
  show_marquee?: boolean;
}
