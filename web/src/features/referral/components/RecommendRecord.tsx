import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRange, type Range } from '@/features/wallet/components/DateRange';
import { Pager } from '@/features/wallet/components/Pager';
import { RecordTable } from '@/features/wallet/components/RecordTable';
import { useWalletCurrency } from '@/features/wallet/hooks/useWallet';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useTimeZone } from '@/site';
import { recordsQuery } from '../api/referral';
import { useRecommendFeature } from '../hooks/useReferral';
import { NotAvailable } from './NotAvailable';
import './referral.css';

export const PAGE_SIZE = 20;

/** Member centre RecommendRecord: the awards the member received, by date, a page at a time. */
export function RecommendRecord() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const cur = useWalletCurrency();
  const zone = useTimeZone();
  const feature = useRecommendFeature();
  const [range, setRange] = useState<Range>({ from: '', to: '' });
  const [page, setPage] = useState(1);
  const res = useQuery(recordsQuery(session.memberId, { from: range.from, to: range.to, page, count: PAGE_SIZE }, feature.available === true));
  if (feature.available === false) return <NotAvailable title={t('uc_RecommendRecord')} />;

  return (
    <section className="uc-card" data-testid="uc-recommend-record">
      <header className="uc-card__head">
        <h2>{t('uc_RecommendRecord')}</h2>
      </header>
      <div className="wallet-filters">
        <DateRange value={range} onChange={(r) => (setRange(r), setPage(1))} testId="ref-range" />
      </div>
      <RecordTable
        prefix="ref-awards"
        pending={res.isPending}
        failed={res.isError}
        empty={!res.data || res.data.list.length === 0}
        head={
          <>
            <th>{t('wallet_time')}</th>
            <th>{t('ref_invitee')}</th>
            <th>{t('ref_kind')}</th>
            <th className="num">{t('ref_basis')}</th>
            <th className="num">{t('wallet_amount')}</th>
          </>
        }
      >
        {res.data?.list.map((a) => (
          <tr key={a.id} data-testid="ref-award-row">
            <td data-label={t('wallet_time')}>{formatDateTime(a.created_at, i18n.language, zone, 'short') || '—'}</td>
            <td data-label={t('ref_invitee')} data-testid="ref-award-invitee">
              {a.invitee}
            </td>
            <td data-label={t('ref_kind')} data-testid="ref-award-kind">
              {a.kind === 'first' ? t('ref_kind_first') : `${t('ref_kind_share')} · ${a.period ?? ''}`}
            </td>
            <td data-label={t('ref_basis')} className="num wallet-mono">
              {cur.money(a.basis)}
            </td>
            <td data-label={t('wallet_amount')} className="num wallet-mono" data-testid="ref-award-amount">
              {cur.money(a.amount, { signed: true })}
            </td>
          </tr>
        ))}
      </RecordTable>
      {res.data && <Pager page={page} count={PAGE_SIZE} total={res.data.total_count} onPage={setPage} testId="ref-awards-pager" />}
    </section>
  );
}
