import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { currentLanguage, DEFAULT_LANGUAGE, LANGUAGES, toBcp47, type LanguageCode } from '@/lib/locale';

// One lazy chunk per language: only the active one (and en_US as fallback) is fetched.
const loaders = import.meta.glob<{ default: ResourceKey }>('../../locales/*.json');

function loaderFor(lang: string) {
  return loaders[`../../locales/${lang}.json`];
}

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = loaderFor(language);
    if (!load) {
      callback(new Error(`no locale ${language}`), false);
      return;
    }
    load().then(
      (m) => callback(null, m.default),
      (e: unknown) => callback(e as Error, false),
    );
  },
};

/** Starts i18next in `lang` and resolves once its strings are loaded. */
export async function initI18n(lang: LanguageCode): Promise<void> {
  currentLanguage.set(lang);
  document.documentElement.lang = toBcp47(lang);
  await i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: lang,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGES,
      load: 'currentOnly',
      nonExplicitSupportedLngs: false,
      interpolation: { escapeValue: false },
      // Keys are the spec's message keys, some with dots (signup.require_text): flat, never nested.
      keySeparator: false,
      returnNull: false,
      react: { useSuspense: false },
    });
}
