// The register form's field components: a text input, the currency, the
// birthday selects, the four withdrawal-password digits and the agreement.
import { useRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, TextInput } from '@/components/ui/Field';
import type { FieldName } from '@/lib/register-codes';
import type { RegisterForm } from '../types';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur' | 'required'>;

interface InputFieldProps extends InputProps {
  field: FieldName;
  label: ReactNode;
  value: string;
  onValue: (v: string) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  hint?: ReactNode;
  /** beside the input (the send-code button) */
  after?: ReactNode;
}

/** A labelled text input with its error; test id reg-{field}. */
export function InputField({ field, label, value, onValue, onBlur, error, required, hint, after, ...input }: InputFieldProps) {
  return (
    <Field name={field} label={label} required={required} error={error} hint={hint}>
      {(id, d) => {
        const el = <TextInput {...input} id={id} value={value} onValue={onValue} onBlur={onBlur} invalid={!!error} describedBy={d} data-testid={`reg-${field}`} />;
        return after ? (
          <div className="input-row">
            {el}
            {after}
          </div>
        ) : (
          el
        );
      }}
    </Field>
  );
}

export function CurrencyField({ value, options, disabled, onChange }: { value: string; options: readonly { code: string; symbol: string }[]; disabled: boolean; onChange: (code: string) => void }) {
  const { t } = useTranslation();
  return (
    <Field name="currency" label={t('currency')} required>
      {(id) => (
        <select id={id} className="select" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} data-testid="reg-currency">
          {options.map((c) => (
            <option key={c.code} value={c.code}>
              {c.code} {c.symbol}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function years(): number[] {
  const now = new Date().getFullYear();
  return Array.from({ length: 83 }, (_, i) => now - 18 - i);
}
const pad = (n: number) => String(n).padStart(2, '0');

type BirthKey = 'birthYear' | 'birthMonth' | 'birthDay';

export function BirthdayField({ form, onPart, error, required }: { form: Pick<RegisterForm, BirthKey>; onPart: (key: BirthKey, v: string) => void; error?: string; required: boolean }) {
  const { t } = useTranslation();
  const parts: { key: BirthKey; label: string; options: string[]; testId: string }[] = [
    { key: 'birthYear', label: t('year'), options: years().map(String), testId: 'reg-birth-year' },
    { key: 'birthMonth', label: t('month'), options: Array.from({ length: 12 }, (_, i) => pad(i + 1)), testId: 'reg-birth-month' },
    { key: 'birthDay', label: t('day'), options: Array.from({ length: 31 }, (_, i) => pad(i + 1)), testId: 'reg-birth-day' },
  ];
  return (
    <Field name="birthday" label={t('birthday')} required={required} error={error}>
      {(id) => (
        <div className="input-group">
          {parts.map((p, i) => (
            <select key={p.key} id={i === 0 ? id : undefined} className="select" value={form[p.key]} onChange={(e) => onPart(p.key, e.target.value)} aria-label={p.label} data-testid={p.testId}>
              <option value="">{p.label}</option>
              {p.options.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          ))}
        </div>
      )}
    </Field>
  );
}

type Digits = RegisterForm['withdrawPassword'];

/** Four single-digit boxes; typing moves on, Backspace in an empty box moves back. */
export function WithdrawDigitsField({ digits, onDigits, error, required }: { digits: Digits; onDigits: (d: Digits) => void; error?: string; required: boolean }) {
  const { t } = useTranslation();
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const setDigit = (i: number, v: string) => {
    const d = v.replace(/\D/g, '').slice(-1);
    const next = [...digits] as Digits;
    next[i] = d;
    onDigits(next);
    if (d && i < 3) refs.current[i + 1]?.focus();
  };
  return (
    <Field name="withdrawPassword" label={t('withdraw_password')} required={required} error={error} hint={t('reg_withdraw_hint')}>
      {(id) => (
        <div className="input-group input-group--digits" role="group">
          {digits.map((digit, i) => (
            <input
              key={i}
              id={i === 0 ? id : undefined}
              ref={(el) => {
                refs.current[i] = el;
              }}
              className="input input--digit"
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={1}
              value={digit}
              aria-label={`${t('withdraw_password')} ${i + 1}`}
              onChange={(e) => setDigit(i, e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Backspace' && !digit && i > 0) refs.current[i - 1]?.focus();
              }}
              data-testid={`reg-withdraw-${i}`}
            />
          ))}
        </div>
      )}
    </Field>
  );
}

export function AgreementCheck({ checked, onChange, onOpen, error }: { checked: boolean; onChange: (v: boolean) => void; onOpen: () => void; error?: string }) {
  const { t } = useTranslation();
  return (
    <div className="form__wide">
      <label className="check">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid="reg-agreement" />
        <span>
          {t('reg_agree_prefix')}{' '}
          <button type="button" className="link-button" onClick={onOpen} data-testid="reg-agreement-open">
            {t('service_agreement')}
          </button>
        </span>
      </label>
      {error && (
        <p className="field__error" role="alert" data-testid="field-error-agreement">
          {error}
        </p>
      )}
    </div>
  );
}
