import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Field, FormError, SendCodeButton, TextInput } from '@/components/ui/Field';
import { Modal } from '@/components/ui/Modal';
import '@/components/ui/form.css';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/query-client';
import { checkConfirmPassword, checkVerifyCode, MSG, passwordError, passwordHintKey, passwordMaxLength } from '@/lib/register-rules';
import { openModal } from '@/lib/ui-store';
import { useCountdown } from '@/lib/use-countdown';
import { forgotReset, forgotSms } from '../api/auth';
import { normaliseCodeValue } from '../normalise';
import './auth.css';

/** Spec section 9: the forgot-password SMS countdown is 300 s. */
export const FORGOT_SMS_COUNTDOWN = 300;

export interface ForgotData {
  account: string;
  phone: string;
  /** seconds left of the SMS countdown when the reset step opens */
  left?: number;
}

const smsKey = (code: number): string =>
  ({ 99: /* i18n */ 'sms_phone_verify_error', 102: 'sms_rate_limit', 103: 'sms_no_funds', 104: 'sms_contact_cs', 201: 'sms_phone_blank' })[code] ?? 'sms_error';

function useForgotSms(initial = 0) {
  const { t } = useTranslation();
  const countdown = useCountdown();
  const [busy, setBusy] = useState(false);
  const { start } = countdown;
  useEffect(() => {
    if (initial > 0) start(initial);
  }, [initial, start]);
  const send = async (account: string, phone: string): Promise<boolean> => {
    setBusy(true);
    try {
      await forgotSms(account, phone);
      countdown.start(FORGOT_SMS_COUNTDOWN);
      toast.success(t('sms_sent'));
      return true;
    } catch (err) {
      if (isApiError(err) && err.kind === 'business') {
        const c = normaliseCodeValue(err.code);
        if (c === 102) countdown.start(FORGOT_SMS_COUNTDOWN);
        toast.error(c === 400 ? err.message : t(smsKey(c)));
        return c === 102;
      }
      toast.error(errorText(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { left: countdown.left, busy, send };
}

/** Forgot password, step 1: account and phone; an SMS code is sent when they match. */
export default function ForgotPasswordModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [account, setAccount] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<{ account?: string; phone?: string }>({});
  const sms = useForgotSms();

  const next = async (e: FormEvent) => {
    e.preventDefault();
    const errs: typeof errors = {};
    if (!account.trim()) errs.account = t(MSG.required);
    if (!phone.trim()) errs.phone = t(MSG.required);
    else if (!/^[0-9]+$/.test(phone.trim())) errs.phone = t(MSG.phoneDigits);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    if (await sms.send(account, phone)) openModal('reset-password', { account: account.trim(), phone: phone.trim(), left: FORGOT_SMS_COUNTDOWN } satisfies ForgotData);
  };

  return (
    <Modal open onClose={onClose} size="sm" title={t('forgot_password')} testId="forgot-modal" closeTestId="forgot-close">
      <form className="form" onSubmit={next} noValidate>
        <p className="form-note">{t('forgot_intro')}</p>
        <Field name="fpAccount" label={t('account')} error={errors.account}>
          {(id, d) => <TextInput id={id} value={account} onValue={setAccount} autoComplete="username" invalid={!!errors.account} describedBy={d} data-testid="forgot-account" />}
        </Field>
        <Field name="fpPhone" label={t('phone')} error={errors.phone}>
          {(id, d) => <TextInput id={id} value={phone} onValue={setPhone} inputMode="tel" autoComplete="tel" maxLength={20} invalid={!!errors.phone} describedBy={d} data-testid="forgot-phone" />}
        </Field>
        <button type="submit" className="btn btn--gold btn--block" disabled={sms.busy || sms.left > 0} data-testid="forgot-send">
          {sms.left > 0 ? t('sms_resend_in', { n: sms.left }) : t('sms_send')}
        </button>
        <button type="button" className="link-button" onClick={() => openModal('login')}>
          {t('back_to_login')}
        </button>
      </form>
    </Modal>
  );
}

/**
 * Forgot password, step 2: the SMS code and the new password under the site's
 * rule (strongPasswords: env_config.password_rule is "strong").
 */
export function ResetPasswordModal({ data, onClose, strongPasswords = false }: { data?: ForgotData; onClose: () => void; strongPasswords?: boolean }) {
  const { t } = useTranslation();
  const account = data?.account ?? '';
  const phone = data?.phone ?? '';
  const sms = useForgotSms(data?.left ?? 0);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ code?: string; password?: string; confirm?: string }>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setFormError('');
    try {
      const errs: typeof errors = {};
      const c = checkVerifyCode(code.trim());
      if (c) errs.code = t(c);
      const p = await passwordError(password, strongPasswords);
      if (p) errs.password = t(p);
      const cf = checkConfirmPassword(confirm, password);
      if (!p && cf) errs.confirm = t(cf);
      setErrors(errs);
      if (Object.keys(errs).length) return;
      await forgotReset({ account, member_phone: phone, code: code.trim(), password });
      toast.success(t('password_reset_done'));
      openModal('login');
    } catch (err) {
      if (isApiError(err) && err.kind === 'business') {
        if (normaliseCodeValue(err.code) === 113) setErrors({ code: t('reg_phone_code_wrong') });
        else setFormError(err.message || t('error'));
      } else setFormError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open onClose={onClose} size="sm" title={t('reset_password')} testId="reset-modal" closeTestId="reset-close">
      <form className="form" onSubmit={submit} noValidate>
        <p className="form-note">{t('reset_intro', { phone })}</p>
        <FormError text={formError} testId="reset-error" />
        <Field name="rpCode" label={t('phone_verify_code')} error={errors.code}>
          {(id, d) => (
            <div className="input-row">
              <TextInput id={id} value={code} onValue={setCode} inputMode="numeric" maxLength={6} autoComplete="one-time-code" invalid={!!errors.code} describedBy={d} data-testid="reset-code" />
              <SendCodeButton left={sms.left} busy={sms.busy} onClick={() => void sms.send(account, phone)} testId="reset-resend" />
            </div>
          )}
        </Field>
        <Field name="rpPassword" label={t('new_password')} error={errors.password} hint={t(passwordHintKey(strongPasswords))}>
          {(id, d) => <TextInput id={id} type="password" maxLength={passwordMaxLength(strongPasswords)} value={password} onValue={setPassword} autoComplete="new-password" invalid={!!errors.password} describedBy={d} data-testid="reset-password" />}
        </Field>
        <Field name="rpConfirm" label={t('confirm_password')} error={errors.confirm}>
          {(id, d) => <TextInput id={id} type="password" maxLength={passwordMaxLength(strongPasswords)} value={confirm} onValue={setConfirm} autoComplete="new-password" invalid={!!errors.confirm} describedBy={d} data-testid="reset-confirm" />}
        </Field>
        <button type="submit" className="btn btn--gold btn--block" disabled={busy} data-testid="reset-submit">
          {t('confirm')}
        </button>
      </form>
    </Modal>
  );
}
