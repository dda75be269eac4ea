import { LOCALE_CURRENCY, type LanguageCode } from '@/lib/locale';
import { CURRENCY_SYMBOLS } from '@/lib/format';
import type { EnvConfig, SiteCurrency } from './types';

export interface CurrencySources {
  /** cookie `currency` (entry parameter, agent domain) */
  cookie?: string | null;
  /** local storage `currency` (a member's currency) */
  stored?: string | null;
  visitor?: string | null;
}

/** The first offered currency among the sources, then the locale's, then the site default. */
export function resolveSiteCurrency(env: EnvConfig, lang: LanguageCode, src: CurrencySources): SiteCurrency {
  const offered = (code: string | null | undefined) =>
    code ? env.currencies.find((c) => c.code.toUpperCase() === code.toUpperCase()) : undefined;
  const found =
    offered(src.cookie) ??
    offered(src.stored) ??
    offered(src.visitor) ??
    offered(LOCALE_CURRENCY[lang]) ??
    offered(env.default_currency) ??
    env.currencies[0];
  if (found) return { ...found, symbol: found.symbol || CURRENCY_SYMBOLS[found.code] || '' };
  const code = env.default_currency || 'USD';
  return { code, symbol: CURRENCY_SYMBOLS[code] ?? '', exponent: 2 };
}
