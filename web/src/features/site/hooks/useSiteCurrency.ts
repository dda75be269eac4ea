import { useMemo } from 'react';
import { getCookie } from '@/lib/cookies';
import { local, LS } from '@/lib/storage';
import { useLanguage } from '@/lib/use-language';
import { cachedVisitor } from '../api/site';
import { resolveSiteCurrency } from '../currency';
import type { SiteCurrency } from '../types';
import { useEnvConfig } from './useEnvConfig';

export function useSiteCurrency(): SiteCurrency {
  const env = useEnvConfig();
  const lang = useLanguage();
  return useMemo(
    () =>
      resolveSiteCurrency(env, lang, {
        cookie: getCookie('currency'),
        stored: local.get(LS.currency),
        visitor: cachedVisitor()?.currency,
      }),
    [env, lang],
  );
}
