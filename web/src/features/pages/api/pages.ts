import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { getSiteId } from '@/lib/site-id';
import type { PageDetail, PageItem, PageKind, SponsorItem } from '../types';

/** The list call of each kind with one (the app page has a single page). */
const LIST_PATH: Partial<Record<PageKind, string>> = { discount: '/arks/web/discount', faq: '/arks/web/faq' };

const DETAIL_PATH: Record<PageKind, string> = {
  discount: '/arks/web/discount/detail',
  faq: '/arks/web/faq/detail',
  main: '/arks/web/page/detail',
  app: '/arks/web/page/app',
};

export const pageListQuery = (kind: 'discount' | 'faq', lang: string) =>
  queryOptions({
    queryKey: ['pages', kind, 'list', getSiteId(), lang],
    queryFn: ({ signal }) =>
      request<{ list: PageItem[] }>(LIST_PATH[kind]!, { site_id: getSiteId() }, { signal }).then((d) =>
        [...(d.list ?? [])].sort((a, b) => a.sort - b.sort || a.id - b.id),
      ),
    staleTime: 60_000,
  });

/** One page; the app page has no id. An unknown id rejects with code 404. */
export const pageQuery = (kind: PageKind, id: number | undefined, lang: string) =>
  queryOptions({
    queryKey: ['pages', kind, 'detail', getSiteId(), id ?? 0, lang],
    queryFn: ({ signal }) =>
      request<{ detail: PageDetail }>(DETAIL_PATH[kind], kind === 'app' ? { site_id: getSiteId() } : { site_id: getSiteId(), id }, { signal }).then(
        (d) => d.detail,
      ),
    staleTime: 60_000,
    retry: false,
    // An unknown id is the 404 page, not a toast.
    meta: { silent: true },
  });

/** The sponsor blocks of /web/model_sponsor (model_version 1 desktop, 2 mobile). */
export const sponsorQuery = (lang: string, modelVersion: 1 | 2) =>
  queryOptions({
    queryKey: ['pages', 'sponsor', getSiteId(), lang, modelVersion],
    queryFn: ({ signal }) =>
      request<{ list: SponsorItem[] }>('/web/model_sponsor', { site_id: getSiteId(), language: lang, model_version: modelVersion }, { signal }).then(
        (d) => [...(d.list ?? [])].sort((a, b) => a.sort - b.sort),
      ),
    staleTime: 60_000,
  });

export interface QuickBet {
  url: string;
  gp_id: number;
}

/** /arks/web/game/sport-quickbet-url: an empty url while no sportsbook is connected. */
export const quickBetQuery = (currency: string, supportDevice: number) =>
  queryOptions({
    queryKey: ['pages', 'quickbet', getSiteId(), currency, supportDevice],
    queryFn: ({ signal }) =>
      request<{ detail: QuickBet }>(
        '/arks/web/game/sport-quickbet-url',
        { site_id: getSiteId(), currency, support_device: supportDevice, domain: window.location.host },
        { signal },
      ).then((d) => d.detail ?? { url: '', gp_id: 0 }),
    staleTime: 5 * 60_000,
  });
