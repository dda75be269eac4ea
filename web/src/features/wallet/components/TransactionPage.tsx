import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useTimeZone } from '@/site';
import { isApiError } from '@/lib/api-client';
import { toast } from 'sonner';
import { downloadHistory, HISTORY_MONTHS, MOVEMENT_KINDS, transactionsQuery } from '../api/wallet';
import { useWalletCurrency } from '../hooks/useWallet';
import { DateRange, type Range } from './DateRange';
import { Pager } from './Pager';
import { RecordTable } from './RecordTable';
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
  /* i18n */ 'wallet_kind_referral',
];

/** The first day the history reaches, YYYY-MM-DD in the site's zone. */
export function historyStart(now: Date, zone: string): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const [y, m, d] = today.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 - HISTORY_MONTHS, d));
  // JavaScript rolls 31 May - 3 months over to 2 March as Go does.
  return first.toISOString().slice(0, 10);
}

/**
 * Member centre Transaction, the account history: every ledger movement of
 * the last three months (rounds, transfers, deposits, withdrawals, ...), the
 * net deposit of the range, and the CSV download.
 */
export function TransactionPage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const cur = useWalletCurrency();
  const zone = useTimeZone();
  const [range, setRange] = useState<Range>({ from: '', to: '' });
  const [kinds, setKinds] = useState<string[]>([]);
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const min = historyStart(new Date(), zone);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadHistory({ kinds, from: range.from, to: range.to });
    } catch (e) {
      toast.error(isApiError(e) && e.message ? e.message : t('wallet_failed'), { id: 'history-csv' });
    } finally {
      setDownloading(false);
    }
  };
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
        <button type="button" className="btn btn--ghost btn--sm" disabled={downloading} onClick={download} data-testid="tx-csv">
          {t('history_download_csv')}
        </button>
      </header>
      <p className="muted" data-testid="tx-months">
        {t('history_months_note', { n: HISTORY_MONTHS })}
      </p>
      <div className="wallet-filters">
        <DateRange value={range} onChange={(r) => (setRange(r), setPage(1))} testId="tx-range" min={min} />
        <div className="wallet-kinds" role="group" aria-label={t('wallet_kind')} data-testid="tx-kinds">
          {MOVEMENT_KINDS.map((k) => (
            <button key={k} type="button" className={`chip${kinds.includes(k) ? ' is-active' : ''}`} aria-pressed={kinds.includes(k)} onClick={() => toggle(k)} data-testid={`tx-kind-${k}`}>
              {kindName(k)}
            </button>
          ))}
        </div>
      </div>
      {res.data && (
        <dl className="wallet-summary" data-testid="tx-summary">
          <div>
            <dt>{t('history_deposits')}</dt>
            <dd className="wallet-mono" data-testid="tx-deposits">{cur.money(res.data.deposits)}</dd>
          </div>
          <div>
            <dt>{t('history_withdrawals')}</dt>
            <dd className="wallet-mono" data-testid="tx-withdrawals">{cur.money(res.data.withdrawals)}</dd>
          </div>
          <div>
            <dt>{t('history_net_deposit')}</dt>
            <dd className="wallet-mono" data-testid="tx-net-deposit">{cur.money(res.data.net_deposit, { signed: true })}</dd>
          </div>
        </dl>
      )}
      <RecordTable
        prefix="tx"
        pending={res.isPending}
        failed={res.isError}
        empty={!res.data || res.data.list.length === 0}
        head={
          <>
            <th>{t('wallet_time')}</th>
            <th>{t('wallet_kind')}</th>
            <th className="num">{t('wallet_amount')}</th>
            <th className="num">{t('wallet_balance_after')}</th>
            <th>{t('wallet_reference')}</th>
          </>
        }
      >
        {res.data?.list.map((m) => (
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
      </RecordTable>
      {res.data && <Pager page={page} count={PAGE_SIZE} total={res.data.total_count} onPage={setPage} testId="tx-pager" />}
    </section>
  );
}
