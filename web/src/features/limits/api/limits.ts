// The member's own limits (docs/api.md "Player limits"). Money limits are
// JSON numbers in major units; the session limit is minutes.
import { queryOptions } from '@tanstack/react-query';
import { keys } from '@/api';
import { request } from '@/lib/api-client';

export type LimitKind = 'deposit' | 'loss' | 'wager' | 'session';
export type LimitPeriod = 'day' | 'week' | 'month' | 'session';

export interface Limit {
  kind: LimitKind;
  period: LimitPeriod;
  amount: number;
  /** null: nothing pending; 'remove': a pending removal */
  pending_amount: number | 'remove' | null;
  pending_at: string;
  confirmable: number;
  used?: number;
}

export const limitsQuery = (memberId: string | null) =>
  queryOptions({
    queryKey: keys.limits(memberId),
    queryFn: () => request<{ list: Limit[] }>('/member/limits', {}).then((d) => d.list),
    enabled: !!memberId,
  });

/** amount null removes the limit (after the cool-off). */
export function setLimit(kind: LimitKind, period: LimitPeriod, amount: number | null): Promise<{ limit: Limit }> {
  return request('/member/limits/set', { kind, period, amount });
}

export function confirmLimit(kind: LimitKind, period: LimitPeriod): Promise<{ limit: Limit | null; removed: number }> {
  return request('/member/limits/confirm', { kind, period });
}

/** The member's reality check (docs/api.md "Reality check"); net in major units. */
export interface RealityCheck {
  minutes: number;
  chosen: number | null;
  site_default: number;
  choices: number[];
  playing: number;
  started_at: string;
  elapsed_minutes: number;
  net: number;
  due_at: string;
  due: number;
}

/** Code of a round or launch refused until the reality check is acknowledged. */
export const REALITY_CHECK_CODE = 650;

export const realityQuery = (memberId: string | null) =>
  queryOptions({
    queryKey: [...keys.limits(memberId), 'reality'] as const,
    queryFn: () => request<RealityCheck>('/member/limits/reality', {}),
    enabled: !!memberId,
  });

/** minutes null follows the site's default. */
export function setReality(minutes: number | null): Promise<RealityCheck> {
  return request('/member/limits/reality/set', { minutes });
}

export function ackReality(): Promise<RealityCheck> {
  return request('/member/limits/reality/ack', {});
}
