import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { getSiteId } from '@/lib/site-id';
import { createStore } from '@/lib/events';
import { session } from '@/lib/storage';
import { FALLBACK_ENV_CONFIG } from './fallback-env';
import type { EnvConfig, Visitor } from './types';

export const siteDetailQuery = () =>
  queryOptions({
    queryKey: ['site', 'detail', getSiteId()],
    queryFn: ({ signal }) =>
      request<{ env_config: EnvConfig }>('/arks/web/site/detail', { site_id: getSiteId() }, { signal }).then((d) => d.env_config),
    staleTime: Infinity,
    // A failure has its own, longer notice (settingsFailure).
    meta: { silent: true },
  });

/** Why env_config could not be loaded (the error), for the notice the page shows once it has rendered. */
export const settingsFailure = createStore<unknown>(null);

/** The site's env_config, or the static fallback when the server cannot give it. */
export async function loadEnvConfig(qc: QueryClient): Promise<EnvConfig> {
  try {
    return await qc.ensureQueryData(siteDetailQuery());
  } catch (e) {
    settingsFailure.set(e);
    qc.setQueryData(siteDetailQuery().queryKey, FALLBACK_ENV_CONFIG);
    return FALLBACK_ENV_CONFIG;
  }
}

const VISITOR_KEY = 'visitor';

export function cachedVisitor(): Visitor | undefined {
  try {
    return (JSON.parse(session.get(VISITOR_KEY) ?? 'null') as Visitor | null) ?? undefined;
  } catch {
    return undefined;
  }
}

export const visitorQuery = () =>
  queryOptions({
    queryKey: ['site', 'visitor', getSiteId()],
    queryFn: async () => {
      const cached = cachedVisitor();
      if (cached) return cached;
      const v = await request<Visitor>('/visitor', { site_id: getSiteId() }, { timeoutMs: 2500 });
      session.set(VISITOR_KEY, JSON.stringify(v));
      return v;
    },
    staleTime: Infinity,
    retry: false,
    meta: { silent: true },
  });

/**
 * The visitor's country, language and currency by IP. Asked once per browser
 * session (the answer does not change while the tab lives) and never allowed
 * to hold up the first paint for long: a failure just means "unknown".
 */
export async function loadVisitor(qc: QueryClient): Promise<Visitor | undefined> {
  try {
    return await qc.fetchQuery(visitorQuery());
  } catch {
    return undefined;
  }
}
