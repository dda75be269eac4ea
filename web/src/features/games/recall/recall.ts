import i18next from 'i18next';
import { toast } from 'sonner';
import { isApiError } from '@/lib/api-client';
import { recallAll, recallOne } from '../api/recall';
import { recallStore, startCooldown } from './store';

/** Spec section 8: codes 101-105 of a recall have messages of their own. */
export const RECALL_CODE_KEYS: Record<number, string> = {
  101: /* i18n */ 'one_key_err_code_101',
  102: /* i18n */ 'one_key_err_code_102',
  103: /* i18n */ 'one_key_err_code_103',
  104: /* i18n */ 'one_key_err_code_104',
  105: /* i18n */ 'one_key_err_code_105',
};

/**
 * Brings provider wallets back (all, or one provider's) and says how it
 * went. The cool-down starts after any recall the server ran or refused
 * for the cool-down, never while one runs.
 */
export async function recallBalance(gpId?: number): Promise<boolean> {
  const s = recallStore.get();
  if (s.running || s.cooldown > 0) return false;
  recallStore.set((v) => ({ ...v, running: true }));
  try {
    await (gpId ? recallOne(gpId) : recallAll());
    toast.success(i18next.t('recall_success'), { id: 'recall' });
    startCooldown();
    return true;
  } catch (e) {
    const key = isApiError(e) ? RECALL_CODE_KEYS[e.code] : undefined;
    toast.error(key ? i18next.t(key) : isApiError(e) && e.message ? e.message : i18next.t('recall_failed'), { id: 'recall' });
    if (isApiError(e) && (e.code === 102 || e.code === 104)) startCooldown();
    return false;
  } finally {
    recallStore.set((v) => ({ ...v, running: false }));
  }
}
