import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { keys } from '@/api';
import { Modal } from '@/components/ui/Modal';
import { CalendarIcon } from '@/components/ui/icons';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { useSession } from '@/lib/session';
import { emitSignInEvent, signIn, signInKey, signInQuery } from '../api/signin';
import './signin.css';

/** The sign data component: the entry beside the envelope and its panel of days. */
export function SignIn() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const { data } = useQuery({ ...signInQuery(session.memberId), meta: { silent: true } });
  const currency = session.currency ?? '';
  const money = (v: number) => formatMoney(v, currency, i18n.language);

  useEffect(() => {
    if (data) emitSignInEvent(data.event);
  }, [data]);

  const sign = useMutation({
    mutationFn: signIn,
    onSuccess: (st) => {
      emitSignInEvent(st.event);
      if (st.event === 'is_signin_success') toast.success(t('signin_awarded', { amount: money(st.today_award), days: st.streak }));
      else toast.info(t('signin_already'));
      qc.setQueryData(signInQuery(session.memberId).queryKey, st);
      void qc.invalidateQueries({ queryKey: keys.member.layouts() });
      void qc.invalidateQueries({ queryKey: keys.wallet.all() });
    },
    onError: (e) => {
      if (e instanceof ApiError && e.code === 101) emitSignInEvent('is_signin_noopen');
      toast.error(e instanceof Error ? e.message : t('error'));
      void qc.invalidateQueries({ queryKey: signInKey() });
    },
  });

  if (!data || !data.open) return null;
  const press = () => {
    if (data.signed_today) {
      emitSignInEvent('click_signin_pass');
      toast.info(t('signin_already'));
      return;
    }
    emitSignInEvent('click_signin_true');
    sign.mutate();
  };
  return (
    <>
      <button
        type="button"
        className={`signin-entry${data.signed_today ? ' is-done' : ''}`}
        onClick={() => {
          emitSignInEvent('click_signin');
          setOpen(true);
        }}
        aria-label={t('signin')}
        data-testid="signin-entry"
      >
        <CalendarIcon width={22} height={22} />
        <span>{data.signed_today ? t('signin_done') : t('signin')}</span>
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={t('signin')} size="sm" testId="signin-modal" closeTestId="signin-close">
        <p className="muted" data-testid="signin-streak">
          {t('signin_streak', { count: data.streak })}
        </p>
        <ol className="signin-days">
          {data.awards.map((a, i) => {
            const day = i + 1;
            const done = day <= Math.min(data.streak, data.awards.length);
            return (
              <li key={day} className={done ? 'is-done' : ''}>
                <span>{t('signin_day', { day })}</span>
                <strong>{money(a)}</strong>
              </li>
            );
          })}
        </ol>
        <p>
          {t('signin_today')} <strong data-testid="signin-award">{money(data.today_award)}</strong>
        </p>
        <button type="button" className="btn btn--gold" disabled={sign.isPending} onClick={press} data-testid="signin-button">
          {data.signed_today ? t('signin_done') : t('signin_now')}
        </button>
      </Modal>
    </>
  );
}
