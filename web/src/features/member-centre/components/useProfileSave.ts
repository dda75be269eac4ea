import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { keys } from '@/api';
import { registerCodeTarget, type FieldName } from '@/lib/register-codes';
import { checkPhone } from '@/lib/register-rules';
import { useFormSubmit, type FieldErrors } from '@/lib/use-form-submit';
import { useSmsCode } from '@/lib/use-sms-code';
import { useSmsVerifySeconds } from '@/site';
import { sendProfileSms, updateProfile } from '../api/profile';

export type ProfileErrors = FieldErrors<FieldName>;

/**
 * Saving member-centre fields with the registration codes, and the phone's SMS
 * code: its countdown is 300 s at first, then the configured verify time.
 */
export function useProfileSave(currency: string) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const form = useFormSubmit<FieldName>({ failures: 'toast' });
  const sms = useSmsCode({ send: (phone) => sendProfileSms(phone), nextSeconds: useSmsVerifySeconds(), onPhoneError: (m) => form.setError('memberPhone', m) });

  /** Checks (field -> message), then /member/profile/update; true when saved. */
  const save = (validate: () => ProfileErrors, fields: () => Record<string, string>, phoneVerify?: string) =>
    form.attempt({
      validate,
      run: async () => {
        await updateProfile(fields(), phoneVerify);
        toast.success(t('saved'));
        void qc.invalidateQueries({ queryKey: keys.member.all() });
      },
      onBusinessError: (err) => {
        const target = registerCodeTarget(err.code);
        const message = target?.key ? t(target.key) : err.message || t('error');
        return target?.field ? { field: target.field, message } : { toast: message };
      },
    });

  const sendSms = (phone: string) => {
    const local = checkPhone(phone.trim(), currency, true);
    if (local) form.setError('memberPhone', t(local));
    else void sms.send(phone.trim());
  };

  return { errors: form.errors, setErrors: form.setErrors, busy: form.busy, save, sendSms, smsBusy: sms.busy, smsLeft: sms.left };
}
