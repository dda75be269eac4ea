/**
 * Hook point for the login handed over by another app or site (spec section 4
 * "Handoff by query" and "Handoff by enc"): tk, member_account,
 * member_currency, member_id, enc. It belongs to the members issue; the root
 * loader already calls it once with the entry parameters so that issue only
 * has to fill this function in.
 */
export const HANDOFF_PARAMS = ['tk', 'member_account', 'member_currency', 'member_id', 'enc'] as const;

export async function applyHandoff(_params: URLSearchParams): Promise<void> {
  // Intentionally empty until the members issue.
}
