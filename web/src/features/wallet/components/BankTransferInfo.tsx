import { useTranslation } from 'react-i18next';
import type { BankInstructions } from '../api/wallet';

/** Where to send a bank transfer; with an order, the reference to quote. */
export function BankTransferInfo({ bank, reference }: { bank: BankInstructions; reference?: string }) {
  const { t } = useTranslation();
  const ref = reference ?? bank.reference;
  return (
    <dl className="wallet-bank-info" data-testid="bank-transfer-info">
      <dt>{t('wallet_bank')}</dt>
      <dd>{bank.bank}</dd>
      <dt>{t('wallet_account_no')}</dt>
      <dd>{bank.account_no}</dd>
      <dt>{t('wallet_holder_name')}</dt>
      <dd>{bank.account_name}</dd>
      {ref ? (
        <>
          <dt>{t('wallet_reference')}</dt>
          <dd data-testid="bank-transfer-reference">{ref}</dd>
        </>
      ) : (
        <dd className="wallet-bank-info__note muted">{t('wallet_bank_transfer_hint')}</dd>
      )}
    </dl>
  );
}
