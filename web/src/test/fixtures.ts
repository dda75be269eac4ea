import type { EnvConfig } from '@/site';

export const envConfig = (over: Partial<EnvConfig> = {}): EnvConfig => ({
  site_id: 1,
  site_name: 'Gamehall Demo',
  environment: 'development',
  demo_mode: false,
  game_room_mode: false,
  time_zone: 'America/Caracas',
  default_language: 'en_US',
  languages: [
    { code: 'en_US', id: 2, name: 'English', flag: '/media/flags/en_US.svg' },
    { code: 'zh_CN', id: 1, name: '简体中文', flag: '/media/flags/zh_CN.svg' },
    { code: 'vi_VN', id: 3, name: 'Tiếng Việt', flag: '/media/flags/vi_VN.svg' },
  ],
  default_currency: 'USD',
  currencies: [
    { code: 'USD', symbol: '$', exponent: 2 },
    { code: 'VND', symbol: '₫', exponent: 0 },
    { code: 'RMB', symbol: '¥', exponent: 2 },
  ],
  desktop_template: 'default',
  mobile_template: 'H5_1',
  customer_service_url: '/main/3',
  app_download: { ios_url: '/app?platform=ios', android_url: '/app?platform=android' },
  link_expire_time: 60,
  password_rule: 'default',
  sms_verify_seconds: 60,
  seo: { title: { default: 'Gamehall online casino', zh_CN: 'Gamehall 游戏大厅' }, content: '<p>Gamehall demo site</p>' },
  ...over,
});

export const banners = [
  { id: 1, url: '/media/banner/desktop-1.svg', link_type: 1, link_method: 0, link_url: '/discount', game_link_parameter: null, sort: 0 },
  {
    id: 2,
    url: '/media/banner/desktop-2.svg',
    link_type: 2,
    link_method: 0,
    link_url: '',
    game_link_parameter: { currency: '', gt_id: 2, gp_id: 1, gp_gt_name: 'Originals Slots', customized: 0 },
    sort: 1,
  },
  { id: 3, url: '/media/banner/desktop-3.svg', link_type: 0, link_method: 1, link_url: 'https://example.com/promo', game_link_parameter: null, sort: 2 },
];

export const announcements = [
  { id: 1, title: 'Welcome', content: 'Welcome to Gamehall!', display_before_login: 1, display_after_login: 0, sort: 0, created_at: '2026-11-22T20:40:19Z' },
  { id: 2, title: 'New game', content: 'Gamehall Keno is live.', display_before_login: 1, display_after_login: 1, sort: 1, created_at: '2026-11-22T20:40:19Z' },
];

export const bulletins = [
  {
    id: 1,
    title: 'Weekend reload 50%',
    display_device: 0,
    display_content: '<p>Deposit on Saturday and get 50% extra.</p>',
    content: 'Deposit at the weekend and get 50% extra.',
    sort: 0,
    updated_at: '2026-11-22T20:40:19Z',
  },
  {
    id: 2,
    title: 'New game: Keno',
    display_device: 0,
    display_content: '<p>Pick up to 10 numbers.</p>',
    content: 'Pick up to 10 numbers.',
    sort: 1,
    updated_at: '2026-11-22T20:40:19Z',
  },
];

const provider = (gp_id: number, name: string) => ({
  gp_id,
  gp_code: `GP00${gp_id}`,
  gp_name: name,
  gp_gt_name: `${name} hall`,
  gp_logo: `/media/provider/GP00${gp_id}.svg`,
  gp_logo_dark: `/media/provider/GP00${gp_id}-dark.svg`,
  house: gp_id === 1 ? 1 : 0,
  active: 1,
  app_id: 'x',
  connected: 1,
  maintenance: 0,
  game_count: 3,
});

export const gameTypes = [
  { gt_id: 2, gt_name: 'Slots', gt_name_en: 'Slots', gt_key: 'slot', app_type_prefix: 'e_', gt_icon: '/media/game-type/2.svg', gt_icon_active: '/media/game-type/2-active.svg', gp_list: [provider(1, 'Originals'), provider(2, 'Aurora')] },
  { gt_id: 3, gt_name: 'Live Casino', gt_name_en: 'Live Casino', gt_key: 'live', app_type_prefix: 'v_', gt_icon: '/media/game-type/3.svg', gt_icon_active: '/media/game-type/3-active.svg', gp_list: [provider(4, 'Velvet')] },
];

