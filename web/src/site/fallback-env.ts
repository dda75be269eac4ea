import type { EnvConfig } from './types';

// Spec section 7: "A static site environment file is the fallback for site
// detail". Used when /arks/web/site/detail cannot be reached, so the shell
// still renders (in English, USD) instead of a blank page.
export const FALLBACK_ENV_CONFIG: EnvConfig = {
  site_id: 1,
  site_name: 'Gamehall',
  environment: 'production',
  demo_mode: false,
  game_room_mode: false,
  time_zone: 'America/Caracas',
  default_language: 'en_US',
  languages: [{ code: 'en_US', id: 2, name: 'English', flag: '/media/flags/en_US.svg' }],
  default_currency: 'USD',
  currencies: [{ code: 'USD', symbol: '$', exponent: 2 }],
  desktop_template: 'default',
  mobile_template: 'H5_1',
  customer_service_url: '',
  app_download: null,
  link_expire_time: 60,
  seo: null,
};
