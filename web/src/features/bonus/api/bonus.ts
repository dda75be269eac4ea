// Promotion bonuses (docs/api.md "Bonuses"). Amounts are JSON numbers in the
// member currency's major unit; percent and turnover_multiple are plain
// numbers (50 percent, 5 times).
import { queryOptions } from '@tanstack/react-query';
import { keys } from '@/api';
import { request } from '@/lib/api-client';
import { getSiteId } from '@/lib/site-id';

export type BonusStatus = 'pending' | 'active' | 'released' | 'forfeited' | 'expired' | 'cancelled';

export interface BonusOffer {
  id: number;
  page_id: number;
  title: string;
  kind: 'deposit' | 'fixed';
  percent: number;
  cap: number;
  min_deposit: number;
  fixed_amount: number;
  period: 'once' | 'day' | 'week' | 'month';
  turnover_multiple: number;
  turnover_base: 'bonus' | 'bonus_deposit';
  expiry_days: number;
  taken: boolean;
}

export interface MemberBonus {
  id: number;
  rule_id: number;
  title: string;
  status: BonusStatus;
  currency: string;
  amount: number;
  deposit: number;
  turnover_done: number;
  turnover_required: number;
  turnover_remaining: number;
  taken_back: number;
  reason?: string;
  applied_at: string;
  awarded_at?: string;
  expires_at: string;
  closed_at?: string;
}

/** pageId 0: every offer of the member's currency. */
export const offersQuery = (memberId: string | null, pageId: number, lang: string) =>
  queryOptions({
    queryKey: keys.wallet.bonusOffers(memberId, pageId, lang),
    queryFn: () => request<{ list: BonusOffer[] }>('/arks/web/bonus/offers', { page_id: pageId, site_id: getSiteId() }).then((d) => d.list),
    enabled: !!memberId,
  });

export const bonusesQuery = (memberId: string | null, lang: string) =>
  queryOptions({
    queryKey: keys.wallet.bonuses(memberId, lang),
    queryFn: () => request<{ list: MemberBonus[] }>('/arks/web/bonus/list', { site_id: getSiteId() }).then((d) => d.list),
    enabled: !!memberId,
  });

export const applyBonus = (ruleId: number) => request<MemberBonus>('/arks/web/bonus/apply', { rule_id: ruleId, site_id: getSiteId() });

export const forfeitBonus = (id: number) => request<MemberBonus>('/arks/web/bonus/forfeit', { id, site_id: getSiteId() });