export const mobileFooter = [
  { id: 1, type: 'home', title: 'Home', icon: '/media/footer/home.svg', icon_active: '/media/footer/home-active.svg', url: '/', sort: 0 },
  { id: 2, type: 'deposit', title: 'Deposit', icon: '/media/footer/deposit.svg', icon_active: '/media/footer/deposit-active.svg', url: '/user/Deposit', sort: 1 },
  { id: 3, type: 'announcement', title: 'News', icon: '/media/footer/announcement.svg', icon_active: '/media/footer/announcement-active.svg', url: '', sort: 2 },
];

export const footerGroups = [
  {
    id: 1,
    title: 'About',
    sort: 0,
    list: [
      { id: 1, title: 'About us', url: 'main/1', sort: 0 },
      { id: 2, title: 'FAQ', url: 'faq/2', sort: 1 },
      { id: 3, title: 'Partner', url: 'https://partner.example.com', sort: 2 },
    ],
  },
];

/** Register settings per currency, as the demo seed has them (docs/api.md /arks/web/register-settings). */
const setting = (currency: string, name: string, o: { d?: 0 | 1; r?: 0 | 1; u?: 0 | 1; c?: 0 | 1; v?: 0 | 1 } = {}) => ({
  name,
  currency,
  is_display: o.d ?? 1,
  is_required: o.r ?? 0,
  is_unique: o.u ?? 0,
  is_member_center: o.c ?? 0,
  is_verification: o.v ?? 0,
  is_member_center_verification: o.v && o.c ? 1 : 0,
});

export const registerSettings = [
  setting('USD', 'member_name', { c: 1 }),
  setting('USD', 'member_email', { r: 1, u: 1, c: 1 }),
  setting('USD', 'member_phone', { u: 1, c: 1, v: 1 }),
  setting('USD', 'member_birthday', { c: 1 }),
  setting('USD', 'withdraw_password'),
  setting('USD', 'introducer'),
  setting('USD', 'telegram', { c: 1 }),
  setting('USD', 'whatsapp', { c: 1 }),
  setting('USD', 'check_password', { r: 1 }),
  setting('USD', 'captcha', { r: 1 }),
  setting('RMB', 'member_name', { r: 1, u: 1 }),
  setting('RMB', 'member_phone', { r: 1, u: 1, c: 1, v: 1 }),
  setting('RMB', 'withdraw_password', { r: 1 }),
  setting('RMB', 'identity_id', { u: 1 }),
  setting('RMB', 'introducer'),
  setting('RMB', 'qq', { c: 1 }),
  setting('RMB', 'wechat', { c: 1 }),
  setting('RMB', 'check_password', { r: 1 }),
  setting('RMB', 'captcha', { r: 1 }),
  setting('VND', 'member_name', { r: 1 }),
  setting('VND', 'member_phone', { r: 1, u: 1, c: 1, v: 1 }),
  setting('VND', 'member_email', { c: 1 }),
  setting('VND', 'introducer'),
  setting('VND', 'zalo', { c: 1 }),
  setting('VND', 'facebook', { c: 1 }),
  setting('VND', 'check_password', { r: 1 }),
  setting('VND', 'captcha', { r: 1 }),
];

export const loginData = { member_id: 7, member_account: 'player01', member_currency: 'USD', member_login_id: 'ml-1', token: 'tok-player01' };

export const memberLayout = {
  id: 7,
  member_account: 'player01',
  member_currency: 'USD',
  member_cash: 1234.5,
  member_type: 1,
  agent_type: 0,
  agent_level: 0,
  is_agent: 0,
  agent_active: 0,
  is_playing: 0,
  cash_back_status: 0,
  wallet_status: 1,
  first_login_to_change_password: 0,
  need_bank_account_deposit_verified: 0,
};

export const memberProfile = {
  id: 7,
  member_account: 'player01',
  member_name: 'Dana Demo',
  is_withdraw_password: 1,
  member_birthday: '1990-05-17',
  member_email: 'demo@gamehall.test',
  member_currency: 'USD',
  member_phone: '',
  member_line: '',
  member_others: '',
  member_qq: '',
  member_skype: '',
  member_wechat: '',
  member_fb: '',
  member_zalo: '',
  member_telegram: '',
  member_whats_app: '',
  new_identity_id: '',
};
