import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CaptchaInput, Field, FormError, TextInput } from '@/components/ui/Field';
import '@/components/ui/form.css';
import { CAPTCHA_LOGIN, useCaptcha } from '@/lib/captcha';
import { login } from '@/lib/session';
import { useFormSubmit } from '@/lib/use-form-submit';
import { openModal } from '@/lib/modals';
import { loginRequest } from '../api/auth';
import { loginOutcome } from '../codes';
import type { Challenge } from '../types';

interface Props {
  onDone: () => void;
  onRegister?: () => void;
}

type LoginField = 'account' | 'password' | 'answer';

/** Login of spec sections 4, 5 and 8: account, password, captcha; the captcha is new after every attempt. */
export function LoginForm({ onDone, onRegister }: Props) {
  const { t } = useTranslation();
  const captcha = useCaptcha(CAPTCHA_LOGIN);
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [answer, setAnswer] = useState('');
  const { errors, formError, busy, handle } = useFormSubmit<LoginField>();

  const submit = handle(() => ({
    validate: () => ({
      account: account.trim() ? '' : t('ph_account_name'),
      password: password ? '' : t('ph_password'),
      answer: answer.trim() ? '' : t('ph_account_verify_code'),
    }),
    run: async () => {
      login(await loginRequest({ account, password, answer, captchaToken: captcha.token }), 'form');
      onDone();
    },
    onBusinessError: (err) => {
      const out = loginOutcome(err.code);
      if (out.kind === 'message') return { form: out.suffix ? `${t(out.key)} (${out.suffix})` : t(out.key) };
      if (out.kind === 'double-validation') {
        toast.info(t('different_device'));
        openModal('double-validation', err.data as Challenge);
        return null;
      }
      if (out.kind === 'recovery') {
        openModal('withdraw-recovery', { account: account.trim() });
        return null;
      }
      return { form: err.message || t('error') };
    },
    // A login that worked closes the modal: no captcha to renew.
    after: (ok) => {
      if (ok) return;
      setAnswer('');
      captcha.refresh();
    },
  }));

  return (
    <form className="form login-form" onSubmit={submit} noValidate data-testid="login-form">
      <FormError text={formError} testId="login-error" />
      <Field name="account" label={t('account')} error={errors.account}>
        {(id, d) => (
          <TextInput id={id} value={account} onValue={setAccount} autoComplete="username" maxLength={32} placeholder={t('ph_account_name')} invalid={!!errors.account} describedBy={d} data-testid="login-account" />
        )}
      </Field>
      <Field name="password" label={t('password')} error={errors.password}>
        {(id, d) => (
          <TextInput id={id} type="password" value={password} onValue={setPassword} autoComplete="current-password" maxLength={64} placeholder={t('ph_password')} invalid={!!errors.password} describedBy={d} data-testid="login-password" />
        )}
      </Field>
      <Field name="answer" label={t('captcha')} error={errors.answer}>
        {(id, d) => (
          <CaptchaInput id={id} value={answer} onValue={setAnswer} image={captcha.image} placeholder={captcha.placeholder} loading={captcha.loading} onRefresh={captcha.refresh} invalid={!!errors.answer} describedBy={d} />
        )}
      </Field>
      <div className="form__actions">
        <button type="button" className="link-button" onClick={() => openModal('forgot-password')} data-testid="open-forgot">
          {t('forgot_password')}
        </button>
      </div>
      <button type="submit" className="btn btn--gold btn--block" disabled={busy} data-testid="login-submit">
        {busy ? t('loading') : t('login')}
      </button>
      {onRegister && (
        <p className="login-form__alt muted">
          {t('no_account')}{' '}
          <button type="button" className="link-button" onClick={onRegister}>
            {t('register')}
          </button>
        </p>
      )}
    </form>
  );
}
