import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profileQuery, registerSettingsQuery, rulesFor } from '@/api';
import { Field, SendCodeButton, TextInput } from '@/components/ui/Field';
import '@/components/ui/form.css';
import { checkVerifyCode } from '@/lib/register-rules';
import { useSession } from '@/lib/session';
import { checkProfileField, PROFILE_FIELDS } from '../fields';
import { useProfileSave, type ProfileErrors } from './useProfileSave';

/** Binds the contact handles and the phone the register settings open to the member centre. */
export function BindAccountPage() {
  const { t } = useTranslation();
  const session = useSession();
  const profile = useQuery(profileQuery(session.memberId));
  const settings = useQuery(registerSettingsQuery());
  const currency = profile.data?.member_currency ?? session.currency ?? '';
  const rules = rulesFor(settings.data ?? [], currency);
  const saver = useProfileSave(currency);
  const [values, setValues] = useState<Record<string, string>>({});
  const [code, setCode] = useState('');
  const fields = PROFILE_FIELDS.filter((f) => (f.kind === 'handle' || f.kind === 'phone') && rules[f.setting]?.memberCenter);

  if (profile.isPending || settings.isPending) return <div className="skeleton uc-skeleton" data-testid="uc-loading" />;
  const current = (wire: string) => String((profile.data as unknown as Record<string, unknown> | undefined)?.[wire] ?? '');

  const bind = async (wire: string) => {
    const f = fields.find((x) => x.wire === wire)!;
    const v = (values[wire] ?? '').trim();
    const needCode = f.kind === 'phone' && !!rules.member_phone?.memberCenterVerification;
    const validate = (): ProfileErrors => {
      const k = checkProfileField(f, v, currency, { ...rules, [f.setting]: { ...rules[f.setting], required: true } });
      const c = needCode ? checkVerifyCode(code.trim()) : '';
      return { [f.field]: k && t(k), phoneVerify: c && t(c) };
    };
    if (await saver.save(validate, () => ({ [wire]: v }), needCode ? code.trim() : undefined)) setValues((x) => ({ ...x, [wire]: '' }));
  };

  return (
    <section className="uc-card" data-testid="uc-bind">
      <header className="uc-card__head">
        <h2>{t('uc_BindAccount')}</h2>
      </header>
      {fields.length === 0 && <p className="muted">{t('bind_nothing')}</p>}
      <ul className="uc-bind">
        {fields.map((f) => {
          const bound = current(f.wire);
          return (
            <li key={f.wire} className="uc-bind__row" data-testid={`uc-bind-${f.wire}`}>
              <span className="uc-bind__label">{t(f.label)}</span>
              {bound ? (
                <span className="uc-bind__value">
                  {bound} <em className="badge badge--ok">{t('bound')}</em>
                </span>
              ) : (
                <div className="uc-bind__form">
                  <Field name={`bind-${f.wire}`} error={saver.errors[f.field]}>
                    {(id, d) => (
                      <div className="input-row">
                        <TextInput
                          id={id}
                          aria-label={t(f.label)}
                          value={values[f.wire] ?? ''}
                          onValue={(v) => setValues((x) => ({ ...x, [f.wire]: v }))}
                          inputMode={f.kind === 'phone' ? 'tel' : undefined}
                          invalid={!!saver.errors[f.field]}
                          describedBy={d}
                          data-testid={`bind-input-${f.wire}`}
                        />
                        {f.kind === 'phone' && rules.member_phone?.memberCenterVerification && (
                          <SendCodeButton left={saver.smsLeft} busy={saver.smsBusy} onClick={() => void saver.sendSms(values[f.wire] ?? '')} testId="bind-sms-send" />
                        )}
                        <button type="button" className="btn btn--gold btn--sm input-row__btn" disabled={saver.busy} onClick={() => void bind(f.wire)} data-testid={`bind-${f.wire}`}>
                          {t('bind')}
                        </button>
                      </div>
                    )}
                  </Field>
                  {f.kind === 'phone' && rules.member_phone?.memberCenterVerification && (
                    <Field name="bind-phone-verify" error={saver.errors.phoneVerify}>
                      {(id, d) => (
                        <TextInput id={id} value={code} onValue={setCode} placeholder={t('phone_verify_code')} inputMode="numeric" maxLength={6} invalid={!!saver.errors.phoneVerify} describedBy={d} data-testid="bind-phone-verify" />
                      )}
                    </Field>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
