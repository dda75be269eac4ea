import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { HANDLES, registerSettingsQuery, required as isRequired, rulesFor, shown } from '@/api';
import { CaptchaInput, Field, FormError, SendCodeButton } from '@/components/ui/Field';
import { isApiError } from '@/lib/api-client';
import { CAPTCHA_REGISTER, useCaptcha } from '@/lib/captcha';
import { removeCookie } from '@/lib/cookies';
import { loginHeader } from '@/lib/device-info';
import { registerCodeTarget, type FieldName } from '@/lib/register-codes';
import { login } from '@/lib/session';
import { getSiteId } from '@/lib/site-id';
import { useFormSubmit, type Failure } from '@/lib/use-form-submit';
import { useSmsCode } from '@/lib/use-sms-code';
import { useEnvConfig, useSiteCurrency, useSmsVerifySeconds, useStrongPasswords } from '@/site';
import { register, sendRegisterSms, verifyField } from '../api/register';
import { LINK_COOKIES, readLink, useRegisterLink } from '../hooks/useRegisterLink';
import { emptyForm, introducerOf, openCurrencies, switchCurrency, toRegisterPayload } from '../payload';
import { trackCompleteRegistration } from '../tracking';
import type { RegisterForm as Form } from '../types';
import { checkPhone, checkRegisterField, loadCommonPasswords, MSG, passwordHintKey, passwordMaxLength, phoneVerifyOn, REGISTER_FIELDS, VERIFY_NAME } from '../validate';
import { AgreementCheck, BirthdayField, CurrencyField, InputField, WithdrawDigitsField } from './RegisterFields';
import { AgreementModal } from './AgreementModal';
import './register.css';

export interface RegisterFormProps {
  layout?: 'modal' | 'page';
  onDone?: () => void;
  /** opens the login form (the modal's other tab) */
  onLogin?: () => void;
}

/** The common-password list, loaded ahead when the site's rule is strong. */
function useCommonPasswords(strong: boolean) {
  const [list, setList] = useState<ReadonlySet<string> | undefined>();
  useEffect(() => {
    if (strong) void loadCommonPasswords().then(setList);
  }, [strong]);
  return list;
}

