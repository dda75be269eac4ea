import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session';
import { useWalletCurrency } from '@/features/wallet/hooks/useWallet';
import type { BonusOffer } from '../api/bonus';
import { useBonusOffers } from '../hooks/useBonuses';
import './bonus.css';

const PERIOD: Record<BonusOffer['period'], string> = {
  once: /* i18n */ 'bonus_period_once',
  day: /* i18n */ 'bonus_period_day',
  week: /* i18n */ 'bonus_period_week',
  month: /* i18n */ 'bonus_period_month',
};

/** What an offer pays, in one line. */
export function useOfferTerms() {
  const { t } = useTranslation();
  const cur = useWalletCurrency();
  return (o: BonusOffer) => {
    const pays =
      o.kind === 'fixed'
        ? t('bonus_terms_fixed', { amount: cur.money(o.fixed_amount) })
        : o.cap > 0
          ? t('bonus_terms_deposit_cap', { percent: o.percent, cap: cur.money(o.cap) })
          : t('bonus_terms_deposit', { percent: o.percent });
    const parts = [pays];
    if (o.kind === 'deposit' && o.min_deposit > 0) parts.push(t('bonus_terms_min', { amount: cur.money(o.min_deposit) }));
    parts.push(o.turnover_base === 'bonus' ? t('bonus_terms_turnover', { n: o.turnover_multiple }) : t('bonus_terms_turnover_deposit', { n: o.turnover_multiple }));
    parts.push(t('bonus_terms_expiry', { count: o.expiry_days }));
    parts.push(t(PERIOD[o.period]));
    return parts.join(' · ');
  };
}

/**
 * The bonuses a member may apply for: of one promotion page (pageId), or on
 * the deposit page the deposit bonuses of every promotion (kind 'deposit').
 */
export function BonusOffers({ pageId, kind }: { pageId: number; kind?: BonusOffer['kind'] }) {
  const { t } = useTranslation();
  const session = useSession();
  const { offers, apply, busy } = useBonusOffers(pageId);
  const terms = useOfferTerms();
  if (!session.token) return null;
  const list = (offers.data ?? []).filter((o) => !kind || o.kind === kind);
  if (!list.length) return null;
  return (
    <section className="bonus-offers" data-testid="bonus-offers">
      <h3>{t('bonus_offers_title')}</h3>
      <ul>
        {list.map((o) => (
          <li key={o.id} className="bonus-offer" data-testid={`bonus-offer-${o.id}`}>
            <div>
              <strong>{o.title}</strong>
              <div className="muted bonus-terms">{terms(o)}</div>
            </div>
            {o.taken ? (
              <span className="bonus-badge" data-testid={`bonus-offer-taken-${o.id}`}>
                {t('bonus_taken')}
              </span>
            ) : (
              <button type="button" className="btn btn--gold btn--sm" disabled={busy === o.id} onClick={() => void apply(o.id)} data-testid={`bonus-apply-${o.id}`}>
                {t('bonus_apply')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
