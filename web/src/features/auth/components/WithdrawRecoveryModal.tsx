import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Field, FormError, TextInput } from '@/components/ui/Field';
import { Modal } from '@/components/ui/Modal';
import '@/components/ui/form.css';
import { checkEmail, checkPassword, loadCommonPasswords, MSG, passwordHintKey, passwordMaxLength, passwordMessage } from '@/lib/register-rules';
import { openModal, type ModalProps } from '@/lib/modals';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useStrongPasswords } from '@/site';
import { recoveryReset, recoveryVerify } from '../api/auth';
import { recoveryVerifyAgain } from '../codes';
import type { RecoveryData } from '../types';
import { ClientCaptchaImage, useClientCaptcha } from './ClientCaptcha';
import './auth.css';

type Mode = 'email' | 'phone';
type Errors = Partial<Record<'account' | 'withdraw' | 'contact' | 'code' | 'password' | 'confirm', string>>;

/** Verify step errors of spec section 5 "Recovery". */
export function validateVerifyStep(v: { withdraw: string; mode: Mode; contact: string; code: string; expected: string }): Errors {
  const e: Errors = {};
  if (!v.withdraw.trim()) e.withdraw = MSG.required;
  const contact = v.contact.trim();
  if (v.mode === 'email') {
    if (!contact) e.contact = MSG.required;
    else if (checkEmail(contact, true)) e.contact = MSG.emailFormat;
  } else if (!contact) e.contact = MSG.required;
  else if (!/^[0-9]+$/.test(contact)) e.contact = MSG.phoneDigits;
  if (!v.code.trim()) e.code = MSG.required;
  else if (v.code.trim() !== v.expected) e.code = /* i18n */ 'verify_failed';
  return e;
}

/**
 * Set-new-password step: required, the site's password rule (the server's
 * /arks/web/vx/reset checks it too), equal to the confirmation. With the
 * strong rule pass the common-password list.
 */
export function validateResetStep(password: string, confirm: string, strong = false, common?: ReadonlySet<string>): Errors {
  const e: Errors = {};
  const p = passwordMessage(checkPassword(password, strong, common), strong);
  if (p) e.password = p;
  if (!e.password && password !== confirm) e.confirm = MSG.checkPswDiff;
  return e;
}

