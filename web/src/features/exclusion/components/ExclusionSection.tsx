import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Field, FormError, TextInput } from '@/components/ui/Field';
import '@/components/ui/form.css';
import { formatDateTime } from '@/lib/format';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useSession } from '@/lib/session';
import { useTimeZone } from '@/site';
import { askReturn, exclusionQuery, previewExclusion, takeExclusion, type ExclusionPeriod, type ExclusionState, type ExclusionStatus, type Preview, type TakeBody } from '../api/exclusion';
import './exclusion.css';

const OTHER = 'other';

/** Member centre "Time-out & self-exclusion", under the Limits. */
export function ExclusionSection() {
  const { t } = useTranslation();
  const session = useSession();
  const status = useQuery(exclusionQuery(session.memberId));
  return (
    <section className="uc-card exclusion" data-testid="uc-exclusion">
      <header className="uc-card__head">
        <h2>{t('excl_title')}</h2>
      </header>
      <p className="muted">{t('excl_intro')}</p>
      {status.isPending ? (
        <div className="skeleton uc-skeleton" data-testid="exclusion-loading" />
      ) : status.data?.state ? (
        <StateView state={status.data.state} />
      ) : status.data ? (
        <TakeForm options={status.data.options} />
      ) : null}
    </section>
  );
}

function useWhen() {
  const { i18n } = useTranslation();
  const zone = useTimeZone();
  return (v: string) => formatDateTime(v, i18n.language, zone, 'short');
}

/** Every member query: a break recalls the game wallets and closes offers. */
function useRefresh() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: ['member'] });
}

function StateView({ state: s }: { state: ExclusionState }) {
  const { t } = useTranslation();
  const when = useWhen();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const ask = async () => {
    setBusy(true);
    try {
      await askReturn();
      toast.success(t('excl_return_asked'));
      refresh();
    } catch (e) {
      toast.error(e instanceof Error ? e.message : t('error'));
    } finally {
      setBusy(false);
    }
  };
  const title = s.indefinite === 1 ? t('excl_state_indefinite') : t(`excl_state_${s.kind}`, { time: when(s.ends_at) });
  return (
    <div className="exclusion__state" data-testid="exclusion-state" data-stage={s.stage}>
      <strong data-testid="exclusion-title">{title}</strong>
      {s.stage === 'active' && <p className="muted">{t('excl_state_blocks')}</p>}
      {s.stage === 'ended' && (
        <>
          <p data-testid="exclusion-ended">{t('excl_ended', { time: when(s.ends_at) })}</p>
          <button type="button" className="btn btn--gold" disabled={busy} onClick={() => void ask()} data-testid="exclusion-return">
            {t('excl_ask_return')}
          </button>
        </>
      )}
      {s.stage === 'cooling' && <p data-testid="exclusion-cooling">{t('excl_returning', { time: when(s.return_at) })}</p>}
    </div>
  );
}

function TakeForm({ options }: { options: ExclusionStatus['options'] }) {
  const { t } = useTranslation();
  const when = useWhen();
  const refresh = useRefresh();
  const [kind, setKind] = useState<'timeout' | 'exclusion'>('timeout');
  const [length, setLength] = useState(String(options.timeout_days[0] ?? 1));
  const [days, setDays] = useState('');
  const [period, setPeriod] = useState<ExclusionPeriod>(options.exclusion_periods[0] ?? '6m');
  const [pending, setPending] = useState<{ body: TakeBody; preview: Preview } | null>(null);
  const [taking, setTaking] = useState(false);
  const form = useFormSubmit<'days'>();

  const body = (): TakeBody | string => {
    if (kind === 'exclusion') return { kind, period };
    if (length !== OTHER) return { kind, days: Number(length) };
    const n = Number(days.trim());
    if (!/^\d+$/.test(days.trim()) || n < options.min_days || n > options.max_days) return t('excl_days_range', { min: options.min_days, max: options.max_days });
    return { kind, days: n };
  };

  const submit = form.handle(() => ({
    validate: () => {
      const b = body();
      return { days: typeof b === 'string' ? b : '' };
    },
    run: async () => {
      const b = body();
      if (typeof b === 'string') return;
      setPending({ body: b, preview: await previewExclusion(b) });
    },
  }));

  const take = async () => {
    if (!pending) return;
    setTaking(true);
    try {
      await takeExclusion(pending.body);
      setPending(null);
      toast.success(t('excl_taken'));
      refresh();
    } catch (e) {
      toast.error(e instanceof Error ? e.message : t('error'));
    } finally {
      setTaking(false);
    }
  };

  const confirmText = (p: Preview) =>
    `${p.indefinite === 1 ? t('excl_confirm_indefinite') : t(`excl_confirm_${p.kind}`, { time: when(p.ends_at) })} ${t('excl_blocks')}`;

  return (
    <form className="exclusion__form" onSubmit={submit} noValidate data-testid="exclusion-form">
      <FormError text={form.formError} testId="exclusion-error" />
      <Field name="exclusion-kind" label={t('excl_kind')}>
        {(id) => (
          <select id={id} className="input" value={kind} onChange={(e) => setKind(e.target.value as 'timeout' | 'exclusion')} data-testid="exclusion-kind">
            <option value="timeout">{t('excl_kind_timeout')}</option>
            <option value="exclusion">{t('excl_kind_exclusion')}</option>
          </select>
        )}
      </Field>
      {kind === 'timeout' ? (
        <>
          <Field name="exclusion-length" label={t('excl_length')}>
            {(id) => (
              <select id={id} className="input" value={length} onChange={(e) => setLength(e.target.value)} data-testid="exclusion-length">
                {options.timeout_days.map((d) => (
                  <option key={d} value={String(d)}>
                    {t(`excl_days_${d}`)}
                  </option>
                ))}
                <option value={OTHER}>{t('excl_days_other')}</option>
              </select>
            )}
          </Field>
          {length === OTHER && (
            <Field name="exclusion-days" label={t('excl_days')} error={form.errors.days}>
              {(id, d) => <TextInput id={id} value={days} onValue={setDays} inputMode="numeric" autoComplete="off" invalid={!!form.errors.days} describedBy={d} data-testid="exclusion-days" />}
            </Field>
          )}
        </>
      ) : (
        <Field name="exclusion-period" label={t('excl_length')}>
          {(id) => (
            <select id={id} className="input" value={period} onChange={(e) => setPeriod(e.target.value as ExclusionPeriod)} data-testid="exclusion-period">
              {options.exclusion_periods.map((p) => (
                <option key={p} value={p}>
                  {t(`excl_period_${p}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <button type="submit" className="btn btn--gold" disabled={form.busy} data-testid="exclusion-continue">
        {t('excl_continue')}
      </button>
      {pending && (
        <ConfirmDialog
          title={t('excl_confirm_title')}
          text={confirmText(pending.preview)}
          confirm={t('excl_confirm')}
          onConfirm={() => void take()}
          onCancel={() => setPending(null)}
          busy={taking}
          testId="exclusion-confirm"
          confirmTestId="exclusion-confirm-ok"
        />
      )}
    </form>
  );
}
