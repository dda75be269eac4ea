import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { getSiteId } from '@/lib/site-id';
import { session } from '@/lib/storage';
import { FALLBACK_ENV_CONFIG } from '../fallback-env';
import type { EnvConfig, FloatItem, FooterGroup, LogoItem, MobileFooterItem, TemplateConfig, Visitor } from '../types';

const bySort = <T extends { sort: number }>(list: T[] | undefined): T[] => [...(list ?? [])].sort((a, b) => a.sort - b.sort);

export const siteDetailQuery = () =>
  queryOptions({
    queryKey: ['site', 'detail', getSiteId()],
    queryFn: ({ signal }) =>
      request<{ env_config: EnvConfig }>('/arks/web/site/detail', { site_id: getSiteId() }, { signal }).then((d) => d.env_config),
    staleTime: Infinity,
  });

/** The site's env_config, or the static fallback when the server cannot give it. */
export async function loadEnvConfig(qc: QueryClient): Promise<EnvConfig> {
  try {
    return await qc.ensureQueryData(siteDetailQuery());
  } catch {
    qc.setQueryData(siteDetailQuery().queryKey, FALLBACK_ENV_CONFIG);
    return FALLBACK_ENV_CONFIG;
  }
}

export const logoQuery = () =>
  queryOptions({
    queryKey: ['site', 'logo', getSiteId()],
    queryFn: ({ signal }) =>
      request<{ web_logo_list: LogoItem[] }>('/web/logo', { site_id: getSiteId() }, { signal }).then((d) => d.web_logo_list ?? []),
    staleTime: Infinity,
  });

export const footerQuery = (lang: string) =>
  queryOptions({
    queryKey: ['site', 'footer', getSiteId(), lang],
    queryFn: ({ signal }) =>
      request<{ list: FooterGroup[] }>('/arks/web/footer', { site_id: getSiteId() }, { signal }).then((d) =>
        bySort(d.list).map((g) => ({ ...g, list: bySort(g.list) })),
      ),
  });

export const mobileFooterQuery = (template: string, lang: string) =>
  queryOptions({
    queryKey: ['site', 'mobile-footer', getSiteId(), template, lang],
    queryFn: ({ signal }) =>
      request<{ list: MobileFooterItem[] }>('/arks/web/web-mobile-footer', { site_id: getSiteId(), template }, { signal }).then((d) =>
        bySort(d.list),
      ),
  });

export const floatQuery = (lang: string) =>
  queryOptions({
    queryKey: ['site', 'float', getSiteId(), lang],
    queryFn: ({ signal }) =>
      request<{ list: FloatItem[] }>('/arks/web/float', { site_id: getSiteId() }, { signal }).then((d) => bySort(d.list)),
  });

export const templateConfigQuery = (name: string) =>
  queryOptions({
    queryKey: ['site', 'template-config', name],
    // The one absolute /api path of the spec: the client must not prefix it again.
    queryFn: ({ signal }) =>
      request<Record<string, TemplateConfig>>('/api/template_config', { mobileTemplateName: name }, { signal }).then(
        (d) => d?.[name] ?? null,
      ),
    staleTime: Infinity,
    meta: { silent: true },
  });

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