/** Withdrawal-password recovery (login code 802): verify, then set a new login password. */
export default function WithdrawRecoveryModal({ data, onClose }: ModalProps<RecoveryData>) {
  const { t } = useTranslation();
  const strongPasswords = useStrongPasswords();
  const captcha = useClientCaptcha();
  const [step, setStep] = useState<'verify' | 'reset'>('verify');
  const [account, setAccount] = useState(data?.account ?? '');
  const [withdraw, setWithdraw] = useState('');
  const [mode, setMode] = useState<Mode>('email');
  const [contact, setContact] = useState('');
  const [code, setCode] = useState('');
  const [token, setToken] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { errors, formError, busy, handle } = useFormSubmit<keyof Errors>();
  const translated = (e: Errors) => Object.fromEntries(Object.entries(e).map(([k, v]) => [k, v ? t(v) : ''])) as Errors;
  const verifyAgain = (message: string) => `${t('recovery_verify_again')} ${message}`.trim();
  const newCaptcha = () => {
    setCode('');
    captcha.refresh();
  };

  const verify = handle(() => ({
    validate: () =>
      translated({
        ...validateVerifyStep({ withdraw, mode, contact, code, expected: captcha.answer }),
        account: account.trim() ? '' : MSG.required,
      }),
    onInvalid: (e) => e.code && newCaptcha(),
    run: async () => {
      const body = { account: account.trim(), withdraw_password: withdraw.trim(), ...(mode === 'email' ? { member_email: contact.trim() } : { member_phone: contact.trim() }) };
      setToken((await recoveryVerify(body)).token);
      setStep('reset');
    },
    onBusinessError: (err) => ({ form: recoveryVerifyAgain(err.code, 'verify') ? verifyAgain(err.message) : err.message || t('error') }),
    after: newCaptcha,
  }));

  const reset = handle(() => ({
    validate: async () => translated(validateResetStep(password, confirm, strongPasswords, strongPasswords ? await loadCommonPasswords() : undefined)),
    run: async () => {
      await recoveryReset({ account: account.trim(), password, token });
      toast.success(t('password_reset_done'));
      openModal('login');
    },
    onBusinessError: (err) => {
      if (!recoveryVerifyAgain(err.code, 'reset')) return { form: err.message || t('error') };
      setStep('verify');
      setToken('');
      return { form: verifyAgain(err.message) };
    },
  }));

  return (
    <Modal open onClose={onClose} size="sm" title={t('withdraw_recovery')} testId="recovery-modal" closeTestId="recovery-close">
      <ol className="steps">
        <li className={step === 'verify' ? 'is-active' : ''}>{t('recovery_step_verify')}</li>
        <li className={step === 'reset' ? 'is-active' : ''}>{t('recovery_step_reset')}</li>
      </ol>
      {step === 'verify' ? (
        <form className="form" onSubmit={verify} noValidate data-testid="recovery-verify">
          <p className="form-note">{t('recovery_intro')}</p>
          <FormError text={formError} testId="recovery-error" />
          <Field name="recAccount" label={t('account')} error={errors.account}>
            {(id, d) => <TextInput id={id} value={account} onValue={setAccount} autoComplete="username" invalid={!!errors.account} describedBy={d} data-testid="recovery-account" />}
          </Field>
          <Field name="recWithdraw" label={t('withdraw_password')} error={errors.withdraw}>
            {(id, d) => (
              <TextInput id={id} type="password" inputMode="numeric" maxLength={4} value={withdraw} onValue={setWithdraw} autoComplete="off" invalid={!!errors.withdraw} describedBy={d} data-testid="recovery-withdraw" />
            )}
          </Field>
          <div className="segmented" role="group" aria-label={t('recovery_by')}>
            <button type="button" aria-pressed={mode === 'email'} onClick={() => setMode('email')} data-testid="recovery-mode-email">
              {t('email')}
            </button>
            <button type="button" aria-pressed={mode === 'phone'} onClick={() => setMode('phone')} data-testid="recovery-mode-phone">
              {t('phone')}
            </button>
          </div>
          <Field name="recContact" label={mode === 'email' ? t('email') : t('phone')} error={errors.contact}>
            {(id, d) => (
              <TextInput
                id={id}
                type={mode === 'email' ? 'email' : 'tel'}
                inputMode={mode === 'email' ? 'email' : 'tel'}
                value={contact}
                onValue={setContact}
                invalid={!!errors.contact}
                describedBy={d}
                data-testid="recovery-contact"
              />
            )}
          </Field>
          <Field name="recCode" label={t('captcha')} error={errors.code}>
            {(id, d) => (
              <div className="input-row">
                <TextInput id={id} value={code} onValue={setCode} inputMode="numeric" maxLength={8} autoComplete="off" invalid={!!errors.code} describedBy={d} data-testid="recovery-code" />
                <ClientCaptchaImage svg={captcha.svg} onRefresh={captcha.refresh} />
              </div>
            )}
          </Field>
          <button type="submit" className="btn btn--gold btn--block" disabled={busy} data-testid="recovery-next">
            {t('next')}
          </button>
        </form>
      ) : (
        <form className="form" onSubmit={reset} noValidate data-testid="recovery-reset">
          <FormError text={formError} testId="recovery-error" />
          <Field name="recPassword" label={t('new_password')} error={errors.password} hint={t(passwordHintKey(strongPasswords))}>
            {(id, d) => (
              <TextInput id={id} type="password" maxLength={passwordMaxLength(strongPasswords)} value={password} onValue={setPassword} autoComplete="new-password" invalid={!!errors.password} describedBy={d} data-testid="recovery-password" />
            )}
          </Field>
          <Field name="recConfirm" label={t('confirm_password')} error={errors.confirm}>
            {(id, d) => (
              <TextInput id={id} type="password" maxLength={passwordMaxLength(strongPasswords)} value={confirm} onValue={setConfirm} autoComplete="new-password" invalid={!!errors.confirm} describedBy={d} data-testid="recovery-confirm" />
            )}
          </Field>
          <button type="submit" className="btn btn--gold btn--block" disabled={busy} data-testid="recovery-submit">
            {t('confirm')}
          </button>
        </form>
      )}
    </Modal>
  );
}
