import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { keys } from '@/api';
import { Field, FormError, TextInput } from '@/components/ui/Field';
import '@/components/ui/form.css';
import { formatDateTime } from '@/lib/format';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useSession } from '@/lib/session';
import { useTimeZone } from '@/site';
import { useWalletCurrency } from '@/features/wallet/hooks/useWallet';
import { checkAmount } from '@/features/wallet/validate';
import { ExclusionSection } from '@/features/exclusion/components/ExclusionSection';
import { confirmLimit, limitsQuery, setLimit, type Limit, type LimitKind, type LimitPeriod } from '../api/limits';
import { RealityCard } from './RealityCard';
import './limits.css';

const KINDS: LimitKind[] = ['deposit', 'loss', 'wager', 'session'];
const PERIODS: LimitPeriod[] = ['day', 'week', 'month'];
const MAX_MINUTES = 1440;

/** Member centre Limits: the member's own deposit, loss, wager and session-time limits, then the time-out and self-exclusion. */
export function LimitsPage() {
  return (
    <>
      <LimitsCard />
      <ExclusionSection />
    </>
  );
}

function LimitsCard() {
  const { t } = useTranslation();
  const session = useSession();
  const limits = useQuery(limitsQuery(session.memberId));
  return (
    <section className="uc-card" data-testid="uc-limits">
      <header className="uc-card__head">
        <h2>{t('uc_Limits')}</h2>
      </header>
      <p className="muted">{t('limit_intro')}</p>
      {limits.isPending ? (
        <div className="skeleton uc-skeleton" data-testid="limits-loading" />
      ) : (limits.data ?? []).length === 0 ? (
        <p className="muted" data-testid="limits-none">
          {t('limit_none')}
        </p>
      ) : (
        <ul className="limits-list">
          {(limits.data ?? []).map((l) => (
            <LimitRow key={`${l.kind}-${l.period}`} limit={l} />
          ))}
        </ul>
      )}
      <LimitForm />
      <RealityCard />
    </section>
  );
}

function useLimitLabels() {
  const { t } = useTranslation();
  const cur = useWalletCurrency();
  const label = (l: Pick<Limit, 'kind' | 'period'>) =>
    l.kind === 'session' ? t('limit_kind_session') : `${t(`limit_kind_${l.kind}`)} · ${t(`limit_window_${l.period}`)}`;
  const value = (l: Pick<Limit, 'kind'>, v: number) => (l.kind === 'session' ? t('limit_minutes_value', { n: v }) : cur.money(v));
  return { label, value };
}

function LimitRow({ limit: l }: { limit: Limit }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const session = useSession();
  const zone = useTimeZone();
  const { label, value } = useLimitLabels();
  const [busy, setBusy] = useState(false);
  const id = `${l.kind}-${l.period}`;
  const act = async (run: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await run();
      toast.success(t(done));
      void qc.invalidateQueries({ queryKey: keys.limits(session.memberId) });
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t('error'));
    } finally {
      setBusy(false);
    }
  };
  const when = formatDateTime(l.pending_at, i18n.language, zone, 'short');
  return (
    <li className="limits-row" data-testid={`limit-${id}`}>
      <div>
        <strong>{label(l)}</strong>
        <div data-testid={`limit-amount-${id}`}>{value(l, l.amount)}</div>
        {l.used !== undefined && (
          <div className="muted" data-testid={`limit-used-${id}`}>
            {t('limit_used', { used: value(l, l.used) })}
          </div>
        )}
        {l.pending_amount !== null && (
          <div className="limits-pending" data-testid={`limit-pending-${id}`}>
            {l.pending_amount === 'remove' ? t('limit_pending_remove', { time: when }) : t('limit_pending', { amount: value(l, l.pending_amount), time: when })}
          </div>
        )}
      </div>
      <div className="limits-row__actions">
        {l.pending_amount !== null && l.confirmable === 1 && (
          <button type="button" className="btn btn--gold btn--sm" disabled={busy} onClick={() => void act(() => confirmLimit(l.kind, l.period), 'limit_confirmed')} data-testid={`limit-confirm-${id}`}>
            {t('limit_confirm')}
          </button>
        )}
        {l.pending_amount !== 'remove' && (
          <button type="button" className="btn btn--ghost btn--sm" disabled={busy} onClick={() => void act(() => setLimit(l.kind, l.period, null), 'limit_saved')} data-testid={`limit-remove-${id}`}>
            {t('limit_remove')}
          </button>
        )}
      </div>
    </li>
  );
}

function LimitForm() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const session = useSession();
  const cur = useWalletCurrency();
  const [kind, setKind] = useState<LimitKind>('deposit');
  const [period, setPeriod] = useState<LimitPeriod>('day');
  const [amount, setAmount] = useState('');
  const form = useFormSubmit<'amount'>();
  const minutes = kind === 'session';

  const check = (): { value: number } | { problem: string } => {
    if (minutes) {
      const n = Number(amount.trim());
      return /^\d+$/.test(amount.trim()) && n >= 1 && n <= MAX_MINUTES ? { value: n } : { problem: t('limit_minutes_range', { max: MAX_MINUTES }) };
    }
    const c = checkAmount(amount, { min: 0, max: Number.MAX_SAFE_INTEGER / 10 ** cur.exponent, exponent: cur.exponent });
    return 'problem' in c ? { problem: t(c.problem.key, c.problem.values) } : c;
  };

  const submit = form.handle(() => ({
    validate: () => {
      const c = check();
      return { amount: 'problem' in c ? c.problem : '' };
    },
    run: async () => {
      const c = check();
      if ('problem' in c) return;
      const { limit } = await setLimit(kind, minutes ? 'session' : period, c.value);
      toast.success(t(limit.pending_amount !== null ? 'limit_saved_pending' : 'limit_saved'));
      setAmount('');
      void qc.invalidateQueries({ queryKey: keys.limits(session.memberId) });
    },
  }));

  return (
    <form className="limits-form" onSubmit={submit} noValidate data-testid="limit-form">
      <FormError text={form.formError} testId="limit-error" />
      <Field name="limit-kind" label={t('limit_kind')}>
        {(id) => (
          <select id={id} className="input" value={kind} onChange={(e) => setKind(e.target.value as LimitKind)} data-testid="limit-kind">
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`limit_kind_${k}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {!minutes && (
        <Field name="limit-period" label={t('limit_window')}>
          {(id) => (
            <select id={id} className="input" value={period} onChange={(e) => setPeriod(e.target.value as LimitPeriod)} data-testid="limit-period">
              {PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(`limit_window_${p}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <Field name="limit-amount" label={t(minutes ? 'limit_minutes' : 'wallet_amount')} error={form.errors.amount}>
        {(id, d) => (
          <TextInput id={id} value={amount} onValue={setAmount} inputMode={minutes ? 'numeric' : 'decimal'} autoComplete="off" invalid={!!form.errors.amount} describedBy={d} data-testid="limit-amount" />
        )}
      </Field>
      <button type="submit" className="btn btn--gold" disabled={form.busy} data-testid="limit-save">
        {t('limit_save')}
      </button>
    </form>
  );
}
