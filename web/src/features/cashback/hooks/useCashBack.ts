import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import { cashBackPayoutsQuery, cashBackRuleQuery } from '../api/cashback';

/** The member's cash-back rule (null: none offered). */
export function useCashBackRule() {
  const session = useSession();
  return useQuery(cashBackRuleQuery(session.memberId));
}

/** One page of the member's cash-back days, newest first. */
export function useCashBackPayouts(page: number) {
  const session = useSession();
  return useQuery(cashBackPayoutsQuery(session.memberId, page));
}
