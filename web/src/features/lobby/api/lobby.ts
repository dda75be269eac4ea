import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { BANNER_USE_TYPE, type Device } from '@/lib/device';
import { getSiteId } from '@/lib/site-id';
import type { Announcement, Banner } from '../types';

export const carouselQuery = (device: Device, lang: string) =>
  queryOptions({
    queryKey: ['lobby', 'carousel', getSiteId(), device, lang],
    queryFn: ({ signal }) =>
      request<{ web_carousel_picture_list: Banner[] }>(
        '/arks/web/carousel_picture',
        { site_id: getSiteId(), use_type: BANNER_USE_TYPE[device] },
        { signal },
      ).then((d) => [...(d.web_carousel_picture_list ?? [])].sort((a, b) => a.sort - b.sort)),
  });

export const marqueeQuery = (lang: string) =>
  queryOptions({
    queryKey: ['lobby', 'marquee', getSiteId(), lang],
    // Visitors and members get different announcements.
    meta: { audience: true },
    queryFn: ({ signal }) =>
      request<{ web_announcement_list: Announcement[] }>(
        '/arks/web/announcement/marquee',
        { site_id: getSiteId(), sort_field: 'sort', sort_order: 'asc' },
        { signal },
      ).then((d) => d.web_announcement_list ?? []),
  });

export const jackpotQuery = (currency: string) =>
  queryOptions({
    queryKey: ['lobby', 'jackpot', getSiteId(), currency],
    queryFn: ({ signal }) =>
      request<{ jackpot: { currency: string; jackpot_amount_total: number } }>(
        '/v2/get_jackpot',
        { currency, site_id: getSiteId() },
        { signal },
      ).then((d) => d.jackpot?.jackpot_amount_total ?? 0),
    refetchInterval: 60_000,
  });
