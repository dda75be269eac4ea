import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WalletList } from './WalletList';

/** Member centre MyWallet (/member/profile/my_cash). */
export function MyWalletPage() {
  const { t } = useTranslation();
  return (
    <section className="uc-card" data-testid="uc-my-wallet">
      <header className="uc-card__head">
        <h2>{t('uc_MyWallet')}</h2>
      </header>
      <WalletList testId="my-wallet" />
      <div className="uc-card__actions">
        <Link to="/user/Withdrawal" className="btn btn--ghost btn--sm" data-testid="my-wallet-withdraw">
          {t('uc_Withdrawal')}
        </Link>
        <Link to="/user/Deposit" className="btn btn--gold btn--sm" data-testid="my-wallet-deposit">
          {t('deposit')}
        </Link>
      </div>
    </section>
  );
}
