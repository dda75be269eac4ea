import { createStore } from './events';

/** Language codes with the spec's ids (section 9). */
export const LANGUAGE_IDS = {
  zh_TW: 0,
  zh_CN: 1,
  en_US: 2,
  vi_VN: 3,
  ko_KR: 4,
  ja_JP: 5,
  th_TH: 6,
  hi_IN: 7,
  my_MM: 8,
  ta_IN: 9,
  bn_BD: 10,
} as const;

export type LanguageCode = keyof typeof LANGUAGE_IDS;
export const LANGUAGES = Object.keys(LANGUAGE_IDS) as LanguageCode[];
export const DEFAULT_LANGUAGE: LanguageCode = 'en_US';

export function isLanguage(v: unknown): v is LanguageCode {
  return typeof v === 'string' && v in LANGUAGE_IDS;
}

/** Locale -> currency of spec section 9, used when nothing better is known. */
export const LOCALE_CURRENCY: Record<LanguageCode, string> = {
  zh_TW: 'RMB',
  zh_CN: 'RMB',
  en_US: 'USD',
  vi_VN: 'VND',
  ko_KR: 'WON',
  ja_JP: 'JPY',
  th_TH: 'THB',
  hi_IN: 'INR',
  my_MM: 'MMK',
  ta_IN: 'INR',
  bn_BD: 'BDT',
};

/** BCP 47 tag for <html lang> and Intl. */
export function toBcp47(lang: LanguageCode): string {
  return lang.replace('_', '-');
}

/** Maps a browser language tag (navigator.languages) to a site language. */
export function fromBrowserLanguage(tag: string): LanguageCode | undefined {
  const t = tag.toLowerCase();
  if (t.startsWith('zh')) return /tw|hk|mo|hant/.test(t) ? 'zh_TW' : 'zh_CN';
  const byPrefix: Record<string, LanguageCode> = {
    en: 'en_US',
    vi: 'vi_VN',
    ko: 'ko_KR',
    ja: 'ja_JP',
    th: 'th_TH',
    hi: 'hi_IN',
    my: 'my_MM',
    ta: 'ta_IN',
    bn: 'bn_BD',
  };
  return byPrefix[t.slice(0, 2)];
}

// The api-client needs the active language for its `lang` header, but lib must
// not depend on the i18n feature; the feature writes it here instead.
export const currentLanguage = createStore<LanguageCode>(DEFAULT_LANGUAGE);
