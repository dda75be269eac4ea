import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { DISPLAY_DEVICE, type Device } from '@/lib/device';
import { isLoggedIn } from '@/lib/session';
import { getSiteId } from '@/lib/site-id';
import type { Bulletin, BulletinSet, DisplayFrequency } from '../types';

const forDevice = (list: Bulletin[] | undefined, device: Device) =>
  (list ?? []).filter((b) => !b.display_device || b.display_device === DISPLAY_DEVICE[device]);

/** Member bulletins' places (spec section 7): 2 the pop-up after login, 3 the member centre. */
export const AFTER_LOGIN = 2;
export const MEMBER_CENTRE = 3;

// Visitors get the general bulletin; members their own (display_location 2),
// refetched under the same key at login and logout (meta.audience).
export const bulletinQuery = (device: Device, lang: string) =>
  queryOptions({
    queryKey: ['bulletins', 'popup', getSiteId(), device, lang],
    meta: { audience: true },
    queryFn: ({ signal }) =>
      request<{ list: Bulletin[]; setting?: { display_frequency?: number } }>(
        isLoggedIn() ? '/arks/web/bulletin/member' : '/arks/web/bulletin',
        { site_id: getSiteId(), display_device: DISPLAY_DEVICE[device], ...(isLoggedIn() ? { display_location: AFTER_LOGIN } : {}) },
        { signal },
      ).then(
        (d): BulletinSet => ({
          list: forDevice(d.list, device).sort((a, b) => a.sort - b.sort),
          frequency: (d.setting?.display_frequency ?? 1) as DisplayFrequency,
        }),
      ),
    staleTime: Infinity,
  });

export const bulletinHistoryQuery = (device: Device, lang: string) =>
  queryOptions({
    queryKey: ['bulletins', 'history', getSiteId(), device, lang],
    queryFn: ({ signal }) =>
      request<{ list: Bulletin[] }>('/arks/web/bulletin/history', { site_id: getSiteId(), display_device: DISPLAY_DEVICE[device] }, { signal }).then(
        (d) => forDevice(d.list, device),
      ),
  });

/** The member centre's bulletins (display_location 3). */
export const memberCentreBulletinsQuery = (device: Device, lang: string, memberId: string | null) =>
  queryOptions({
    queryKey: ['member', 'bulletins', MEMBER_CENTRE, getSiteId(), device, lang, memberId],
    queryFn: ({ signal }) =>
      request<{ list: Bulletin[] }>(
        '/arks/web/bulletin/member',
        { site_id: getSiteId(), display_device: DISPLAY_DEVICE[device], display_location: MEMBER_CENTRE },
        { signal },
      ).then((d) => forDevice(d.list, device)),
    enabled: !!memberId,
  });

/** With display_frequency 0 a member's close is kept on the server, on every device. */
export const hideMemberBulletins = (device: Device) =>
  request('/arks/web/bulletin/member/hide', { site_id: getSiteId(), display_device: DISPLAY_DEVICE[device], display_location: AFTER_LOGIN });

/** An announcement as the member centre lists it (spec section 3). */
export interface MemberAnnouncement {
  id: number;
  title: string;
  content: string;
  created_at: string;
}

/** The announcements shown after login (display_after_login), as the marquee call answers a member. */
export const memberAnnouncementsQuery = (lang: string, memberId: string | null) =>
  queryOptions({
    queryKey: ['member', 'announcements', getSiteId(), lang, memberId],
    queryFn: ({ signal }) =>
      request<{ web_announcement_list: MemberAnnouncement[] }>(
        '/arks/web/announcement/marquee',
        { site_id: getSiteId(), sort_field: 'sort', sort_order: 'asc' },
        { signal },
      ).then((d) => d.web_announcement_list ?? []),
    enabled: !!memberId,
  });
