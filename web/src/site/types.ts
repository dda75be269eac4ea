// env_config and the visitor (docs/api.md "Site"): what every feature may read.
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
