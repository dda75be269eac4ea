import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '@/features/wallet/components/Pager';
import { RecordTable } from '@/features/wallet/components/RecordTable';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useTimeZone } from '@/site';
import { inviteesQuery } from '../api/referral';
import { useRecommendFeature } from '../hooks/useReferral';
import { NotAvailable } from './NotAvailable';
import './referral.css';

export const PAGE_SIZE = 20;

/** Member states: ref_status_{status}. */
const STATUS_KEYS = [/* i18n */ 'ref_status_active', /* i18n */ 'ref_status_frozen', /* i18n */ 'ref_status_disabled'];
const TONE: Record<string, string> = { active: 'ok', frozen: 'warn', disabled: 'bad' };

/** Member centre RecommendMemberSearch: the members the caller invited, searchable by account, a page at a time. */
export function RecommendMemberSearch() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const zone = useTimeZone();
  const feature = useRecommendFeature();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const res = useQuery(inviteesQuery(session.memberId, { search, page, count: PAGE_SIZE }, feature.available === true));
  if (feature.available === false) return <NotAvailable title={t('uc_RecommendMemberSearch')} />;
  const status = (s: string) => (STATUS_KEYS.includes(`ref_status_${s}`) ? t(`ref_status_${s}`) : s);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSearch(draft.trim());
    setPage(1);
  };

  return (
    <section className="uc-card" data-testid="uc-recommend-members">
      <header className="uc-card__head">
        <h2>{t('uc_RecommendMemberSearch')}</h2>
      </header>
      <form className="wallet-filters ref-search" role="search" onSubmit={submit}>
        <input
          className="input"
          type="search"
          maxLength={32}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t('ref_search')}
          aria-label={t('ref_search')}
          data-testid="ref-search"
        />
        <button type="submit" className="btn btn--gold btn--sm" data-testid="ref-search-go">
          {t('ref_search_button')}
        </button>
      </form>
      {res.data && res.data.list.length === 0 && !search ? (
        <p className="muted wallet-empty" data-testid="ref-invitees-none">
          {t('ref_no_invitees')}
        </p>
      ) : (
        <RecordTable
          prefix="ref-invitees"
          pending={res.isPending}
          failed={res.isError}
          empty={!res.data || res.data.list.length === 0}
          head={
            <>
              <th>{t('ref_invitee')}</th>
              <th>{t('ref_registered')}</th>
              <th>{t('ref_status')}</th>
            </>
          }
        >
          {res.data?.list.map((m) => (
            <tr key={m.account} data-testid="ref-invitee-row">
              <td data-label={t('ref_invitee')} className="wallet-mono" data-testid="ref-invitee-account">
                {m.account}
              </td>
              <td data-label={t('ref_registered')}>{formatDateTime(m.registered_at, i18n.language, zone, 'short') || '—'}</td>
              <td data-label={t('ref_status')}>
                <span className={`badge wallet-status wallet-status--${TONE[m.status] ?? 'warn'}`} data-testid="ref-invitee-status">
                  {status(m.status)}
                </span>
              </td>
            </tr>
          ))}
        </RecordTable>
      )}
      {res.data && <Pager page={page} count={PAGE_SIZE} total={res.data.total_count} onPage={setPage} testId="ref-invitees-pager" />}
    </section>
  );
}
