// Sending an SMS code and counting down to the next send (spec sections 4
// and 9: 300 s after the first send, then the configured verify time; the
// forgot-password flow keeps 300 s). One hook for registration, the member
// centre and the forgot-password steps.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isApiError } from './api-client';
import { errorText } from './query-client';
import { SMS_FIRST_COUNTDOWN, smsCodeOutcome } from './register-codes';
import { useCountdown } from './use-countdown';

export interface SmsCodeOptions<T> {
  /** the call that sends the code (to a phone, or an account's phone) */
  send: (to: T) => Promise<unknown>;
  /** the countdown after every send but the first */
  nextSeconds: number;
  /** seconds still to run when the form opens (the forgot-password reset step) */
  initialLeft?: number;
  /** codes that name the phone (099, 201) show under it; without this they toast */
  onPhoneError?: (message: string) => void;
}

export interface SmsCode<T> {
  /** seconds until the next send; 0: may send */
  left: number;
  busy: boolean;
  /** true when a code is on its way (sent now, or 102: sent less than 5 minutes ago) */
  send: (to: T) => Promise<boolean>;
}

export function useSmsCode<T = string>({ send, nextSeconds, initialLeft = 0, onPhoneError }: SmsCodeOptions<T>): SmsCode<T> {
  const { t } = useTranslation();
  const { left, start } = useCountdown();
  const [busy, setBusy] = useState(false);
  const sentOnce = useRef(false);

  useEffect(() => {
    if (initialLeft > 0) {
      sentOnce.current = true;
      start(initialLeft);
    }
  }, [initialLeft, start]);

  const countDown = useCallback(() => {
    start(sentOnce.current ? nextSeconds : SMS_FIRST_COUNTDOWN);
    sentOnce.current = true;
  }, [start, nextSeconds]);

  const sendCode = async (to: T): Promise<boolean> => {
    setBusy(true);
    try {
      await send(to);
      countDown();
      toast.success(t('sms_sent'));
      return true;
    } catch (err) {
      if (!isApiError(err) || err.kind !== 'business') {
        toast.error(errorText(err));
        return false;
      }
      const out = smsCodeOutcome(err.code);
      if (out.countdown) countDown();
      // 400: the server names what is wrong with the request.
      const text = out.serverMessage ? err.message || t(out.key) : t(out.key);
      if (out.field && onPhoneError) onPhoneError(text);
      else toast.error(text);
      return !!out.countdown;
    } finally {
      setBusy(false);
    }
  };

  return { left, busy, send: sendCode };
}
