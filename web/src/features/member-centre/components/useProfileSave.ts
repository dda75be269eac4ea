import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/query-client';
import { registerCodeTarget, SMS_DEFAULT_VERIFY_SECONDS, SMS_FIRST_COUNTDOWN, smsCodeOutcome, type FieldName } from '@/lib/register-codes';
import { checkPhone } from '@/lib/register-rules';
import { useCountdown } from '@/lib/use-countdown';
import { sendProfileSms, updateProfile } from '../api/profile';

export type FieldErrors = Partial<Record<FieldName | 'phoneVerify', string>>;

/**
 * Saving member-centre fields with the registration codes, and the phone's SMS
 * code: its countdown is 300 s at first, then the configured verify time.
 */
export function useProfileSave(currency: string, smsVerifyConfigured?: number) {
  const smsVerifySeconds = smsVerifyConfigured && smsVerifyConfigured > 0 ? smsVerifyConfigured : SMS_DEFAULT_VERIFY_SECONDS;
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [smsBusy, setSmsBusy] = useState(false);
  const countdown = useCountdown();
  const sentOnce = useRef(false);

  const save = async (fields: Record<string, string>, phoneVerify?: string): Promise<boolean> => {
    setBusy(true);
    try {
      await updateProfile(fields, phoneVerify);
      toast.success(t('saved'));
      void qc.invalidateQueries({ queryKey: ['member'] });
      setErrors({});
      return true;
    } catch (err) {
      if (isApiError(err) && err.kind === 'business') {
        const target = registerCodeTarget(err.code);
        const text = target?.key ? t(target.key) : err.message || t('error');
        if (target?.field) setErrors((e) => ({ ...e, [target.field as FieldName]: text }));
        else toast.error(text);
      } else toast.error(errorText(err));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const sendSms = async (phone: string) => {
    const local = checkPhone(phone.trim(), currency, true);
    if (local) {
      setErrors((e) => ({ ...e, memberPhone: t(local) }));
      return;
    }
    setSmsBusy(true);
    try {
      await sendProfileSms(phone.trim());
      countdown.start(sentOnce.current ? smsVerifySeconds : SMS_FIRST_COUNTDOWN);
      sentOnce.current = true;
      toast.success(t('sms_sent'));
    } catch (err) {
      if (!isApiError(err) || err.kind !== 'business') {
        toast.error(errorText(err));
        return;
      }
      const out = smsCodeOutcome(err.code);
      if (out.countdown) {
        countdown.start(sentOnce.current ? smsVerifySeconds : SMS_FIRST_COUNTDOWN);
        sentOnce.current = true;
      }
      if (out.field) setErrors((e) => ({ ...e, memberPhone: t(out.key) }));
      else toast.error(t(out.key));
    } finally {
      setSmsBusy(false);
    }
  };

  return { errors, setErrors, busy, save, sendSms, smsBusy, smsLeft: countdown.left };
}
