import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { keys } from '@/api';
import { useSession } from '@/lib/session';
import { applyBonus, bonusesQuery, forfeitBonus, offersQuery } from '../api/bonus';

/** The member's bonuses with their progress. */
export function useBonuses() {
  const { i18n } = useTranslation();
  const session = useSession();
  return useQuery(bonusesQuery(session.memberId, i18n.language));
}

/** The offers of one promotion page (0: all), and applying for one. */
export function useBonusOffers(pageId: number) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const qc = useQueryClient();
  const offers = useQuery(offersQuery(session.memberId, pageId, i18n.language));
  const [busy, setBusy] = useState<number | null>(null);
  const apply = async (ruleId: number) => {
    setBusy(ruleId);
    try {
      const b = await applyBonus(ruleId);
      toast.success(t(b.status === 'pending' ? 'bonus_applied_pending' : 'bonus_applied'));
      await qc.invalidateQueries({ queryKey: keys.wallet.all() });
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t('error'));
    } finally {
      setBusy(null);
    }
  };
  return { offers, apply, busy };
}

/** Forfeiting a bonus (after the member confirmed). */
export function useForfeit() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const forfeit = async (id: number) => {
    setBusy(true);
    try {
      await forfeitBonus(id);
      toast.success(t('bonus_forfeited'));
      await qc.invalidateQueries({ queryKey: keys.wallet.all() });
      return true;
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t('error'));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { forfeit, busy };
}
