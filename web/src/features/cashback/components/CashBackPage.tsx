import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GAME_CATEGORIES } from '@/api';
import { RecordTable } from '@/features/wallet/components/RecordTable';
import { Pager } from '@/features/wallet/components/Pager';
import { useWalletCurrency } from '@/features/wallet/hooks/useWallet';
import { PAGE_SIZE, type CashBackBasis, type CashBackRule, type PayoutStatus } from '../api/cashback';
import { useCashBackPayouts, useCashBackRule } from '../hooks/useCashBack';
import './cashback.css';

const BASIS: Record<CashBackBasis, string> = {
  valid_bets: /* i18n */ 'cashback_basis_valid_bets',
  net_loss: /* i18n */ 'cashback_basis_net_loss',
};

const BASIS_TEXT: Record<CashBackBasis, string> = {
  valid_bets: /* i18n */ 'cashback_rule_valid_bets',
  net_loss: /* i18n */ 'cashback_rule_net_loss',
};

const STATUS: Record<PayoutStatus, string> = {
  paid: /* i18n */ 'cashback_status_paid',
  withheld: /* i18n */ 'cashback_status_withheld',
};

const TYPE_KEYS: ReadonlyMap<number, string> = new Map(GAME_CATEGORIES);

/** Member centre CashBack: the rule in words and the member's paid days. */
export function CashBackPage() {
  const { t } = useTranslation();
  const rule = useCashBackRule();
  const [page, setPage] = useState(1);
  const payouts = useCashBackPayouts(page);
  const cur = useWalletCurrency();
  return (
    <section className="uc-card" data-testid="uc-cashback">
      <header className="uc-card__head">
        <h2>{t('uc_CashBack')}</h2>
      </header>
      {rule.isPending ? (
        <div className="skeleton uc-skeleton" data-testid="cashback-rule-loading" />
      ) : rule.data ? (
        <RuleText rule={rule.data} />
      ) : (
        <p className="muted" data-testid="cashback-none">
          {t('cashback_none')}
        </p>
      )}
      <h3 className="cashback-subtitle">{t('cashback_history')}</h3>
      <RecordTable
        prefix="cashback"
        pending={payouts.isPending}
        failed={payouts.isError}
        empty={!payouts.data || payouts.data.list.length === 0}
        head={
          <>
            <th>{t('cashback_day')}</th>
            <th>{t('cashback_basis')}</th>
            <th className="num">{t('cashback_base')}</th>
            <th className="num">{t('cashback_amount')}</th>
            <th>{t('cashback_status')}</th>
          </>
        }
      >
        {payouts.data?.list.map((p) => (
          <tr key={p.id} data-testid="cashback-row">
            <td data-label={t('cashback_day')} className="wallet-mono">
              {p.day}
            </td>
            <td data-label={t('cashback_basis')}>{t(BASIS[p.basis])}</td>
            <td data-label={t('cashback_base')} className="num wallet-mono">
              {cur.money(p.base)}
            </td>
            <td data-label={t('cashback_amount')} className={`num wallet-mono${p.status === 'paid' ? ' is-in' : ''}`}>
              {cur.money(p.amount)}
            </td>
            <td data-label={t('cashback_status')}>
              <span className={`cashback-badge cashback-badge--${p.status}`}>{t(STATUS[p.status])}</span>
            </td>
          </tr>
        ))}
      </RecordTable>
      {payouts.data && <Pager page={page} count={PAGE_SIZE} total={payouts.data.total} onPage={setPage} testId="cashback-pager" />}
    </section>
  );
}

function RuleText({ rule }: { rule: CashBackRule }) {
  const { t, i18n } = useTranslation();
  const cur = useWalletCurrency();
  const pct = (v: number) => new Intl.NumberFormat(i18n.language.replace('_', '-'), { style: 'percent', maximumFractionDigits: 2 }).format(v / 100);
  const typed = Object.entries(rule.rates)
    .map(([id, rate]) => ({ id: Number(id), rate }))
    .sort((a, b) => a.id - b.id);
  const typeName = (id: number) => {
    const key = TYPE_KEYS.get(id);
    return key ? t(key) : t('cashback_game_type', { id });
  };
  return (
    <div className="cashback-rule" data-testid="cashback-rule">
      <p>{t(BASIS_TEXT[rule.basis])}</p>
      <ul className="cashback-rates" data-testid="cashback-rates">
        {typed.map((r) => (
          <li key={r.id} data-testid={`cashback-rate-${r.id}`}>
            <span>{typeName(r.id)}</span>
            <strong className="wallet-mono">{pct(r.rate)}</strong>
          </li>
        ))}
        <li data-testid="cashback-rate-other">
          <span>{typed.length > 0 ? t('cashback_other_games') : t('cashback_all_games')}</span>
          <strong className="wallet-mono">{pct(rule.default_rate)}</strong>
        </li>
      </ul>
      {rule.cap > 0 && <p data-testid="cashback-cap">{t('cashback_cap', { amount: cur.money(rule.cap) })}</p>}
      {rule.min_payout > 0 && <p data-testid="cashback-min">{t('cashback_min', { amount: cur.money(rule.min_payout) })}</p>}
      <p className="muted">{t('cashback_day_note')}</p>
    </div>
  );
}
