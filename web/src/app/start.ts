import type { QueryClient } from '@tanstack/react-query';
import { detectLanguage } from '@/features/i18n';
import { loadEnvConfig, loadVisitor } from '@/site';
import { getCookie } from '@/lib/cookies';
import type { LanguageCode } from '@/lib/locale';
import { local, LS } from '@/lib/storage';

/**
 * What the first paint needs: env_config and the language. Without a chosen
 * language (no lang cookie) the visitor's IP decides language and currency;
 * both calls run together and the visitor call is capped at 2.5 s.
 */
export async function resolveStart(client: QueryClient): Promise<LanguageCode> {
  const cookieLang = getCookie('lang');
  const [env, visitor] = await Promise.all([loadEnvConfig(client), cookieLang ? undefined : loadVisitor(client)]);
  return detectLanguage({
    cookie: cookieLang,
    stored: local.get(LS.lang),
    // Without a known country the server's language is only the site default.
    visitor: visitor?.country ? visitor.language : undefined,
    browser: navigator.languages ?? [navigator.language],
    available: env.languages.map((l) => l.code),
    siteDefault: env.default_language,
  });
}
