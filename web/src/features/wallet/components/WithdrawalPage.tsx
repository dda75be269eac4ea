import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { keys, profileQuery } from '@/api';
import { Field, FormError, TextInput } from '@/components/ui/Field';
import '@/components/ui/form.css';
import { useSession } from '@/lib/session';
import { bankAccountsQuery, channelsQuery, myCashQuery, newRequestId, withdraw, type WithdrawOrder } from '../api/wallet';
import { walletErrorText } from '../codes';
import { useWalletCurrency } from '../hooks/useWallet';
import { checkAmount, checkWithdrawPassword } from '../validate';
import { ChannelPicker } from './ChannelPicker';
import './wallet.css';

type Errors = Partial<Record<'account' | 'amount' | 'password', string>>;

/** Member centre Withdrawal: channel, bound account, amount, withdrawal password. */
export function WithdrawalPage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const qc = useQueryClient();
  const cur = useWalletCurrency();
  const channels = useQuery(channelsQuery(session.memberId, 'withdrawal', i18n.language));
  const accounts = useQuery(bankAccountsQuery(session.memberId));
  const cash = useQuery(myCashQuery(session.memberId));
  const profile = useQuery(profileQuery(session.memberId));
  const [picked, setPicked] = useState<number | null>(null);
  const [accountId, setAccountId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const [order, setOrder] = useState<WithdrawOrder | null>(null);

  const head = (
    <header className="uc-card__head">
      <h2>{t('uc_Withdrawal')}</h2>
    </header>
  );
  if (channels.isPending || accounts.isPending) {
    return (
      <section className="uc-card" data-testid="uc-withdrawal">
        {head}
        <div className="skeleton uc-skeleton" data-testid="withdraw-loading" />
      </section>
    );
  }
  const list = channels.data ?? [];
  const channel = list.find((c) => c.id === picked) ?? list[0];
  const bound = accounts.data?.list ?? [];
  const account = bound.find((a) => a.id === accountId) ?? bound[0];
  const main = cash.data?.my_cash_list.find((w) => w.gp_id === 0)?.balance;

  const submit = async () => {
    if (!channel) return;
    setFormError('');
    const checked = checkAmount(amount, { min: channel.min, max: channel.max, exponent: cur.exponent, balance: main });
    const limits = { min: cur.money(channel.min), max: cur.money(channel.max) };
    const pw = checkWithdrawPassword(password);
    const e: Errors = {
      account: account ? undefined : t('wallet_err_314'),
      amount: 'problem' in checked ? t(checked.problem.key, { ...checked.problem.values, ...limits }) : undefined,
      password: pw ? t(pw.key) : undefined,
    };
    setErrors(e);
    if (e.account || e.amount || e.password || !account || 'problem' in checked) return;
    setBusy(true);
    try {
      const o = await withdraw({ channel_id: channel.id, bank_account_id: account.id, amount: checked.value, withdraw_password: password, request_id: newRequestId() });
      setOrder(o);
      setAmount('');
      setPassword('');
      void qc.invalidateQueries({ queryKey: keys.wallet.all() });
      void qc.invalidateQueries({ queryKey: keys.member.layouts() });
    } catch (err) {
      setPassword('');
      setFormError(walletErrorText(err, t, { ...limits, daily: channel.daily_count }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="uc-card" data-testid="uc-withdrawal">
      {head}
      {!channel ? (
        <p className="muted" data-testid="withdraw-no-channel">
          {t('wallet_no_channel')}
        </p>
      ) : (
        <div className="wallet-form" data-testid="withdraw-form">
          <p className="wallet-balance-line">
            <span className="muted">{t('wallet_main_balance')}</span>{' '}
            <strong data-testid="withdraw-balance">{main === undefined ? '-' : cur.money(main)}</strong>
          </p>
          <ChannelPicker channels={list} value={channel.id} onChange={(id) => (setPicked(id), setErrors({}))} testId="withdraw-channel" />
          {channel.daily_count > 0 && <p className="muted wallet-small">{t('wallet_daily_count', { n: channel.daily_count })}</p>}
          <Field name="withdraw-account" label={t('wallet_to_account')} required error={errors.account}>
            {(id, d) =>
              bound.length === 0 ? (
                <p className="muted" id={id} data-testid="withdraw-no-account">
                  {t('wallet_bank_none')}{' '}
                  <Link to="/user/BindAccount" data-testid="withdraw-bind-link">
                    {t('wallet_bind_now')}
                  </Link>
                </p>
              ) : (
                <select id={id} className="input" value={account?.id ?? ''} onChange={(ev) => setAccountId(Number(ev.target.value))} aria-describedby={d} data-testid="withdraw-account">
                  {bound.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.bank_name} {a.account_no}
                    </option>
                  ))}
                </select>
              )
            }
          </Field>
          <Field name="withdraw-amount" label={t('wallet_amount')} required error={errors.amount} hint={t('wallet_limits', { min: cur.money(channel.min), max: cur.money(channel.max) })}>
            {(id, d) => (
              <TextInput id={id} value={amount} onValue={(v) => (setAmount(v), setErrors((e) => ({ ...e, amount: undefined })))} inputMode="decimal" autoComplete="off" placeholder={t('wallet_amount_ph')} invalid={!!errors.amount} describedBy={d} data-testid="withdraw-amount" />
            )}
          </Field>
          <Field
            name="withdraw-password"
            label={t('withdraw_password')}
            required
            error={errors.password}
            hint={
              profile.data && !profile.data.is_withdraw_password ? (
                <span data-testid="withdraw-pw-missing">
                  {t('withdraw_pw_missing')}{' '}
                  <Link to="/user/Info" data-testid="withdraw-pw-link">
                    {t('withdraw_pw_set')}
                  </Link>
                </span>
              ) : undefined
            }
          >
            {(id, d) => (
              <TextInput
                id={id}
                type="password"
                value={password}
                onValue={(v) => (setPassword(v.replace(/\D/g, '').slice(0, 4)), setErrors((e) => ({ ...e, password: undefined })))}
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                invalid={!!errors.password}
                describedBy={d}
                data-testid="withdraw-password"
              />
            )}
          </Field>
          <FormError text={formError} testId="withdraw-error" />
          <button type="button" className="btn btn--gold wallet-form__submit" disabled={busy} onClick={() => void submit()} data-testid="withdraw-submit">
            {busy ? t('loading') : t('wallet_withdraw')}
          </button>
          {order && (
            <p className="wallet-notice" role="status" data-testid="withdraw-order">
              {t('wallet_withdraw_created', { order: order.order_no, amount: cur.money(order.amount) })}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
