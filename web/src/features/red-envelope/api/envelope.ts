// Red envelopes (spec sections 3, 4, 7): the open envelope of the member's
// currency and its claim.
import { queryOptions } from '@tanstack/react-query';
import { keys } from '@/api';
import { request } from '@/lib/api-client';
import { getSiteId } from '@/lib/site-id';

export interface Envelope {
  id: number;
  title: string;
  /** wall time in the site's zone, America/Caracas (spec section 4) */
  end_at: string;
}

export const envelopeKey = () => [...keys.member.all(), 'red-envelope'] as const;

export const envelopeQuery = (memberId: string | null) =>
  queryOptions({
    queryKey: [...envelopeKey(), memberId] as const,
    queryFn: ({ signal }) =>
      request<{ envelope: Envelope | null }>('/arks/web/activity/red_envelope_promotion', { site_id: getSiteId() }, { signal }).then((d) => d.envelope),
    enabled: !!memberId,
  });

export const claimEnvelope = (id: number) => request<{ cash: number }>('/arks/web/activity/red_envelope', { id, site_id: getSiteId() });

/** Caracas has kept UTC-4 all year since 2016. */
const CARACAS_OFFSET = '-04:00';

/** Milliseconds since the epoch of an end_at in Caracas wall time. */
export function endsAt(endAt: string): number {
  return Date.parse(`${endAt.replace(' ', 'T')}${CARACAS_OFFSET}`);
}

/** Whole seconds from now to the end (0 once it ended). */
export function secondsLeft(endAt: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((endsAt(endAt) - now) / 1000));
}

/** 02:03:04, or with days in the reader's words (red_envelope_days_left: "1d 02:03:04"). */
export function formatLeft(s: number, t: (key: 'red_envelope_days_left', opts: { days: number; time: string }) => string): string {
  const d = Math.floor(s / 86400);
  const hms = [Math.floor((s % 86400) / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':');
  return d > 0 ? t('red_envelope_days_left', { days: d, time: hms }) : hms;
}

/** Spec section 9: the envelope is fetched again 3 s after it ended. */
export const REFETCH_AFTER_END_MS = 3000;
