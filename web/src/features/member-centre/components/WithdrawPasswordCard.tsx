import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { keys } from '@/api';
import { Field, FormError, TextInput } from '@/components/ui/Field';
import { useFormSubmit } from '@/lib/use-form-submit';
import { checkWithdrawPassword } from '@/features/wallet/validate';
import { setWithdrawPassword } from '../api/profile';

type F = 'proof' | 'next' | 'again';

/**
 * The withdrawal password in the member centre: set the first one (proved by
 * the login password) or change it (proved by the old one). A forgotten one
 * is reset by customer service.
 */
export function WithdrawPasswordCard({ isSet }: { isSet: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [proof, setProof] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const form = useFormSubmit<F>();

  const close = () => {
    setOpen(false);
    setProof('');
    setNext('');
    setAgain('');
    form.setErrors({});
  };

  const submit = form.handle(() => ({
    validate: () => {
      const n = checkWithdrawPassword(next);
      return {
        proof: proof ? '' : t(isSet ? 'withdraw_pw_old_required' : 'withdraw_pw_login_required'),
        next: n ? t(n.key) : '',
        again: !n && again !== next ? t('withdraw_pw_mismatch') : '',
      };
    },
    run: async () => {
      await setWithdrawPassword(isSet ? { old_withdraw_password: proof, withdraw_password: next } : { password: proof, withdraw_password: next });
      toast.success(t('withdraw_pw_saved'));
      close();
      void qc.invalidateQueries({ queryKey: keys.member.profiles() });
    },
    onBusinessError: (err) => (err.code === 101 || err.code === 107 ? { field: 'proof', message: err.message } : { form: err.message }),
  }));

  if (!open) {
    return (
      <button type="button" className="btn btn--ghost btn--sm uc-inline-action" onClick={() => setOpen(true)} data-testid="withdraw-pw-open">
        {t(isSet ? 'withdraw_pw_change' : 'withdraw_pw_set')}
      </button>
    );
  }
  const input = (name: F, label: string, value: string, onValue: (v: string) => void, digits: boolean) => (
    <Field name={`withdraw-pw-${name}`} label={label} error={form.errors[name]}>
      {(id, d) => (
        <TextInput
          id={id}
          type="password"
          value={value}
          onValue={onValue}
          inputMode={digits ? 'numeric' : undefined}
          maxLength={digits ? 4 : undefined}
          autoComplete={digits ? 'off' : 'current-password'}
          invalid={!!form.errors[name]}
          describedBy={d}
          data-testid={`withdraw-pw-${name}`}
        />
      )}
    </Field>
  );
  return (
    // A group, not a form: it sits inside the account-info form, and forms do not nest.
    <div
      className="uc-subform"
      role="group"
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          submit();
        }
      }}
      data-testid="withdraw-pw-form"
    >
      <FormError text={form.formError} testId="withdraw-pw-error" />
      {input('proof', t(isSet ? 'withdraw_pw_old' : 'withdraw_pw_login'), proof, setProof, isSet)}
      {input('next', t('withdraw_pw_new'), next, setNext, true)}
      {input('again', t('withdraw_pw_again'), again, setAgain, true)}
      <div className="uc-card__actions">
        <button type="button" className="btn btn--ghost" onClick={close}>
          {t('cancel')}
        </button>
        <button type="button" className="btn btn--gold" disabled={form.busy} onClick={() => submit()} data-testid="withdraw-pw-save">
          {t('save')}
        </button>
      </div>
    </div>
  );
}
