import './lobby.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/Skeleton';
import { symbolOf } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';
import { useSiteCurrency } from '@/site';
import { jackpotQuery } from '../api/lobby';
import { padJackpot } from '../jackpot';

function Amount({ compact }: { compact?: boolean }) {
  const currency = useSiteCurrency();
  const lang = useLanguage();
  const { data, isPending, isError } = useQuery(jackpotQuery(currency.code));
  if (isPending) return <Skeleton height={compact ? 40 : 56} className="jackpot__skeleton" />;
  // A failed call leaves no figure to show: a dash, not a symbol beside nothing.
  if (isError && data === undefined)
    return (
      <span className="jackpot__amount jackpot__amount--none" data-testid="jackpot-unavailable">
        —
      </span>
    );
  return (
    <>
      <div className="jackpot__amount">
        <span className="jackpot__symbol">{symbolOf(currency.code)}</span>
        <span className="jackpot__digits">{padJackpot(data ?? 0, currency.exponent, lang)}</span>
      </div>
      <span className="jackpot__currency">{currency.code}</span>
    </>
  );
}

export function Jackpot({ compact }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <section className={`jackpot${compact ? ' jackpot--compact' : ''}`} data-testid="jackpot" aria-live="polite">
      <div className="jackpot__glow" aria-hidden="true" />
      <span className="jackpot__label">{t('jackpot')}</span>
      <Amount compact={compact} />
    </section>
  );
}
