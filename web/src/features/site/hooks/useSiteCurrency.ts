import { useMemo } from 'react';
import { getCookie } from '@/lib/cookies';
import { useSession } from '@/lib/session';
import { local, LS } from '@/lib/storage';
import { useLanguage } from '@/lib/use-language';
import { cachedVisitor } from '../api/site';
import { resolveSiteCurrency } from '../currency';
import type { SiteCurrency } from '../types';
import { useEnvConfig } from './useEnvConfig';

export function useSiteCurrency(): SiteCurrency {
  const env = useEnvConfig();
  const lang = useLanguage();
  // Login and logout change the currency (the member's, then the visitor's again).
  const { token, currency: memberCurrency } = useSession();
  return useMemo(
    () =>
      resolveSiteCurrency(env, lang, {
        cookie: getCookie('currency'),
        stored: local.get(LS.currency),
        visitor: cachedVisitor()?.currency,
      }),
    // token and memberCurrency: recompute from cookie and storage after login or logout
    [env, lang, token, memberCurrency],
  );
}
