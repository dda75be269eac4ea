// The member's time-out and self-exclusion (docs/api.md "Time-out and
// self-exclusion"). Times are RFC 3339 in UTC; ends_at "" is indefinite.
import { queryOptions } from '@tanstack/react-query';
import { keys } from '@/api';
import { request } from '@/lib/api-client';

export type ExclusionKind = 'timeout' | 'exclusion';
export type ExclusionPeriod = '6m' | '1y' | '2y' | '5y' | 'indefinite';
export type ExclusionStage = 'active' | 'ended' | 'cooling';

export interface ExclusionState {
  kind: ExclusionKind;
  stage: ExclusionStage;
  started_at: string;
  ends_at: string;
  return_asked_at: string;
  return_at: string;
  indefinite: number;
}

export interface ExclusionStatus {
  state: ExclusionState | null;
  options: { timeout_days: number[]; min_days: number; max_days: number; exclusion_periods: ExclusionPeriod[] };
}

/** A time-out of days, or a self-exclusion for period. */
export type TakeBody = { kind: 'timeout'; days: number } | { kind: 'exclusion'; period: ExclusionPeriod };

export interface Preview {
  kind: ExclusionKind;
  ends_at: string;
  indefinite: number;
}

export const exclusionQuery = (memberId: string | null) =>
  queryOptions({
    queryKey: keys.exclusion(memberId),
    queryFn: () => request<ExclusionStatus>('/member/exclusion', {}),
    enabled: !!memberId,
  });

export const previewExclusion = (b: TakeBody) => request<Preview>('/member/exclusion/preview', b);

export const takeExclusion = (b: TakeBody) => request<{ state: ExclusionState }>('/member/exclusion/take', b);

export const askReturn = () => request<{ state: ExclusionState }>('/member/exclusion/return', {});
