import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { DISPLAY_DEVICE, type Device } from '@/lib/device';
import { getSiteId } from '@/lib/site-id';
import type { Bulletin, BulletinSet, DisplayFrequency } from '../types';

const forDevice = (list: Bulletin[] | undefined, device: Device) =>
  (list ?? []).filter((b) => !b.display_device || b.display_device === DISPLAY_DEVICE[device]);

// Members will use /arks/web/bulletin/member with display_location (issue 4);
// the visitor list is what every lobby shows today.
export const bulletinQuery = (device: Device, lang: string) =>
  queryOptions({
    queryKey: ['bulletins', 'popup', getSiteId(), device, lang],
    queryFn: ({ signal }) =>
      request<{ list: Bulletin[]; setting?: { display_frequency?: number } }>(
        '/arks/web/bulletin',
        { site_id: getSiteId(), display_device: DISPLAY_DEVICE[device] },
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
