import { useTranslation } from 'react-i18next';
import type { Channel } from '../api/wallet';
import { useWalletCurrency } from '../hooks/useWallet';

/** The channels of one direction as a row of choices, each with its limits. */
export function ChannelPicker({ channels, value, onChange, testId }: { channels: Channel[]; value: number; onChange: (id: number) => void; testId: string }) {
  const { t } = useTranslation();
  const cur = useWalletCurrency();
  return (
    <fieldset className="wallet-channels" data-testid={testId}>
      <legend className="field__label">{t('wallet_channel')}</legend>
      {channels.map((c) => (
        <label key={c.id} className={`wallet-channel${c.id === value ? ' is-active' : ''}`} data-testid={`${testId}-${c.id}`}>
          <input type="radio" name={testId} checked={c.id === value} onChange={() => onChange(c.id)} />
          <span className="wallet-channel__name">{c.name}</span>
          <span className="wallet-channel__limits muted">
            {cur.money(c.min)} – {cur.money(c.max)}
          </span>
          {Number(c.fee.percent) > 0 && <span className="wallet-channel__fee muted">{t('wallet_fee_percent', { percent: c.fee.percent })}</span>}
          {c.fee.fixed > 0 && <span className="wallet-channel__fee muted">{t('wallet_fee_fixed', { amount: cur.money(c.fee.fixed) })}</span>}
        </label>
      ))}
    </fieldset>
  );
}
