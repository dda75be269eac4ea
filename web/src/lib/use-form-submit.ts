// The one way forms submit (web/README.md "Forms"): local checks, then the
// call, with one attempt at a time, field and form errors, and the business
// codes of spec section 8 put where they belong. Rules stay plain functions
// (lib/register-rules) that the register form, the member centre and the
// recovery share with the server's validate.go.
import { useCallback, useRef, useState, type FormEvent } from 'react';
import i18next from 'i18next';
import { toast } from 'sonner';
import { isApiError, type ApiError } from './api-client';
import { errorText } from './query-client';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** Where a refused call shows: under a field, above the form, as a toast, or nowhere (handled). */
export type Failure<F extends string> = { field: F; message: string } | { form: string } | { toast: string } | null;

export interface Attempt<F extends string> {
  /** field -> message in the reader's language ('' or absent: valid); may wait (a password list) */
  validate?: () => FieldErrors<F> | Promise<FieldErrors<F>>;
  /** the local checks failed (focus the first field, refresh the captcha ...) */
  onInvalid?: (errors: FieldErrors<F>) => void;
  run: () => Promise<void>;
  /** a business code (HTTP 200, code not 100); without it the server's message shows above the form */
  onBusinessError?: (err: ApiError) => Failure<F>;
  /** after every call, told whether it worked (spec: a new captcha after every attempt the form outlives) */
  after?: (ok: boolean) => void;
}

export interface FormSubmitOptions {
  /** where timeouts, network and server faults show: above the form (default) or as a toast */
  failures?: 'form' | 'toast';
}

export function useFormSubmit<F extends string>({ failures = 'form' }: FormSubmitOptions = {}) {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const setError = useCallback((field: F, message: string) => setErrors((e) => ({ ...e, [field]: message })), []);

  const show = useCallback(
    (f: Failure<F>) => {
      if (!f) return;
      if ('field' in f) setError(f.field, f.message);
      else if ('form' in f) setFormError(f.form);
      else toast.error(f.toast);
    },
    [setError],
  );

  /** Runs one attempt; false when the checks failed, the call was refused or another attempt runs. */
  const attempt = async (a: Attempt<F>): Promise<boolean> => {
    if (running.current) return false;
    running.current = true;
    setFormError('');
    try {
      const found = (await a.validate?.()) ?? {};
      const invalid = Object.fromEntries(Object.entries(found).filter(([, m]) => m)) as FieldErrors<F>;
      setErrors(invalid);
      if (Object.keys(invalid).length) {
        a.onInvalid?.(invalid);
        return false;
      }
      setBusy(true);
      let ok = false;
      try {
        await a.run();
        ok = true;
      } catch (err) {
        if (isApiError(err) && err.kind === 'business') show(a.onBusinessError ? a.onBusinessError(err) : { form: err.message || i18next.t('error') });
        else show(failures === 'toast' ? { toast: errorText(err) } : { form: errorText(err) });
      } finally {
        a.after?.(ok);
      }
      return ok;
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  /** An onSubmit handler: the attempt is built at submit time, from the values then. */
  const handle = (make: () => Attempt<F>) => (e?: FormEvent) => {
    e?.preventDefault();
    void attempt(make());
  };

  return { errors, setErrors, setError, formError, setFormError, busy, attempt, handle, show };
}
