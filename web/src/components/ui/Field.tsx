import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './form.css';

interface FieldProps {
  /** names the test ids: field-{name}, field-error-{name} */
  name: string;
  label?: ReactNode;
  /** the message, already in the reader's language */
  error?: string;
  required?: boolean;
  hint?: ReactNode;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}

export function Field({ name, label, error, required, hint, children }: FieldProps) {
  const id = useId();
  const errId = `${id}-err`;
  return (
    <div className={`field${error ? ' has-error' : ''}`} data-testid={`field-${name}`}>
      {label && (
        <label className="field__label" htmlFor={id}>
          {label}
          {required && <span className="field__req" aria-hidden="true">*</span>}
        </label>
      )}
      {children(id, error ? errId : undefined)}
      {hint && !error && <p className="field__hint">{hint}</p>}
      {error && (
        <p className="field__error" id={errId} role="alert" data-testid={`field-error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  value: string;
  onValue: (v: string) => void;
  invalid?: boolean;
  describedBy?: string;
};

export function TextInput({ onValue, invalid, describedBy, className, ...rest }: InputProps) {
  return (
    <input
      {...rest}
      className={`input${className ? ` ${className}` : ''}`}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(e) => onValue(e.target.value)}
    />
  );
}

interface CaptchaProps {
  id: string;
  value: string;
  onValue: (v: string) => void;
  image: string;
  placeholder?: string;
  loading?: boolean;
  onRefresh: () => void;
  invalid?: boolean;
  describedBy?: string;
  testId?: string;
}

/** Captcha answer plus its image; clicking the image asks for a new one. */
export function CaptchaInput({ id, value, onValue, image, placeholder, loading, onRefresh, invalid, describedBy, testId = 'captcha' }: CaptchaProps) {
  const { t } = useTranslation();
  return (
    <div className="input-row">
      <TextInput
        id={id}
        value={value}
        onValue={onValue}
        inputMode="numeric"
        autoComplete="off"
        maxLength={8}
        placeholder={placeholder || t('ph_account_verify_code')}
        invalid={invalid}
        describedBy={describedBy}
        data-testid={`${testId}-input`}
      />
      <button type="button" className="captcha-img" onClick={onRefresh} disabled={loading} aria-label={t('captcha_refresh')} data-testid={`${testId}-refresh`}>
        {image ? <img src={image} alt="" data-testid={`${testId}-image`} /> : <span className="captcha-img__wait">…</span>}
      </button>
    </div>
  );
}

interface CodeButtonProps {
  left: number;
  busy?: boolean;
  onClick: () => void;
  testId?: string;
  disabled?: boolean;
}

/** "Send code" that turns into a per-second countdown after a send. */
export function SendCodeButton({ left, busy, onClick, testId = 'sms-send', disabled }: CodeButtonProps) {
  const { t } = useTranslation();
  return (
    <button type="button" className="btn btn--ghost btn--sm input-row__btn" disabled={disabled || busy || left > 0} onClick={onClick} data-testid={testId}>
      {left > 0 ? t('sms_resend_in', { n: left }) : t('sms_send')}
    </button>
  );
}

/** An error for the whole form (login codes, page-level errors). */
export function FormError({ text, testId }: { text?: string; testId?: string }) {
  if (!text) return null;
  return (
    <p className="form-error" role="alert" data-testid={testId}>
      {text}
    </p>
  );
}
