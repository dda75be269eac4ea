import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RecallButton } from '@/features/games';
import { useSession } from '@/lib/session';
import { myCashQuery, type CashEntry } from '../api/wallet';
import { useWalletCurrency } from '../hooks/useWallet';
import './wallet.css';

/** A wallet's name: the main wallet in the reader's words, a provider's by its name. */
function walletName(w: CashEntry, t: (k: string) => string): string {
  return w.gp_id === 0 ? t('wallet_main') : w.name || w.gp_code;
}

/**
 * The member's wallets (my_cash_list) and their total: MyWallet and the
 * balance dialog. Money left in a provider's wallet is recalled from here,
 * one provider or all of them.
 */
export function WalletList({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const cur = useWalletCurrency();
  const cash = useQuery(myCashQuery(session.memberId));
  if (cash.isPending) return <div className="skeleton wallet-list-skeleton" data-testid={`${testId}-loading`} />;
  if (!cash.data) return <p className="muted">{t('wallet_failed')}</p>;
  const held = cash.data.my_cash_list.some((w) => w.gp_id !== 0 && w.balance > 0);
  return (
    <div className="wallet-list" data-testid={testId}>
      <ul>
        {cash.data.my_cash_list.map((w) => (
          <li key={`${w.gp_id}-${w.gp_code}`} className={`wallet-list__row${w.gp_id === 0 ? ' is-main' : ''}`} data-testid={`${testId}-row`}>
            {w.icon_dark ? <img src={w.icon_dark} alt="" width={28} height={28} className={w.is_light ? 'is-light' : undefined} /> : <span className="wallet-list__dot" aria-hidden="true" />}
            <span className="wallet-list__name">{walletName(w, t)}</span>
            <span className="wallet-list__balance wallet-mono">{cur.money(w.balance)}</span>
            {w.gp_id !== 0 && w.balance > 0 && <RecallButton gpId={w.gp_id} className="btn btn--ghost btn--sm wallet-list__recall" />}
          </li>
        ))}
      </ul>
      <p className="wallet-list__total">
        <span>{t('wallet_total')}</span>
        <strong className="wallet-mono" data-testid={`${testId}-total`}>
          {cur.money(cash.data.total)}
        </strong>
      </p>
      {held && <RecallButton className="btn btn--ghost btn--sm wallet-list__recall-all" />}
    </div>
  );
}
