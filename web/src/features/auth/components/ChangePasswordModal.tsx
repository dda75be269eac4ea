import { useQueryClient } from '@tanstack/react-query';
import { keys } from '@/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Field, FormError, TextInput } from '@/components/ui/Field';
import { Modal } from '@/components/ui/Modal';
import '@/components/ui/form.css';
import { normaliseCode } from '@/lib/register-codes';
import { MSG, newPasswordErrors, passwordHintKey, passwordMaxLength } from '@/lib/register-rules';
import type { ModalProps } from '@/lib/modals';
import { setToken } from '@/lib/session';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useStrongPasswords } from '@/site';
import { editPassword } from '../api/auth';
import type { ChangePasswordData } from '../types';


/**
 * Forced password change on the first desktop login (layout
 * first_login_to_change_password = 1): /member/profile/edit_password answers
 * 101 (current password wrong) or 400 (rules, the server's message).
 */
export default function ChangePasswordModal({ data, onClose }: ModalProps<ChangePasswordData>) {
  const { t } = useTranslation();
  const strongPasswords = useStrongPasswords();
  const qc = useQueryClient();
  const [oldPassword, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { errors, formError, busy, handle } = useFormSubmit<'old' | 'password' | 'confirm'>();

  const submit = handle(() => ({
    validate: async () => {
      const k = { old: oldPassword ? '' : MSG.required, ...(await newPasswordErrors(password, confirm, strongPasswords)) };
      return { old: k.old && t(k.old), password: k.password && t(k.password), confirm: k.confirm && t(k.confirm) };
    },
    run: async () => {
      const out = await editPassword(oldPassword, password);
      // Every other session ended; the new token comes back (header and body).
      if (out?.token) setToken(out.token);
      void qc.invalidateQueries({ queryKey: keys.member.all() });
      toast.success(t('password_changed'));
      onClose();
    },
    onBusinessError: (err) => (normaliseCode(err.code) === 101 ? { field: 'old', message: t('old_password_wrong') } : { form: err.message || t('error') }),
  }));

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
