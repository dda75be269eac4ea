import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { profileQuery, type MemberProfile, registerSettingsQuery, rulesFor } from '@/api';
import { Field, SendCodeButton, TextInput } from '@/components/ui/Field';
import '@/components/ui/form.css';
import { checkVerifyCode } from '@/lib/register-rules';
import { useSession } from '@/lib/session';
import { checkProfileField, PROFILE_FIELDS, type ProfileField } from '../fields';
import { useProfileSave, type ProfileErrors } from './useProfileSave';
import { WithdrawPasswordCard } from './WithdrawPasswordCard';

const valueOf = (p: MemberProfile | undefined, f: ProfileField): string => {
  if (!p) return '';
  if (f.wire === 'identity_id') return p.new_identity_id ?? '';
  return String((p as unknown as Record<string, unknown>)[f.wire] ?? '');
};

/** Account info: every profile field; the ones the register settings open to the member centre can be edited. */
export function InfoPage() {
  const { t } = useTranslation();
  const session = useSession();
  const profile = useQuery(profileQuery(session.memberId));
  const settings = useQuery(registerSettingsQuery());
  const currency = profile.data?.member_currency ?? session.currency ?? '';
  const rules = rulesFor(settings.data ?? [], currency);
  const editable = PROFILE_FIELDS.filter((f) => rules[f.setting]?.memberCenter);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [code, setCode] = useState('');
  const saver = useProfileSave(currency);
  const p = profile.data;

  if (profile.isPending || settings.isPending) return <div className="skeleton uc-skeleton" data-testid="uc-loading" />;

  const phoneChanged = editing && draft.member_phone !== undefined && draft.member_phone.trim() !== (p?.member_phone ?? '');
  const phoneNeedsCode = phoneChanged && !!rules.member_phone?.memberCenterVerification;

  const startEdit = () => {
    setDraft(Object.fromEntries(editable.map((f) => [f.wire, valueOf(p, f)])));
    setCode('');
    saver.setErrors({});
    setEditing(true);
  };

  /** The edited fields that differ from the profile (the masked identity id unchanged stays out). */
  const changes = (): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const f of editable) {
      const v = (draft[f.wire] ?? '').trim();
      if (v !== valueOf(p, f)) out[f.wire] = v;
    }
    return out;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const changed = changes();
    const validate = (): ProfileErrors => {
      const errs: ProfileErrors = {};
      for (const f of editable) {
        const k = f.wire in changed ? checkProfileField(f, changed[f.wire], currency, rules) : '';
        if (k) errs[f.field] = t(k);
      }
      const c = phoneNeedsCode ? checkVerifyCode(code.trim()) : '';
      if (c) errs.phoneVerify = t(c);
      return errs;
    };
    // Nothing changed (so no phone code either): nothing to check or send.
    if (!Object.keys(changed).length) {
      saver.setErrors({});
      setEditing(false);
      return;
    }
    if (await saver.save(validate, () => changed, phoneNeedsCode ? code.trim() : undefined)) setEditing(false);
  };

  const rows: { label: string; value: string; testId: string }[] = [
    { label: t('account'), value: p?.member_account ?? '', testId: 'uc-account' },
    { label: t('currency'), value: p?.member_currency ?? '', testId: 'uc-currency' },
  ];

  return (
    <form className="uc-card" onSubmit={submit} noValidate data-testid="uc-info">
      <header className="uc-card__head">
        <h2>{t('uc_Info')}</h2>
        {editable.length > 0 && !editing && (
          <button type="button" className="btn btn--ghost btn--sm" onClick={startEdit} data-testid="uc-edit">
            {t('edit')}
          </button>
        )}
      </header>
      <dl className="uc-list">
        {rows.map((r) => (
          <div key={r.testId} className="uc-list__row">
            <dt>{r.label}</dt>
            <dd data-testid={r.testId}>{r.value}</dd>
          </div>
        ))}
        <div className="uc-list__row">
          <dt>{t('withdraw_password')}</dt>
          <dd>
            <span data-testid="uc-withdraw">{p?.is_withdraw_password ? t('is_set') : t('not_set')}</span>
            {!editing && <WithdrawPasswordCard isSet={!!p?.is_withdraw_password} />}
          </dd>
        </div>
        {PROFILE_FIELDS.filter((f) => rules[f.setting]?.display || rules[f.setting]?.memberCenter || valueOf(p, f)).map((f) => {
          const canEdit = editing && editable.includes(f);
          return (
            <div key={f.wire} className="uc-list__row">
              <dt>{t(f.label)}</dt>
              <dd>
                {canEdit ? (
                  <Field name={`uc-${f.wire}`} error={saver.errors[f.field]}>
                    {(id, d) => (
                      <div className="input-row">
                        <TextInput
                          id={id}
                          aria-label={t(f.label)}
                          value={draft[f.wire] ?? ''}
                          placeholder={f.kind === 'birthday' ? 'YYYY-MM-DD' : undefined}
                          onValue={(v) => setDraft((x) => ({ ...x, [f.wire]: v }))}
                          invalid={!!saver.errors[f.field]}
                          describedBy={d}
                          data-testid={`uc-input-${f.wire}`}
                        />
                        {f.wire === 'member_phone' && phoneNeedsCode && (
                          <SendCodeButton left={saver.smsLeft} busy={saver.smsBusy} onClick={() => void saver.sendSms(draft.member_phone ?? '')} testId="uc-sms-send" />
                        )}
                      </div>
                    )}
                  </Field>
                ) : (
                  <span data-testid={`uc-value-${f.wire}`}>{valueOf(p, f) || <span className="muted">{t('not_set')}</span>}</span>
                )}
              </dd>
            </div>
          );
        })}
        {phoneNeedsCode && (
          <div className="uc-list__row">
            <dt>{t('phone_verify_code')}</dt>
            <dd>
              <Field name="uc-phone-verify" error={saver.errors.phoneVerify}>
                {(id, d) => (
                  <TextInput id={id} value={code} onValue={setCode} inputMode="numeric" maxLength={6} invalid={!!saver.errors.phoneVerify} describedBy={d} data-testid="uc-phone-verify" />
                )}
              </Field>
            </dd>
          </div>
        )}
      </dl>
      {editing && (
        <div className="uc-card__actions">
          <button type="button" className="btn btn--ghost" onClick={() => setEditing(false)}>
            {t('cancel')}
          </button>
          <button type="submit" className="btn btn--gold" disabled={saver.busy} data-testid="uc-save">
            {t('save')}
          </button>
        </div>
      )}
    </form>
  );
}
