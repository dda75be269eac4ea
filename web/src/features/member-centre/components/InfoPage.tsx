import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, SendCodeButton, TextInput } from '@/components/ui/Field';
import '@/components/ui/form.css';
import { profileQuery, type MemberProfile } from '@/lib/member-queries';
import { checkVerifyCode } from '@/lib/register-rules';
import { registerSettingsQuery, rulesFor } from '@/lib/register-settings';
import { useSession } from '@/lib/session';
import { checkProfileField, PROFILE_FIELDS, type ProfileField } from '../fields';
import { useProfileSave } from './useProfileSave';

const valueOf = (p: MemberProfile | undefined, f: ProfileField): string => {
  if (!p) return '';
  if (f.wire === 'identity_id') return p.new_identity_id ?? '';
  return String((p as unknown as Record<string, unknown>)[f.wire] ?? '');
};

/** Account info: every profile field; the ones the register settings open to the member centre can be edited. */
export function InfoPage({ smsVerifySeconds }: { /** env_config.sms_verify_seconds: the SMS countdown after the first 300 s */ smsVerifySeconds?: number } = {}) {
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
  const saver = useProfileSave(currency, smsVerifySeconds);
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

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const changed: Record<string, string> = {};
    const errs: Record<string, string> = {};
    for (const f of editable) {
      const v = (draft[f.wire] ?? '').trim();
      if (f.wire === 'identity_id' && v === valueOf(p, f)) continue; // masked: unchanged
      if (v === valueOf(p, f)) continue;
      const k = checkProfileField(f, v, currency, rules);
      if (k) errs[f.field] = t(k);
      changed[f.wire] = v;
    }
    if (phoneNeedsCode) {
      const c = checkVerifyCode(code.trim());
      if (c) errs.phoneVerify = t(c);
    }
    saver.setErrors(errs);
    if (Object.keys(errs).length) return;
    if (!Object.keys(changed).length) {
      setEditing(false);
      return;
    }
    if (await saver.save(changed, phoneNeedsCode ? code.trim() : undefined)) setEditing(false);
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
          <dd data-testid="uc-withdraw">{p?.is_withdraw_password ? t('is_set') : t('not_set')}</dd>
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