/** Registration (spec sections 2, 4, 5 and 8): fields per currency, checks on blur and on submit, SMS code, link. */
export function RegisterForm({ layout = 'modal', onDone, onLogin }: RegisterFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const env = useEnvConfig();
  const siteCurrency = useSiteCurrency().code;
  const strong = useStrongPasswords();
  const common = useCommonPasswords(strong);
  const settingsQ = useQuery(registerSettingsQuery());
  const settings = useMemo(() => settingsQ.data ?? [], [settingsQ.data]);
  const open = useMemo(() => openCurrencies(settings, env.currencies.map((c) => c.code)), [settings, env.currencies]);

  const [form, setForm] = useState<Form>(() => {
    const link = readLink();
    return { ...emptyForm(getSiteId(), siteCurrency), memberAgent: link.agent, recommendCode: link.code };
  });
  const set = useCallback(<K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value })), []);
  const link = useRegisterLink({
    expireMinutes: env.link_expire_time,
    agent: form.memberAgent,
    code: form.recommendCode,
    onCurrency: useCallback((c: string) => setForm((f) => ({ ...f, memberCurrency: c })), []),
    onAgentDomain: useCallback((agent: string, c: string) => setForm((f) => ({ ...f, memberCurrency: c, memberAgent: agent, recommendCode: '' })), []),
  });
  const submitter = useFormSubmit<FieldName>({ failures: 'toast' });
  const { errors, setError, setErrors, show } = submitter;
  const [agree, setAgree] = useState(true);
  const [agreementOpen, setAgreementOpen] = useState(false);
  const errorTrack = useRef<string[]>([]);

  const rules = useMemo(() => rulesFor(settings, form.memberCurrency), [settings, form.memberCurrency]);
  const captchaOn = shown(rules, 'captcha');
  const captcha = useCaptcha(CAPTCHA_REGISTER, settingsQ.isSuccess && captchaOn);
  const verifyPhone = phoneVerifyOn(rules);
  const sms = useSmsCode({ send: (phone) => sendRegisterSms(phone, form.memberCurrency), nextSeconds: useSmsVerifySeconds(), onPhoneError: (m) => setError('memberPhone', m) });
  const currencyOpen = open.includes(form.memberCurrency);
  const context = { rules, strong, common, registerType: link.type };

  /** Where a register or field-check code shows (spec section 8); undefined: not one of the table's codes. */
  const codeFailure = (code: number, message: string, fallbackField?: FieldName): Failure<FieldName> | undefined => {
    const target = registerCodeTarget(code);
    if (!target) return undefined;
    const text = target.key ? t(target.key) : message || t('error');
    if (target.introducer) link.clear();
    if (target.recommendOff) link.setType((r) => (r === 'recommend_code' ? '' : r));
    const field = target.field ?? fallbackField;
    return field ? { field, message: text } : { toast: text };
  };

  /** On blur: the local rule, then the server's check (the account alone stops at the local rule). */
  const blurCheck = async (field: FieldName, f: Form = form) => {
    const local = checkRegisterField(field, f, context);
    setError(field, local ? t(local) : '');
    const wire = VERIFY_NAME[field];
    if (local || !wire || !currencyOpen) return;
    const value = field === 'introducer' ? introducerOf(f, link.type) : String(f[field as keyof Form] ?? '').trim();
    if (!value) return;
    try {
      await verifyField(wire, value, f.memberCurrency, link.type || undefined);
    } catch (e) {
      if (isApiError(e) && e.kind === 'business') show(codeFailure(e.code, e.message, field) ?? { field, message: e.message || t('error') });
    }
  };

  const changeCurrency = (next: string) => {
    if (link.currencyLocked || next === form.memberCurrency) return;
    const { form: f2 } = switchCurrency(form, settings, next);
    setForm(f2);
    setErrors({});
    // Spec section 4: re-check phone and introducer for the new currency.
    if (f2.memberPhone) void blurCheck('memberPhone', f2);
    if (introducerOf(f2, link.type)) void blurCheck('introducer', f2);
  };

  const sendSms = () => {
    if (env.demo_mode) return;
    const phone = form.memberPhone.trim();
    const local = checkPhone(phone, form.memberCurrency, true);
    if (local) setError('memberPhone', t(local));
    else void sms.send(phone);
  };

  const registered = (data: Awaited<ReturnType<typeof register>>, snapshot: Form) => {
    login(data, 'form');
    for (const c of LINK_COOKIES) removeCookie(c);
    setForm({ ...emptyForm(getSiteId(), snapshot.memberCurrency), memberCurrency: snapshot.memberCurrency });
    errorTrack.current = [];
    toast.success(t('register_success'));
    // Issue 14: limits are offered at registration, not only in the member centre.
    toast(t('limits_offer_register'), {
      action: { label: t('limits_offer_action'), onClick: () => void navigate('/user/Limits') },
    });
    void trackCompleteRegistration({
      memberId: String(data.member_id),
      email: snapshot.memberEmail.trim() || undefined,
      phone: snapshot.memberPhone.trim() || undefined,
      currency: data.member_currency || snapshot.memberCurrency,
    });
    onDone?.();
  };

  // Spec section 4: field checks, then the agreement, then register; one call at a time.
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (env.demo_mode) return;
    if (!currencyOpen) {
      submitter.setFormError(t('reg_currency_not_open'));
      return;
    }
    void submitter.attempt({
      validate: async () => {
        // The strong rule waits for the common-password list, so it answers as the server does.
        const ctx = { ...context, common: strong ? (common ?? (await loadCommonPasswords())) : undefined };
        const found: Partial<Record<FieldName, string>> = {};
        for (const field of REGISTER_FIELDS) {
          const key = checkRegisterField(field, form, ctx);
          if (key) found[field] = t(key);
        }
        if (!Object.keys(found).length && !agree) found.agreement = t(MSG.agreement);
        return found;
      },
      onInvalid: (found) => {
        const first = Object.keys(found)[0];
        document.querySelector<HTMLElement>(`[data-testid="field-${first}"] input, [data-testid="field-${first}"] select`)?.focus();
      },
      run: async () => {
        const header = await loginHeader();
        const payload = toRegisterPayload(
          { ...form, captchaToken: captcha.token, remoteAddr: header.remote_addr ?? '', errorTrack: [...errorTrack.current] },
          { registerType: link.type, agentDomain: link.domain || undefined },
        );
        registered(await register(payload), form);
      },
      onBusinessError: (err) => {
        if (err.code === 400 && /currency/i.test(err.message)) return { form: t('reg_currency_not_open') };
        const failure = codeFailure(err.code, err.message);
        if (failure) return failure;
        errorTrack.current.push(`${err.code}:${err.message}`);
        return { toast: err.message || t('error') };
      },
      after: () => {
        set('answer', '');
        captcha.refresh();
      },
    });
  };

  if (settingsQ.isPending) return <div className="register-loading skeleton" data-testid="register-loading" />;

  /** A text field bound to the form: typing clears its error, leaving it checks it. */
  const bound = (field: FieldName & keyof Form) => ({
    field,
    value: String(form[field] ?? ''),
    error: errors[field],
    onValue: (v: string) => {
      set(field, v as never);
      if (errors[field]) setError(field, '');
    },
    onBlur: () => void blurCheck(field),
  });
  const nameHint = form.memberCurrency === 'RMB' ? /* i18n */ 'reg_name_hint_rmb' : form.memberCurrency === 'VND' ? /* i18n */ 'reg_name_hint_vnd' : /* i18n */ 'reg_name_hint';
  const recommend = link.type === 'recommend_code';

  return (
    <form className={`form register-form register-form--${layout}${layout === 'page' ? ' form--two' : ''}`} onSubmit={submit} noValidate data-testid="register-form">
      <FormError text={link.error || submitter.formError || (settingsQ.isSuccess && !currencyOpen ? t('reg_currency_not_open') : '')} testId="reg-page-error" />
      <CurrencyField value={form.memberCurrency} options={env.currencies.filter((c) => open.includes(c.code) || c.code === form.memberCurrency)} disabled={link.currencyLocked} onChange={changeCurrency} />
      <InputField {...bound('memberAccount')} label={t('account')} required hint={t('reg_account_hint')} autoComplete="username" maxLength={12} placeholder={t('ph_account_name')} />
      <InputField {...bound('password')} label={t('password')} required hint={t(passwordHintKey(strong))} type="password" autoComplete="new-password" maxLength={passwordMaxLength(strong)} placeholder={t('ph_password')} />
      {shown(rules, 'check_password') && (
        <InputField {...bound('checkPassword')} label={t('confirm_password')} required type="password" autoComplete="new-password" maxLength={passwordMaxLength(strong)} placeholder={t('ph_check_password')} />
      )}
      {shown(rules, 'member_name') && <InputField {...bound('memberName')} label={t('real_name')} required={isRequired(rules, 'member_name')} hint={t(nameHint)} autoComplete="name" maxLength={50} />}
      {shown(rules, 'member_email') && (
        <InputField {...bound('memberEmail')} label={t('email')} required={isRequired(rules, 'member_email')} type="email" inputMode="email" autoComplete="email" maxLength={100} />
      )}
      {shown(rules, 'member_phone') && (
        <InputField
          {...bound('memberPhone')}
          label={t('phone')}
          required={isRequired(rules, 'member_phone')}
          inputMode="tel"
          autoComplete="tel"
          maxLength={20}
          after={verifyPhone && <SendCodeButton left={sms.left} busy={sms.busy} disabled={env.demo_mode} onClick={sendSms} />}
        />
      )}
      {verifyPhone && <InputField {...bound('phoneVerify')} label={t('phone_verify_code')} required={!!form.memberPhone.trim()} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />}
      {shown(rules, 'member_birthday') && <BirthdayField form={form} onPart={set} error={errors.birthday} required={isRequired(rules, 'member_birthday')} />}
      {shown(rules, 'withdraw_password') && (
        <WithdrawDigitsField
          digits={form.withdrawPassword}
          onDigits={(d) => {
            set('withdrawPassword', d);
            if (errors.withdrawPassword) setError('withdrawPassword', '');
          }}
          error={errors.withdrawPassword}
          required={isRequired(rules, 'withdraw_password')}
        />
      )}
      {shown(rules, 'identity_id') && <InputField {...bound('identityId')} label={t('identity_id')} required={isRequired(rules, 'identity_id')} maxLength={40} />}
      {HANDLES.filter((h) => shown(rules, h.setting)).map((h) => (
        <InputField key={h.key} {...bound(h.key)} label={t(`contact_${h.setting}`)} required={isRequired(rules, h.setting)} maxLength={50} />
      ))}
      {shown(rules, 'introducer') && (
        <InputField
          field="introducer"
          label={recommend ? t('recommend_code') : t('introducer')}
          required={isRequired(rules, 'introducer')}
          value={recommend ? form.recommendCode : form.memberAgent}
          readOnly={link.locked}
          maxLength={32}
          error={errors.introducer}
          onValue={(v) => {
            set(recommend ? 'recommendCode' : 'memberAgent', v);
            if (errors.introducer) setError('introducer', '');
          }}
          onBlur={() => !link.locked && void blurCheck('introducer')}
        />
      )}
      {captchaOn && (
        <Field name="answer" label={t('captcha')} required error={errors.answer}>
          {(id, d) => (
            <CaptchaInput
              id={id}
              value={form.answer}
              onValue={(v) => {
                set('answer', v);
                if (errors.answer) setError('answer', '');
              }}
              image={captcha.image}
              placeholder={captcha.placeholder}
              loading={captcha.loading}
              onRefresh={captcha.refresh}
              invalid={!!errors.answer}
              describedBy={d}
            />
          )}
        </Field>
      )}
      <AgreementCheck
        checked={agree}
        onChange={(v) => {
          setAgree(v);
          if (v) setError('agreement', '');
        }}
        onOpen={() => setAgreementOpen(true)}
        error={errors.agreement}
      />
      <div className="form__wide form__submit">
        <button type="submit" className="btn btn--gold btn--block" disabled={submitter.busy || !currencyOpen || env.demo_mode} data-testid="reg-submit">
          {submitter.busy ? t('loading') : t('register')}
        </button>
        {onLogin && (
          <p className="register-form__alt muted">
            {t('have_account')}{' '}
            <button type="button" className="link-button" onClick={onLogin}>
              {t('login')}
            </button>
          </p>
        )}
      </div>
      {agreementOpen && (
        <AgreementModal
          onClose={() => setAgreementOpen(false)}
          onAgree={() => {
            setAgree(true);
            setError('agreement', '');
            setAgreementOpen(false);
          }}
        />
      )}
    </form>
  );
}

export default RegisterForm;
