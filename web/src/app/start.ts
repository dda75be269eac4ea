import type { QueryClient } from '@tanstack/react-query';
import { detectLanguage } from '@/features/i18n';
import { loadEnvConfig, loadVisitor, siteDetailQuery } from '@/site';
import { getCookie } from '@/lib/cookies';
import { currentLanguage, isLanguage, type LanguageCode } from '@/lib/locale';
import { local, LS } from '@/lib/storage';

/**
 * What the first paint needs: env_config and the language. Without a chosen
 * language (no lang cookie) the visitor's IP decides language and currency;
 * both calls run together and the visitor call is capped at 2.5 s.
 * env_config's SEO text comes in the language its request names: it is asked
 * in the chosen language when there is one, and asked again when detection
 * picks another (after the first paint, which does not wait for it).
 */
export async function resolveStart(client: QueryClient): Promise<LanguageCode> {
  const cookieLang = getCookie('lang');
  const chosen = [cookieLang, local.get(LS.lang)].find(isLanguage);
  if (chosen) currentLanguage.set(chosen);
  const asked = currentLanguage.get();
  const [env, visitor] = await Promise.all([loadEnvConfig(client), cookieLang ? undefined : loadVisitor(client)]);
  const lang = detectLanguage({
    cookie: cookieLang,
    stored: local.get(LS.lang),
    // Without a known country the server's language is only the site default.
    visitor: visitor?.country ? visitor.language : undefined,
    browser: navigator.languages ?? [navigator.language],
    available: env.languages.map((l) => l.code),
    siteDefault: env.default_language,
  });
  if (lang !== asked) {
    currentLanguage.set(lang);
    void client.refetchQueries({ queryKey: siteDetailQuery().queryKey });
  }
  return lang;
}
