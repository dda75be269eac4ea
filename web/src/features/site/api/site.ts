import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { getSiteId } from '@/lib/site-id';
import type { FloatItem, FooterGroup, LogoItem, MobileFooterItem, TemplateConfig } from '../types';

const bySort = <T extends { sort: number }>(list: T[] | undefined): T[] => [...(list ?? [])].sort((a, b) => a.sort - b.sort);

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
