import { request } from '@/lib/api-client';

export interface Recalled {
  /** the providers whose money came back */
  providers: string[];
}

/** One-key recall: every provider wallet back to the main wallet. */
export function recallAll(): Promise<Recalled> {
  return request<Recalled>('/member/profile/balance/all/back', {});
}

/** One provider's wallet back to the main wallet. */
export function recallOne(gpId: number): Promise<Recalled> {
  return request<Recalled>('/member/profile/balance_get_back', { gp_id: gpId });
}
