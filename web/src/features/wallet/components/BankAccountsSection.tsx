import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keys } from '@/api';
import { Field, FormError, TextInput } from '@/components/ui/Field';
import '@/components/ui/form.css';
import { useSession } from '@/lib/session';
import { bankAccountsQuery, bindBankAccount } from '../api/wallet';
import { walletErrorText } from '../codes';
import { checkAccountNo, checkBank, checkHolder, ruleText, type Problem } from '../validate';
import './wallet.css';

type Errors = Partial<Record<'bank' | 'accountNo' | 'holder', string>>;

/** Bank accounts for withdrawals (the member centre's BindAccount page, beside the contact handles). */
export function BankAccountsSection() {
  const { t } = useTranslation();
  const session = useSession();
  const qc = useQueryClient();
  const accounts = useQuery(bankAccountsQuery(session.memberId));
  const [bank, setBank] = useState('');
  const [accountNo, setAccountNo] = useState('');
  const [holder, setHolder] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  if (accounts.isPending) return <div className="skeleton uc-skeleton" data-testid="bank-loading" />;
  const data = accounts.data ?? { list: [], banks: [], account_no_rule: '', account_no_digits: null };
  const rule = ruleText(data.account_no_digits, t);
  const say = (p: Problem | null) => (p ? t(p.key, { ...p.values, rule }) : undefined);

  const submit = async () => {
    setFormError('');
    setDone('');
    const e: Errors = { bank: say(checkBank(bank)), accountNo: say(checkAccountNo(accountNo, data.account_no_digits)), holder: say(checkHolder(holder)) };
    setErrors(e);
    if (e.bank || e.accountNo || e.holder) return;
    setBusy(true);
    try {
      const a = await bindBankAccount({ bank_code: bank, account_no: accountNo.replace(/\s+/g, ''), holder_name: holder.trim() });
      setDone(t('wallet_bind_done', { bank: a.bank_name, account: a.account_no }));
      setAccountNo('');
      setHolder('');
      await qc.invalidateQueries({ queryKey: keys.wallet.bankAccounts(session.memberId) });
      void qc.invalidateQueries({ queryKey: keys.member.layouts() });
    } catch (err) {
      setFormError(walletErrorText(err, t, { rule }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="uc-card wallet-banks" data-testid="uc-bank-accounts">
      <header className="uc-card__head">
        <h2>{t('wallet_bank_accounts')}</h2>
      </header>
      {data.list.length === 0 ? (
        <p className="muted" data-testid="bank-none">
          {t('wallet_bank_none')}
        </p>
      ) : (
        <ul className="wallet-bank-list" data-testid="bank-list">
          {data.list.map((a) => (
            <li key={a.id} className="wallet-bank-list__row" data-testid={`bank-account-${a.id}`}>
              <strong>{a.bank_name}</strong>
              <span className="wallet-mono">{a.account_no}</span>
              <span className="muted">{a.holder_name}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="wallet-form" data-testid="bank-bind-form">
        <h3 className="wallet-form__title">{t('wallet_bind_bank')}</h3>
        <Field name="bank-code" label={t('wallet_bank')} required error={errors.bank}>
          {(id, d) => (
            <select id={id} className="input" value={bank} onChange={(e) => setBank(e.target.value)} aria-invalid={!!errors.bank || undefined} aria-describedby={d} data-testid="bank-code">
              <option value="">{t('wallet_bank_choose')}</option>
              {data.banks.map((b) => (
                <option key={b.code} value={b.code}>
                  {b.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field name="bank-account-no" label={t('wallet_account_no')} required error={errors.accountNo} hint={rule}>
          {(id, d) => <TextInput id={id} value={accountNo} onValue={setAccountNo} inputMode="numeric" autoComplete="off" invalid={!!errors.accountNo} describedBy={d} data-testid="bank-account-no" />}
        </Field>
        <Field name="bank-holder" label={t('wallet_holder_name')} required error={errors.holder} hint={t('wallet_holder_hint')}>
          {(id, d) => <TextInput id={id} value={holder} onValue={setHolder} autoComplete="name" invalid={!!errors.holder} describedBy={d} data-testid="bank-holder" />}
        </Field>
        <FormError text={formError} testId="bank-bind-error" />
        {done && (
          <p className="wallet-notice" role="status" data-testid="bank-bind-done">
            {done}
          </p>
        )}
        <button type="button" className="btn btn--gold wallet-form__submit" disabled={busy} onClick={() => void submit()} data-testid="bank-bind-submit">
          {t('bind')}
        </button>
      </div>
    </section>
  );
}
