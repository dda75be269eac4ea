import { useQuery } from '@tanstack/react-query';
import { useWalletCurrency } from '@/features/wallet/hooks/useWallet';
import { useSession } from '@/lib/session';
import { featureQuery } from '../api/referral';

/** Whether the member may use the recommend pages; undefined while unknown. */
export function useRecommendFeature() {
  const session = useSession();
  const cur = useWalletCurrency();
  const q = useQuery({ ...featureQuery(session.memberId, cur.code), meta: { silent: true } });
  return { available: q.data?.available, reason: q.data && !q.data.available ? q.data.reason : undefined, pending: q.isPending && !!session.memberId, failed: q.isError };
}
