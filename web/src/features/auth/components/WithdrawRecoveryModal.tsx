import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Field, FormError, TextInput } from '@/components/ui/Field';
import { Modal } from '@/components/ui/Modal';
import '@/components/ui/form.css';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/query-client';
import { checkEmail, checkPassword, loadCommonPasswords, MSG, passwordHintKey, passwordMaxLength, passwordMessage } from '@/lib/register-rules';
import { openModal } from '@/lib/ui-store';
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

export interface WithdrawRecoveryProps {
  data?: RecoveryData;
  onClose: () => void;
  /** env_config.password_rule is "strong": 8 to 64 characters, not a common password */
  strongPasswords?: boolean;
}

/** Withdrawal-password recovery (login code 802): verify, then set a new login password. */
export default function WithdrawRecoveryModal({ data, onClose, strongPasswords = false }: WithdrawRecoveryProps) {
  const { t } = useTranslation();
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
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const tr = (k?: string) => (k ? t(k) : undefined);

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const next = validateVerifyStep({ withdraw, mode, contact, code, expected: captcha.answer });
    if (!account.trim()) next.account = MSG.required;
    setErrors(next);
    setFormError('');
    if (Object.keys(next).length) {
      if (next.code) {
        setCode('');
        captcha.refresh();
      }
      return;
    }
    setBusy(true);
    try {
      const body = { account: account.trim(), withdraw_password: withdraw.trim(), ...(mode === 'email' ? { member_email: contact.trim() } : { member_phone: contact.trim() }) };
      const r = await recoveryVerify(body);
      setToken(r.token);
      setStep('reset');
    } catch (err) {
      if (isApiError(err) && err.kind === 'business') {
        setFormError(recoveryVerifyAgain(err.code, 'verify') ? `${t('recovery_verify_again')} ${err.message}`.trim() : err.message || t('error'));
      } else setFormError(errorText(err));
    } finally {
      setBusy(false);
      setCode('');
      captcha.refresh();
    }
  };

  const reset = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setFormError('');
    try {
      const next = validateResetStep(password, confirm, strongPasswords, strongPasswords ? await loadCommonPasswords() : undefined);
      setErrors(next);
      if (Object.keys(next).length) return;
      await recoveryReset({ account: account.trim(), password, token });
      toast.success(t('password_reset_done'));
      openModal('login');
    } catch (err) {
      if (isApiError(err) && err.kind === 'business') {
        if (recoveryVerifyAgain(err.code, 'reset')) {
          setStep('verify');
          setToken('');
          setFormError(`${t('recovery_verify_again')} ${err.message}`.trim());
        } else setFormError(err.message || t('error'));
      } else setFormError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

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
          <Field name="recAccount" label={t('account')} error={tr(errors.account)}>
            {(id, d) => <TextInput id={id} value={account} onValue={setAccount} autoComplete="username" invalid={!!errors.account} describedBy={d} data-testid="recovery-account" />}
          </Field>
          <Field name="recWithdraw" label={t('withdraw_password')} error={tr(errors.withdraw)}>
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
          <Field name="recContact" label={mode === 'email' ? t('email') : t('phone')} error={tr(errors.contact)}>
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
          <Field name="recCode" label={t('captcha')} error={tr(errors.code)}>
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
          <Field name="recPassword" label={t('new_password')} error={tr(errors.password)} hint={t(passwordHintKey(strongPasswords))}>
            {(id, d) => (
              <TextInput id={id} type="password" maxLength={passwordMaxLength(strongPasswords)} value={password} onValue={setPassword} autoComplete="new-password" invalid={!!errors.password} describedBy={d} data-testid="recovery-password" />
            )}
          </Field>
          <Field name="recConfirm" label={t('confirm_password')} error={tr(errors.confirm)}>
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
