import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '@/components/ui/Tabs';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useTimeZone } from '@/site';
import { recordsQuery, type Direction } from '../api/wallet';
import { useWalletCurrency } from '../hooks/useWallet';
import { DateRange, type Range } from './DateRange';
import { Pager } from './Pager';
import { RecordTable } from './RecordTable';
import { PAGE_SIZE } from './TransactionPage';
import './wallet.css';

/** Order states of both directions: wallet_status_{status}. */
export const STATUS_KEYS = [
  /* i18n */ 'wallet_status_pending',
  /* i18n */ 'wallet_status_paid',
  /* i18n */ 'wallet_status_declined',
  /* i18n */ 'wallet_status_expired',
  /* i18n */ 'wallet_status_approved',
  /* i18n */ 'wallet_status_rejected',
  /* i18n */ 'wallet_status_failed',
];

const TONE: Record<string, string> = { paid: 'ok', approved: 'ok', pending: 'warn', declined: 'bad', expired: 'bad', rejected: 'bad', failed: 'bad' };

/** Member centre DWRecord: deposit and withdrawal orders with their status. */
export function DWRecordPage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const cur = useWalletCurrency();
  const zone = useTimeZone();
  const [type, setType] = useState<'' | Direction>('');
  const [range, setRange] = useState<Range>({ from: '', to: '' });
  const [page, setPage] = useState(1);
  const res = useQuery(recordsQuery(session.memberId, { type, from: range.from, to: range.to, page, count: PAGE_SIZE }));
  const status = (s: string) => (STATUS_KEYS.includes(`wallet_status_${s}`) ? t(`wallet_status_${s}`) : s);

  return (
    <section className="uc-card" data-testid="uc-dwrecord">
      <header className="uc-card__head">
        <h2>{t('uc_DWRecord')}</h2>
      </header>
      <div className="wallet-filters">
        <Tabs
          items={[
            { id: '' as const, label: t('wallet_all'), testId: 'dw-type-all' },
            { id: 'deposit' as const, label: t('deposit'), testId: 'dw-type-deposit' },
            { id: 'withdrawal' as const, label: t('uc_Withdrawal'), testId: 'dw-type-withdrawal' },
          ]}
          value={type}
          onChange={(v) => (setType(v), setPage(1))}
          label={t('wallet_type')}
          testId="dw-type"
        />
        <DateRange value={range} onChange={(r) => (setRange(r), setPage(1))} testId="dw-range" />
      </div>
      <RecordTable
        prefix="dw"
        pending={res.isPending}
        failed={res.isError}
        empty={!res.data || res.data.list.length === 0}
        head={
          <>
            <th>{t('wallet_time')}</th>
            <th>{t('wallet_type')}</th>
            <th>{t('wallet_order_no')}</th>
            <th className="num">{t('wallet_amount')}</th>
            <th className="num">{t('wallet_fee')}</th>
            <th>{t('wallet_status')}</th>
          </>
        }
      >
        {res.data?.list.map((r) => (
          <tr key={`${r.type}-${r.order_no}`} data-testid="dw-row">
            <td data-label={t('wallet_time')}>{formatDateTime(r.created_at, i18n.language, zone, 'short') || '—'}</td>
            <td data-label={t('wallet_type')}>{r.type === 'deposit' ? t('deposit') : t('uc_Withdrawal')}</td>
            <td data-label={t('wallet_order_no')} className="wallet-mono wallet-ref">
              {r.order_no}
            </td>
            <td data-label={t('wallet_amount')} className="num wallet-mono">
              {cur.money(r.amount)}
            </td>
            <td data-label={t('wallet_fee')} className="num wallet-mono">
              {cur.money(r.fee)}
            </td>
            <td data-label={t('wallet_status')}>
              <span className={`badge wallet-status wallet-status--${TONE[r.status] ?? 'warn'}`} data-testid="dw-status">
                {status(r.status)}
              </span>
            </td>
          </tr>
        ))}
      </RecordTable>
      {res.data && <Pager page={page} count={PAGE_SIZE} total={res.data.total_count} onPage={setPage} testId="dw-pager" />}
    </section>
  );
}
