// The recommend feature (docs/api.md "Referral"). Amounts are JSON numbers in
// the member currency's major unit; share_percent is a plain percent (0.5).
import { queryOptions } from '@tanstack/react-query';
import { keys } from '@/api';
import { isApiError, request } from '@/lib/api-client';
import { getSiteId } from '@/lib/site-id';

export interface Plan {
  id: number;
  currency: string;
  active: boolean;
  first_deposit_min: number;
  first_deposit_reward: number;
  share_percent: number;
  share_period: 'day' | 'week';
  share_cap: number;
}

export interface Project {
  plan: Plan;
  recommend_code: string;
}

export interface Award {
  id: number;
  invitee: string;
  kind: 'first' | 'share';
  period?: string;
  status: 'paid' | 'refused';
  amount: number;
  basis: number;
  currency: string;
  created_at: string;
}

export interface Invitee {
  account: string;
  status: string;
  registered_at: string;
}

export interface Page<T> {
  list: T[];
  total_count: number;
  page: number;
  count: number;
}

/** Why the feature is closed: the site's bonus setting (is_friend 0) or the agent check's code. */
export type Feature = { available: true } | { available: false; reason: 'off' | 101 | 104 };

/** Spec section 6: the site's bonus setting flagged is_friend, and the agent check not 101 or 104. */
export const featureQuery = (memberId: string | null, currency: string) =>
  queryOptions({
    queryKey: keys.referral.feature(memberId),
    queryFn: async (): Promise<Feature> => {
      const f = await request<{ is_friend: number }>('/bonus_setting/check', { member_currency: currency, site_id: getSiteId() });
      if (f.is_friend !== 1) return { available: false, reason: 'off' };
      try {
        await request('/member/apply_for_agent/check', { agent_id: '', apply_agent_flag: 1 });
      } catch (err) {
        const code = isApiError(err) ? err.code : 0;
        if (code === 101 || code === 104) return { available: false, reason: code === 101 ? 101 : 104 };
        throw err;
      }
      return { available: true };
    },
    enabled: !!memberId,
  });

export const projectQuery = (memberId: string | null, enabled: boolean) =>
  queryOptions({
    queryKey: keys.referral.project(memberId),
    queryFn: () => request<Project>('/arks/web/referral/project', { site_id: getSiteId() }),
    enabled: !!memberId && enabled,
  });

export interface RecordQuery {
  from: string;
  to: string;
  page: number;
  count: number;
}

export const recordsQuery = (memberId: string | null, q: RecordQuery, enabled: boolean) =>
  queryOptions({
    queryKey: keys.referral.records(memberId, q),
    queryFn: () => request<Page<Award>>('/arks/web/referral/records', { ...q, site_id: getSiteId() }),
    enabled: !!memberId && enabled,
  });

export interface InviteeQuery {
  search: string;
  page: number;
  count: number;
}

export const inviteesQuery = (memberId: string | null, q: InviteeQuery, enabled: boolean) =>
  queryOptions({
    queryKey: keys.referral.invitees(memberId, q),
    queryFn: () => request<Page<Invitee>>('/arks/web/referral/invitees', { ...q, site_id: getSiteId() }),
    enabled: !!memberId && enabled,
  });

/** The link a friend registers with: the entry parameters of spec section 1 (invite needs a currency). */
export function inviteLink(origin: string, code: string, currency: string): string {
  const q = new URLSearchParams({ invite: code, currency, modal: 'register' });
  return `${origin}/?${q.toString()}`;
}
