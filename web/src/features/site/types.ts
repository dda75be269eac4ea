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
