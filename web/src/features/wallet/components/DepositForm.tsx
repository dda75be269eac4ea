import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keys, layoutQuery } from '@/api';
import { Field, FormError, TextInput } from '@/components/ui/Field';
import '@/components/ui/form.css';
import { useDevice } from '@/lib/device-context';
import { useSession } from '@/lib/session';
import { channelsQuery, deposit, newRequestId, type Channel, type DepositOrder } from '../api/wallet';
import { errorCode, walletErrorText } from '../codes';
import { useWalletCurrency } from '../hooks/useWallet';
import { abandonHelper, goToPayment, HELPERS, openHelperWindow, type HelperKind } from '../payment-window';
import { checkAmount } from '../validate';
import { BankTransferInfo } from './BankTransferInfo';
import { BindBankPrompt } from './BindBankPrompt';
import { ChannelPicker } from './ChannelPicker';

/** Channel, amount and submit: the Deposit page's form and fast payment's. */
export function DepositForm({ helper, onBindAccount }: { helper: HelperKind; onBindAccount: () => void }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const device = useDevice();
  const qc = useQueryClient();
  const cur = useWalletCurrency();
  const channels = useQuery(channelsQuery(session.memberId, 'deposit', i18n.language));
  const layout = useQuery({ ...layoutQuery(session.memberId), meta: { silent: true } });
  const [picked, setPicked] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const [order, setOrder] = useState<DepositOrder | null>(null);
  const [askBind, setAskBind] = useState(false);

  const list = channels.data ?? [];
  const channel: Channel | undefined = list.find((c) => c.id === picked) ?? list[0];
  const needBank = layout.data?.need_bank_account_deposit_verified === 1;

  if (channels.isPending) return <div className="skeleton uc-skeleton" data-testid="deposit-loading" />;
  if (!channel) return <p className="muted" data-testid="deposit-no-channel">{t('wallet_no_channel')}</p>;

  const submit = async () => {
    setFormError('');
    if (needBank) {
      setAskBind(true);
      return;
    }
    const checked = checkAmount(amount, { min: channel.min, max: channel.max, exponent: cur.exponent });
    if ('problem' in checked) {
      setFieldError(t(checked.problem.key, { ...checked.problem.values, min: cur.money(channel.min), max: cur.money(channel.max) }));
      return;
    }
    setFieldError('');
    // Opened inside the click: a window opened after the answer would be blocked.
    const win = channel.kind === 'gateway' ? openHelperWindow(helper, device) : null;
    setBusy(true);
    try {
      const o = await deposit({ channel_id: channel.id, amount: checked.value, request_id: newRequestId() });
      setOrder(o);
      setAmount('');
      void qc.invalidateQueries({ queryKey: keys.wallet.all() });
      if (o.pay_url) goToPayment(win, o.pay_url);
      else if (win) abandonHelper(helper);
    } catch (e) {
      if (win) abandonHelper(helper);
      if (errorCode(e) === 324) setAskBind(true);
      else setFormError(walletErrorText(e, t, { min: cur.money(channel.min), max: cur.money(channel.max) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="wallet-form" data-testid="deposit-form">
      <ChannelPicker channels={list} value={channel.id} onChange={(id) => (setPicked(id), setFieldError(''))} testId="deposit-channel" />
      <Field
        name="deposit-amount"
        label={t('wallet_amount')}
        required
        error={fieldError}
        hint={t('wallet_limits', { min: cur.money(channel.min), max: cur.money(channel.max) })}
      >
        {(id, d) => (
          <TextInput
            id={id}
            value={amount}
            onValue={(v) => (setAmount(v), setFieldError(''))}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('wallet_amount_ph')}
            invalid={!!fieldError}
            describedBy={d}
            data-testid="deposit-amount"
          />
        )}
      </Field>
      <FormError text={formError} testId="deposit-error" />
      <button type="button" className="btn btn--gold wallet-form__submit" disabled={busy} onClick={() => void submit()} data-testid="deposit-submit">
        {busy ? t('loading') : t('deposit')}
      </button>
      {order && (
        <div className="wallet-notice" role="status" data-testid="deposit-order">
          <p>
            {t(order.kind === 'bank_transfer' ? /* i18n */ 'wallet_deposit_bank_created' : /* i18n */ 'wallet_deposit_created', { order: order.order_no, amount: cur.money(order.amount) })}
          </p>
          {order.bank && <BankTransferInfo bank={order.bank} reference={order.order_no} />}
          {order.pay_url && (
            <a className="btn btn--ghost btn--sm" href={order.pay_url} target={device === 'desktop' ? HELPERS[helper].name : undefined} rel="opener" data-testid="deposit-pay-link">
              {t('wallet_open_payment')}
            </a>
          )}
        </div>
      )}
      {!order && channel.kind === 'bank_transfer' && channel.bank && <BankTransferInfo bank={channel.bank} />}
      {askBind && <BindBankPrompt onBind={() => (setAskBind(false), onBindAccount())} onCancel={() => setAskBind(false)} />}
    </div>
  );
}
