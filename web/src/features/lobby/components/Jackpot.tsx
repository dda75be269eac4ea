import './lobby.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { jackpotQuery } from '../api/lobby';
import { padJackpot } from '../jackpot';
import type { LobbyCurrency } from '../types';

export function Jackpot({ currency, compact }: { currency: LobbyCurrency; compact?: boolean }) {
  const { t } = useTranslation();
  const { data } = useQuery(jackpotQuery(currency.code));
  return (
    <section className={`jackpot${compact ? ' jackpot--compact' : ''}`} data-testid="jackpot" aria-live="polite">
      <div className="jackpot__glow" aria-hidden="true" />
      <span className="jackpot__label">{t('jackpot')}</span>
      <div className="jackpot__amount">
        <span className="jackpot__symbol">{currency.symbol}</span>
        <span className="jackpot__digits">{data === undefined ? '' : padJackpot(data, currency.exponent)}</span>
      </div>
      <span className="jackpot__currency">{currency.code}</span>
    </section>
  );
}
