import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Field, FormError, TextInput } from '@/components/ui/Field';
import { Modal } from '@/components/ui/Modal';
import '@/components/ui/form.css';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/query-client';
import { checkConfirmPassword, MSG, passwordError, passwordHintKey, passwordMaxLength } from '@/lib/register-rules';
import { setToken } from '@/lib/session';
import { editPassword } from '../api/auth';
import { normaliseCodeValue } from '../normalise';

export interface ChangePasswordProps {
  data?: { forced?: boolean };
  onClose: () => void;
  /** env_config.password_rule is "strong": 8 to 64 characters, not a common password */
  strongPasswords?: boolean;
}

/**
 * Forced password change on the first desktop login (layout
 * first_login_to_change_password = 1): /member/profile/edit_password answers
 * 101 (current password wrong) or 400 (rules, the server's message).
 */
export default function ChangePasswordModal({ data, onClose, strongPasswords = false }: ChangePasswordProps) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [oldPassword, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ old?: string; password?: string; confirm?: string }>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setFormError('');
    try {
      const errs: typeof errors = {};
      if (!oldPassword) errs.old = t(MSG.required);
      const p = await passwordError(password, strongPasswords);
      if (p) errs.password = t(p);
      const c = checkConfirmPassword(confirm, password);
      if (!p && c) errs.confirm = t(c);
      setErrors(errs);
      if (Object.keys(errs).length) return;
      const out = await editPassword(oldPassword, password);
      // Every other session ended; the new token comes back (header and body).
      if (out?.token) setToken(out.token);
      void qc.invalidateQueries({ queryKey: ['member'] });
      toast.success(t('password_changed'));
      onClose();
    } catch (err) {
      if (isApiError(err) && err.kind === 'business') {
        if (normaliseCodeValue(err.code) === 101) setErrors({ old: t('old_password_wrong') });
        else setFormError(err.message || t('error'));
      } else setFormError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open onClose={onClose} size="sm" title={t('change_password')} testId="change-password-modal" closeTestId="change-password-close">
      <form className="form" onSubmit={submit} noValidate>
        {data?.forced && <p className="form-note">{t('first_login_change_password')}</p>}
        <FormError text={formError} testId="change-password-error" />
        <Field name="cpOld" label={t('old_password')} error={errors.old}>
          {(id, d) => <TextInput id={id} type="password" value={oldPassword} onValue={setOld} autoComplete="current-password" invalid={!!errors.old} describedBy={d} data-testid="cp-old" />}
        </Field>
        <Field name="cpNew" label={t('new_password')} error={errors.password} hint={t(passwordHintKey(strongPasswords))}>
          {(id, d) => <TextInput id={id} type="password" maxLength={passwordMaxLength(strongPasswords)} value={password} onValue={setPassword} autoComplete="new-password" invalid={!!errors.password} describedBy={d} data-testid="cp-new" />}
        </Field>
        <Field name="cpConfirm" label={t('confirm_password')} error={errors.confirm}>
          {(id, d) => <TextInput id={id} type="password" maxLength={passwordMaxLength(strongPasswords)} value={confirm} onValue={setConfirm} autoComplete="new-password" invalid={!!errors.confirm} describedBy={d} data-testid="cp-confirm" />}
        </Field>
        <button type="submit" className="btn btn--gold btn--block" disabled={busy} data-testid="cp-submit">
          {t('confirm')}
        </button>
      </form>
    </Modal>
  );
}
