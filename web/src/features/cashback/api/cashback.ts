// Daily cash back (docs/api.md "Cash back"). Amounts are JSON numbers in the
// member currency's major unit; rates are percents (0.5 is 0.5%).
import { queryOptions } from '@tanstack/react-query';
import { keys } from '@/api';
import { request } from '@/lib/api-client';
import { getSiteId } from '@/lib/site-id';

export type CashBackBasis = 'net_loss' | 'valid_bets';
export type PayoutStatus = 'paid' | 'withheld';

export interface CashBackRule {
  id: number;
  currency: string;
  basis: CashBackBasis;
  /** game type id -> percent */
  rates: Record<string, number>;
  default_rate: number;
  min_payout: number;
  cap: number;
  active: boolean;
}

export interface CashBackPayout {
  id: number;
  day: string;
  basis: CashBackBasis;
  base: number;
  amount: number;
  currency: string;
  status: PayoutStatus;
  created_at: string;
}

export const PAGE_SIZE = 10;

/** The member's active rule; null when the site pays no cash back in the member's currency. */
export const cashBackRuleQuery = (memberId: string | null) =>
  queryOptions({
    queryKey: keys.wallet.cashBackRule(memberId),
    queryFn: () => request<{ rule: CashBackRule | null }>('/member/cashback/rule', { site_id: getSiteId() }).then((d) => d.rule),
    enabled: !!memberId,
  });

export const cashBackPayoutsQuery = (memberId: string | null, page: number) =>
  queryOptions({
    queryKey: keys.wallet.cashBackPayouts(memberId, page),
    queryFn: () =>
      request<{ list: CashBackPayout[]; total: number }>('/member/cashback/payouts', { site_id: getSiteId(), page, page_size: PAGE_SIZE }),
    enabled: !!memberId,
  });
