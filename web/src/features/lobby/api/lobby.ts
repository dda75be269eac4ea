import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { BANNER_USE_TYPE, PLATFORM, type Device } from '@/lib/device';
import { isLoggedIn } from '@/lib/session';
import { getSiteId } from '@/lib/site-id';
import type { Announcement, Banner, GameType } from '../types';

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
    // Visitors and members get different announcements.
    queryKey: ['lobby', 'marquee', getSiteId(), lang, isLoggedIn()],
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

export const gameTypesQuery = (opts: { device: Device; currency: string; template: string; lang: string }) =>
  queryOptions({
    queryKey: ['lobby', 'game-types', getSiteId(), opts.device, opts.currency, opts.template, opts.lang],
    queryFn: ({ signal }) =>
      request<{ list: GameType[] }>(
        '/demo/gt_games',
        { site_id: getSiteId(), support_device: PLATFORM[opts.device], currency: opts.currency, template: opts.template },
        { signal },
      ).then((d) => (d.list ?? []).filter((gt) => gt.gt_id !== 1)),
  });
