import { DEFAULT_LANGUAGE, fromBrowserLanguage, isLanguage, type LanguageCode } from '@/lib/locale';

export interface LanguageSources {
  cookie?: string | null;
  stored?: string | null;
  /** the /visitor answer's language, when the server knew the country */
  visitor?: string | null;
  browser?: readonly string[];
  /** the site's languages (env_config.languages); empty means every language */
  available?: readonly string[];
  siteDefault?: string | null;
}

/** Spec order: cookie `lang`, local storage `lang`, /visitor, browser languages, default en_US. */
export function detectLanguage(src: LanguageSources): LanguageCode {
  const ok = (v: string | null | undefined): v is LanguageCode =>
    isLanguage(v) && (!src.available?.length || src.available.includes(v));
  for (const v of [src.cookie, src.stored, src.visitor]) if (ok(v)) return v;
  for (const tag of src.browser ?? []) {
    const v = fromBrowserLanguage(tag);
    if (ok(v)) return v;
  }
  if (ok(src.siteDefault)) return src.siteDefault;
  return DEFAULT_LANGUAGE;
}
