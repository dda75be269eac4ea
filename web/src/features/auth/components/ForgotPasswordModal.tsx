import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Field, FormError, SendCodeButton, TextInput } from '@/components/ui/Field';
import { Modal } from '@/components/ui/Modal';
import '@/components/ui/form.css';
import { normaliseCode } from '@/lib/register-codes';
import { checkVerifyCode, MSG, newPasswordErrors, passwordHintKey, passwordMaxLength } from '@/lib/register-rules';
import { openModal, type ModalProps } from '@/lib/modals';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useSmsCode } from '@/lib/use-sms-code';
import { useStrongPasswords } from '@/site';
import { forgotReset, forgotSms } from '../api/auth';
import type { ForgotData } from '../types';
import './auth.css';

/** Spec section 9: the forgot-password SMS countdown is 300 s. */
export const FORGOT_SMS_COUNTDOWN = 300;

/** The forgot-password SMS: 300 s after every send; every refusal is a toast. */
function useForgotSms(initialLeft = 0) {
  return useSmsCode<{ account: string; phone: string }>({ send: (to) => forgotSms(to.account, to.phone), nextSeconds: FORGOT_SMS_COUNTDOWN, initialLeft });
}

/** Forgot password, step 1: account and phone; an SMS code is sent when they match. */
export default function ForgotPasswordModal({ onClose }: ModalProps) {
  const { t } = useTranslation();
  const [account, setAccount] = useState('');
  const [phone, setPhone] = useState('');
  const { errors, handle } = useFormSubmit<'account' | 'phone'>();
  const sms = useForgotSms();

  const next = handle(() => ({
    validate: () => ({
      account: account.trim() ? '' : t(MSG.required),
      phone: !phone.trim() ? t(MSG.required) : /^[0-9]+$/.test(phone.trim()) ? '' : t(MSG.phoneDigits),
    }),
    run: async () => {
      if (await sms.send({ account, phone })) openModal('reset-password', { account: account.trim(), phone: phone.trim(), left: FORGOT_SMS_COUNTDOWN });
    },
  }));

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
export function ResetPasswordModal({ data, onClose }: ModalProps<ForgotData>) {
  const { t } = useTranslation();
  const strongPasswords = useStrongPasswords();
  const account = data?.account ?? '';
  const phone = data?.phone ?? '';
  const sms = useForgotSms(data?.left ?? 0);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { errors, formError, busy, handle } = useFormSubmit<'code' | 'password' | 'confirm'>();

  const submit = handle(() => ({
    validate: async () => {
      const p = await newPasswordErrors(password, confirm, strongPasswords);
      const k = { code: checkVerifyCode(code.trim()), ...p };
      return { code: k.code && t(k.code), password: k.password && t(k.password), confirm: k.confirm && t(k.confirm) };
    },
    run: async () => {
      await forgotReset({ account, member_phone: phone, code: code.trim(), password });
      toast.success(t('password_reset_done'));
      openModal('login');
    },
    onBusinessError: (err) => (normaliseCode(err.code) === 113 ? { field: 'code', message: t('reg_phone_code_wrong') } : { form: err.message || t('error') }),
  }));

  return (
    <Modal open onClose={onClose} size="sm" title={t('reset_password')} testId="reset-modal" closeTestId="reset-close">
      <form className="form" onSubmit={submit} noValidate>
        <p className="form-note">{t('reset_intro', { phone })}</p>
        <FormError text={formError} testId="reset-error" />
        <Field name="rpCode" label={t('phone_verify_code')} error={errors.code}>
          {(id, d) => (
            <div className="input-row">
              <TextInput id={id} value={code} onValue={setCode} inputMode="numeric" maxLength={6} autoComplete="one-time-code" invalid={!!errors.code} describedBy={d} data-testid="reset-code" />
              <SendCodeButton left={sms.left} busy={sms.busy} onClick={() => void sms.send({ account, phone })} testId="reset-resend" />
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
