import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BonusOffers } from '@/features/bonus';
import { LimitsOffer } from '@/features/limits';
import { isHelperWindow, notifyOpener } from '../payment-window';
import { DepositForm } from './DepositForm';
import './wallet.css';

/** Member centre Deposit (/user/Deposit, /user?page=Deposit). */
export function DepositPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  // The gateway sends the payer back here with the order number.
  const returned = query.get('order');

  // Back in the helper window the Deposit page opened: the opener closes it (quickGame).
  useEffect(() => {
    if (returned && isHelperWindow()) notifyOpener();
  }, [returned]);

  return (
    <section className="uc-card" data-testid="uc-deposit">
      <header className="uc-card__head">
        <h2>{t('uc_Deposit')}</h2>
      </header>
      {returned && (
        <p className="wallet-notice" role="status" data-testid="deposit-returned">
          {t('wallet_deposit_returned', { order: returned })}
        </p>
      )}
      <LimitsOffer />
      <BonusOffers pageId={0} kind="deposit" />
      <DepositForm helper="deposit" onBindAccount={() => void navigate('/user/BindAccount')} />
      <p className="muted wallet-small">
        <Link to="/user/Limits" data-testid="deposit-limits-link">
          {t('limits_link')}
        </Link>
      </p>
    </section>
  );
}
