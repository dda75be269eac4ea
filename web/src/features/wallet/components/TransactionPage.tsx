import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useTimeZone } from '@/site';
import { MOVEMENT_KINDS, transactionsQuery } from '../api/wallet';
import { useWalletCurrency } from '../hooks/useWallet';
import { DateRange, type Range } from './DateRange';
import { Pager } from './Pager';
import './wallet.css';

export const PAGE_SIZE = 20;

/** Kind names for the filter and the rows: wallet_kind_{kind}. */
export const KIND_KEYS = [
  /* i18n */ 'wallet_kind_deposit',
  /* i18n */ 'wallet_kind_withdrawal',
  /* i18n */ 'wallet_kind_withdrawal_hold',
  /* i18n */ 'wallet_kind_withdrawal_return',
  /* i18n */ 'wallet_kind_transfer_in',
  /* i18n */ 'wallet_kind_transfer_out',
  /* i18n */ 'wallet_kind_bet',
  /* i18n */ 'wallet_kind_win',
  /* i18n */ 'wallet_kind_bonus',
  /* i18n */ 'wallet_kind_bonus_forfeit',
  /* i18n */ 'wallet_kind_adjustment',
  /* i18n */ 'wallet_kind_jackpot_win',
];

/** Member centre Transaction: every ledger movement of the member. */
export function TransactionPage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const cur = useWalletCurrency();
  const zone = useTimeZone();
  const [range, setRange] = useState<Range>({ from: '', to: '' });
  const [kinds, setKinds] = useState<string[]>([]);
  const [page, setPage] = useState(1);
  const q = { kinds, from: range.from, to: range.to, page, count: PAGE_SIZE };
  const res = useQuery(transactionsQuery(session.memberId, q));
  const kindName = (k: string) => (KIND_KEYS.includes(`wallet_kind_${k}`) ? t(`wallet_kind_${k}`) : k);
  const toggle = (k: string) => {
    setKinds((ks) => (ks.includes(k) ? ks.filter((x) => x !== k) : [...ks, k]));
    setPage(1);
  };

  return (
    <section className="uc-card" data-testid="uc-transaction">
      <header className="uc-card__head">
        <h2>{t('uc_Transaction')}</h2>
      </header>
      <div className="wallet-filters">
        <DateRange value={range} onChange={(r) => (setRange(r), setPage(1))} testId="tx-range" />
        <div className="wallet-kinds" role="group" aria-label={t('wallet_kind')} data-testid="tx-kinds">
          {MOVEMENT_KINDS.map((k) => (
            <button key={k} type="button" className={`chip${kinds.includes(k) ? ' is-active' : ''}`} aria-pressed={kinds.includes(k)} onClick={() => toggle(k)} data-testid={`tx-kind-${k}`}>
              {kindName(k)}
            </button>
          ))}
        </div>
      </div>
      {res.isPending ? (
        <div className="skeleton uc-skeleton" data-testid="tx-loading" />
      ) : !res.data || res.data.list.length === 0 ? (
        <p className="muted wallet-empty" data-testid="tx-empty">
          {res.isError ? t('wallet_failed') : t('wallet_no_records')}
        </p>
      ) : (
        <div className="wallet-table-wrap">
          <table className="wallet-table" data-testid="tx-table">
            <thead>
              <tr>
                <th>{t('wallet_time')}</th>
                <th>{t('wallet_kind')}</th>
                <th className="num">{t('wallet_amount')}</th>
                <th className="num">{t('wallet_balance_after')}</th>
                <th>{t('wallet_reference')}</th>
              </tr>
            </thead>
            <tbody>
              {res.data.list.map((m) => (
                <tr key={m.id} data-testid="tx-row">
                  <td data-label={t('wallet_time')}>{formatDateTime(m.created_at, i18n.language, zone, 'short') || '—'}</td>
                  <td data-label={t('wallet_kind')}>
                    <span>
                      {kindName(m.kind)}
                      {m.wallet !== 'main' && <span className="muted wallet-small"> · {m.wallet === 'hold' ? t('wallet_hold') : m.wallet}</span>}
                    </span>
                  </td>
                  <td data-label={t('wallet_amount')} className={`num wallet-mono ${m.amount < 0 ? 'is-out' : 'is-in'}`}>
                    {cur.money(m.amount, { signed: true })}
                  </td>
                  <td data-label={t('wallet_balance_after')} className="num wallet-mono">
                    {cur.money(m.balance_after)}
                  </td>
                  <td data-label={t('wallet_reference')} className="wallet-mono wallet-ref">
                    {m.reference || '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {res.data && <Pager page={page} count={PAGE_SIZE} total={res.data.total_count} onPage={setPage} testId="tx-pager" />}
    </section>
  );
}
