import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CaptchaInput, Field, FormError, SendCodeButton, TextInput } from '@/components/ui/Field';
import { isApiError } from '@/lib/api-client';
import { CAPTCHA_REGISTER, useCaptcha } from '@/lib/captcha';
import { getCookie, removeCookie, setCookie } from '@/lib/cookies';
import { loginHeader } from '@/lib/device-info';
import { errorText } from '@/lib/query-client';
import {
  checkAccount,
  checkBirthday,
  checkConfirmPassword,
  checkEmail,
  checkHandle,
  checkName,
  checkPassword,
  checkPhone,
  checkVerifyCode,
  checkWithdrawPassword,
  loadCommonPasswords,
  MSG,
  passwordHintKey,
  passwordMaxLength,
  passwordMessage,
} from '@/lib/register-rules';
import { HANDLES, registerSettingsQuery, required as isRequired, rulesFor, shown } from '@/lib/register-settings';
import { login } from '@/lib/session';
import { getSiteId } from '@/lib/site-id';
import { useCountdown } from '@/lib/use-countdown';
import { agentDomainQuery, agentInfo, register, sendRegisterSms, validLink, verifyField } from '../api/register';
import { registerCodeTarget, SMS_DEFAULT_VERIFY_SECONDS, SMS_FIRST_COUNTDOWN, smsCodeOutcome } from '@/lib/register-codes';
import { emptyForm, introducerOf, joinWithdrawPassword, openCurrencies, switchCurrency, toRegisterPayload } from '../payload';
import { trackCompleteRegistration } from '../tracking';
import type { FieldName, RegisterForm as Form, RegisterType } from '../types';
import { AgreementModal } from './AgreementModal';
import './register.css';

export interface CurrencyOption {
  code: string;
  symbol: string;
}

export interface RegisterFormProps {
  /** the site's currencies (env_config.currencies) */
  currencies: readonly CurrencyOption[];
  /** the currency the site uses for this visitor */
  siteCurrency: string;
  /** env_config.link_expire_time, minutes */
  linkExpireMinutes: number;
  /** env_config.password_rule is "strong": 8 to 64 characters, not on the common-password list */
  strongPasswords?: boolean;
  /** env_config.sms_verify_seconds: the SMS countdown after the first 300 s; not configured: 60 s */
  smsVerifySeconds?: number;
  /** env_config.demo_mode: the form shows, but registering and the SMS code are off */
  demoMode?: boolean;
  layout?: 'modal' | 'page';
  onDone?: () => void;
  /** opens the login form (the modal's other tab) */
  onLogin?: () => void;
}

type Errors = Partial<Record<FieldName, string>>;

const LINK_COOKIES = ['register_type', 'member_agent', 'recommend_code'];

/** Field -> /register/verification name (server naming). */
const VERIFY_NAME: Partial<Record<FieldName, string>> = {
  memberName: 'member_name',
  memberEmail: 'member_email',
  memberPhone: 'member_phone',
  identityId: 'identity_id',
  introducer: 'introducer',
  ...Object.fromEntries(HANDLES.map((h) => [h.key, h.wire])),
};

function readLink(): { type: RegisterType; agent: string; code: string } {
  const type = getCookie('register_type');
  const agent = getCookie('member_agent') ?? '';
  const code = getCookie('recommend_code') ?? '';
  if (type === 'member_agent' && agent) return { type, agent, code: '' };
  if (type === 'recommend_code' && code) return { type, agent: '', code };
  return { type: '', agent: '', code: '' };
}

function years(): number[] {
  const now = new Date().getFullYear();
  return Array.from({ length: 83 }, (_, i) => now - 18 - i);
}
const pad = (n: number) => String(n).padStart(2, '0');

export function RegisterForm({
  currencies,
  siteCurrency,
  linkExpireMinutes,
  strongPasswords = false,
  smsVerifySeconds: smsVerifyConfigured,
  demoMode = false,
  layout = 'modal',
  onDone,
  onLogin,
}: RegisterFormProps) {
  const { t } = useTranslation();
  const smsVerifySeconds = smsVerifyConfigured && smsVerifyConfigured > 0 ? smsVerifyConfigured : SMS_DEFAULT_VERIFY_SECONDS;
  const settingsQ = useQuery(registerSettingsQuery());
  const settings = useMemo(() => settingsQ.data ?? [], [settingsQ.data]);
  const domainQ = useQuery(agentDomainQuery(window.location.hostname));
  const offered = useMemo(() => currencies.map((c) => c.code), [currencies]);
  const open = useMemo(() => openCurrencies(settings, offered), [settings, offered]);

  const [form, setForm] = useState<Form>(() => {
    const link = readLink();
    return { ...emptyForm(getSiteId(), siteCurrency), memberAgent: link.agent, recommendCode: link.code };
  });
  const [registerType, setRegisterType] = useState<RegisterType>(() => readLink().type);
  const [introLocked, setIntroLocked] = useState(() => readLink().type !== '');
  const [currencyLocked, setCurrencyLocked] = useState(false);
  const [agentDomain, setAgentDomain] = useState('');
  const [pageError, setPageError] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [agree, setAgree] = useState(true);
  const [agreementOpen, setAgreementOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [smsBusy, setSmsBusy] = useState(false);
  const sentOnce = useRef(false);
  const countdown = useCountdown();
  const errorTrack = useRef<string[]>([]);
  const [common, setCommon] = useState<ReadonlySet<string> | undefined>();
  /** a submit waiting for the common-password list (a second submit is blocked meanwhile) */
  const listWait = useRef(false);

  const rules = useMemo(() => rulesFor(settings, form.memberCurrency), [settings, form.memberCurrency]);
  const captchaOn = shown(rules, 'captcha');
  const captcha = useCaptcha(CAPTCHA_REGISTER, settingsQ.isSuccess && captchaOn);
  const phoneVerifyOn = shown(rules, 'member_phone') && !!rules.member_phone?.verification;

  useEffect(() => {
    if (strongPasswords) void loadCommonPasswords().then(setCommon);
  }, [strongPasswords]);

  const set = useCallback(<K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value })), []);
  const setError = useCallback((field: FieldName, text: string) => setErrors((e) => ({ ...e, [field]: text })), []);

  const clearLink = useCallback(() => {
    for (const c of LINK_COOKIES) removeCookie(c);
    setIntroLocked(false);
  }, []);

  // Agent domain: the host's agent locks the currency (cookie kept 1 day).
  useEffect(() => {
    const d = domainQ.data;
    if (!domainQ.isFetched) return;
    if (d?.is_valid === 1 && d.currency) {
      setCookie('agent_domain_id', d.agent_id, { days: 1 });
      setCurrencyLocked(true);
      setAgentDomain(window.location.hostname);
      setRegisterType('member_agent');
      setIntroLocked(true);
      setForm((f) => ({ ...f, memberCurrency: d.currency, memberAgent: d.agent_id, recommendCode: '' }));
    } else {
      removeCookie('agent_domain_id');
    }
  }, [domainQ.data, domainQ.isFetched]);

  // A link (agent id or invite) must still be valid; an agent link brings the agent's currency.
  useEffect(() => {
    const link = readLink();
    if (!link.type) return;
    let live = true;
    const check = link.type === 'recommend_code' ? validLink({ recommend_code: link.code }) : validLink({ agent_id: link.agent });
    check
      .then(async (r) => {
        if (!live) return;
        if (r.is_valid !== 1) throw new Error('invalid');
        if (link.type === 'member_agent') {
          const info = await agentInfo(link.agent);
          if (live && info.currency) setForm((f) => ({ ...f, memberCurrency: info.currency }));
        }
      })
      .catch((e: unknown) => {
        if (!live) return;
        const target = isApiError(e) ? registerCodeTarget(e.code) : undefined;
        setPageError(target?.key ? t(target.key) : t('reg_invalid_link'));
        if (target?.recommendOff) setRegisterType('');
        clearLink();
      });
    return () => {
      live = false;
    };
  }, [clearLink, t]);

  // Remember the link for LINK_EXPIRE_TIME while the form is open with one.
  useEffect(() => {
    if (!introLocked || !registerType || agentDomain) return;
    const minutes = linkExpireMinutes > 0 ? linkExpireMinutes : 60;
    setCookie('register_type', registerType, { minutes });
    if (registerType === 'member_agent') setCookie('member_agent', form.memberAgent, { minutes });
    else setCookie('recommend_code', form.recommendCode, { minutes });
  }, [introLocked, registerType, agentDomain, linkExpireMinutes, form.memberAgent, form.recommendCode]);

  const currencyOpen = open.includes(form.memberCurrency);
  const notOpenError = settingsQ.isSuccess && !currencyOpen ? t('reg_currency_not_open') : '';

  /** Spec section 5, one field; '' when valid. */
  const localCheck = useCallback(
    (field: FieldName, f: Form, list: ReadonlySet<string> | undefined = common): string => {
      switch (field) {
        case 'memberAccount':
          return checkAccount(f.memberAccount);
        case 'password':
          return passwordMessage(checkPassword(f.password, strongPasswords, list), strongPasswords);
        case 'checkPassword':
          return shown(rules, 'check_password') ? checkConfirmPassword(f.checkPassword, f.password) : '';
        case 'memberName':
          return shown(rules, 'member_name') ? checkName(f.memberName, f.memberCurrency, isRequired(rules, 'member_name')) : '';
        case 'memberEmail':
          return shown(rules, 'member_email') ? checkEmail(f.memberEmail.trim(), isRequired(rules, 'member_email')) : '';
        case 'memberPhone':
          return shown(rules, 'member_phone') ? checkPhone(f.memberPhone.trim(), f.memberCurrency, isRequired(rules, 'member_phone')) : '';
        case 'phoneVerify':
          return phoneVerifyOn && f.memberPhone.trim() ? checkVerifyCode(f.phoneVerify.trim()) : '';
        case 'birthday':
          return shown(rules, 'member_birthday') ? checkBirthday(f.birthYear, f.birthMonth, f.birthDay, isRequired(rules, 'member_birthday')) : '';
        case 'withdrawPassword': {
          if (!shown(rules, 'withdraw_password')) return '';
          const digits = f.withdrawPassword;
          // Some but not all digits: not four digits.
          const joined = joinWithdrawPassword(digits);
          if (joined && digits.some((d) => d.trim() === '')) return MSG.withdrawPsw;
          return checkWithdrawPassword(joined, isRequired(rules, 'withdraw_password'));
        }
        case 'identityId':
          return isRequired(rules, 'identity_id') && !f.identityId.trim() ? MSG.required : '';
        case 'introducer':
          return isRequired(rules, 'introducer') && !introducerOf(f, registerType) ? MSG.required : '';
        case 'answer':
          return captchaOn && !f.answer.trim() ? MSG.required : '';
        default: {
          const h = HANDLES.find((x) => x.key === field);
          if (h) return shown(rules, h.setting) ? checkHandle(h.kind, f[h.key].trim(), isRequired(rules, h.setting)) : '';
          return '';
        }
      }
    },
    [rules, strongPasswords, common, phoneVerifyOn, captchaOn, registerType],
  );

  const showCode = useCallback(
    (code: number, message: string, fallbackField?: FieldName): boolean => {
      const target = registerCodeTarget(code);
      if (!target) return false;
      const text = target.key ? t(target.key) : message || t('error');
      if (target.introducer) clearLink();
      if (target.recommendOff) setRegisterType((r) => (r === 'recommend_code' ? '' : r));
      if (target.field) setError(target.field, text);
      else if (fallbackField) setError(fallbackField, text);
      else toast.error(text);
      return true;
    },
    [clearLink, setError, t],
  );

  /** On blur: the local rule, then the server's check (the account alone stops at the local rule). */
  const blurCheck = useCallback(
    async (field: FieldName, f: Form = form) => {
      const local = localCheck(field, f);
      setError(field, local ? t(local) : '');
      if (local) return;
      const wire = VERIFY_NAME[field];
      if (!wire || !currencyOpen) return;
      const value = field === 'introducer' ? introducerOf(f, registerType) : String(f[field as keyof Form] ?? '').trim();
      if (!value) return;
      try {
        await verifyField(wire, value, f.memberCurrency, registerType || undefined);
      } catch (e) {
        if (!isApiError(e) || e.kind !== 'business') return;
        if (!showCode(e.code, e.message, field)) setError(field, e.message || t('error'));
      }
    },
    [form, localCheck, currencyOpen, registerType, setError, showCode, t],
  );

  const changeCurrency = (next: string) => {
    if (currencyLocked || next === form.memberCurrency) return;
    const { form: f2 } = switchCurrency(form, settings, next);
    setForm(f2);
    setErrors({});
    // Spec section 4: re-check phone and introducer for the new currency.
    if (f2.memberPhone) void blurCheck('memberPhone', f2);
    if (introducerOf(f2, registerType)) void blurCheck('introducer', f2);
  };

  const sendSms = async () => {
    if (demoMode) return;
    const phone = form.memberPhone.trim();
    const local = checkPhone(phone, form.memberCurrency, true);
    if (local) {
      setError('memberPhone', t(local));
      return;
    }
    setSmsBusy(true);
    try {
      await sendRegisterSms(phone, form.memberCurrency);
      countdown.start(sentOnce.current ? smsVerifySeconds : SMS_FIRST_COUNTDOWN);
      sentOnce.current = true;
      toast.success(t('sms_sent'));
    } catch (e) {
      if (!isApiError(e) || e.kind !== 'business') {
        toast.error(errorText(e));
        return;
      }
      const out = smsCodeOutcome(e.code);
      if (out.countdown) {
        countdown.start(sentOnce.current ? smsVerifySeconds : SMS_FIRST_COUNTDOWN);
        sentOnce.current = true;
      }
      if (out.field) setError(out.field, t(out.key));
      else toast.error(t(out.key));
    } finally {
      setSmsBusy(false);
    }
  };

  const visibleFields = (): FieldName[] => {
    const list: FieldName[] = ['memberAccount', 'password', 'checkPassword', 'memberName', 'memberEmail', 'memberPhone', 'phoneVerify', 'birthday', 'withdrawPassword', 'identityId'];
    for (const h of HANDLES) list.push(h.key);
    list.push('introducer', 'answer');
    return list;
  };

  const resetAfterAttempt = () => {
    setForm((f) => ({ ...f, answer: '' }));
    captcha.refresh();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting || demoMode || listWait.current) return;
    if (!currencyOpen) {
      setPageError(t('reg_currency_not_open'));
      return;
    }
    // 1. field checks (the strong rule waits for the common-password list, so it answers as the server does)
    let list = common;
    if (strongPasswords && !list) {
      listWait.current = true;
      try {
        list = await loadCommonPasswords();
      } finally {
        listWait.current = false;
      }
    }
    const next: Errors = {};
    for (const field of visibleFields()) {
      const key = localCheck(field, form, list);
      if (key) next[field] = t(key);
    }
    setErrors(next);
    const first = Object.keys(next)[0];
    if (first) {
      document.querySelector<HTMLElement>(`[data-testid="field-${first}"] input, [data-testid="field-${first}"] select`)?.focus();
      return;
    }
    // 2. agreement
    if (!agree) {
      setError('agreement', t(MSG.agreement));
      return;
    }
    // 3. register
    setSubmitting(true);
    try {
      const header = await loginHeader();
      const payload = toRegisterPayload(
        { ...form, captchaToken: captcha.token, remoteAddr: header.remote_addr ?? '', errorTrack: [...errorTrack.current] },
        { registerType: introLocked || registerType ? registerType : '', agentDomain: agentDomain || undefined },
      );
      const data = await register(payload);
      const snapshot = form;
      login(data, 'form');
      for (const c of LINK_COOKIES) removeCookie(c);
      setForm({ ...emptyForm(getSiteId(), snapshot.memberCurrency), memberCurrency: snapshot.memberCurrency });
      setErrors({});
      errorTrack.current = [];
      toast.success(t('register_success'));
      void trackCompleteRegistration({
        memberId: String(data.member_id),
        email: snapshot.memberEmail.trim() || undefined,
        phone: snapshot.memberPhone.trim() || undefined,
        currency: data.member_currency || snapshot.memberCurrency,
      });
      onDone?.();
    } catch (err) {
      if (isApiError(err) && err.kind === 'business') {
        if (err.code === 400 && /currency/i.test(err.message)) setPageError(t('reg_currency_not_open'));
        else if (!showCode(err.code, err.message)) {
          errorTrack.current.push(`${err.code}:${err.message}`);
          toast.error(err.message || t('error'));
        }
      } else {
        toast.error(errorText(err));
      }
    } finally {
      setSubmitting(false);
      resetAfterAttempt();
    }
  };

  const input = (field: FieldName, key: keyof Form, props: { type?: string; placeholder?: string; inputMode?: 'numeric' | 'email' | 'tel' | 'text'; maxLength?: number; autoComplete?: string; readOnly?: boolean } = {}) =>
    (id: string, describedBy?: string) => (
      <TextInput
        id={id}
        value={String(form[key] ?? '')}
        onValue={(v) => {
          set(key, v as never);
          if (errors[field]) setError(field, '');
        }}
        onBlur={() => void blurCheck(field)}
        invalid={!!errors[field]}
        describedBy={describedBy}
        data-testid={`reg-${field}`}
        {...props}
      />
    );

  const withdrawRefs = useRef<(HTMLInputElement | null)[]>([]);
  const setDigit = (i: number, v: string) => {
    const d = v.replace(/\D/g, '').slice(-1);
    const next = [...form.withdrawPassword] as Form['withdrawPassword'];
    next[i] = d;
    set('withdrawPassword', next);
    if (errors.withdrawPassword) setError('withdrawPassword', '');
    if (d && i < 3) withdrawRefs.current[i + 1]?.focus();
  };

  if (settingsQ.isPending) return <div className="register-loading skeleton" data-testid="register-loading" />;

  const introLabel = registerType === 'recommend_code' ? t('recommend_code') : t('introducer');
  const introValue = registerType === 'recommend_code' ? form.recommendCode : form.memberAgent;
  const currencyOptions = currencies.filter((c) => open.includes(c.code) || c.code === form.memberCurrency);

  return (
    <form className={`form register-form register-form--${layout}${layout === 'page' ? ' form--two' : ''}`} onSubmit={submit} noValidate data-testid="register-form">
      <FormError text={pageError || notOpenError} testId="reg-page-error" />
      <Field name="currency" label={t('currency')} required>
        {(id) => (
          <select
            id={id}
            className="select"
            value={form.memberCurrency}
            disabled={currencyLocked}
            onChange={(e) => changeCurrency(e.target.value)}
            data-testid="reg-currency"
          >
            {currencyOptions.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code} {c.symbol}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field name="memberAccount" label={t('account')} required error={errors.memberAccount} hint={t('reg_account_hint')}>
        {(id, d) => input('memberAccount', 'memberAccount', { autoComplete: 'username', maxLength: 12, placeholder: t('ph_account_name') })(id, d)}
      </Field>
      <Field name="password" label={t('password')} required error={errors.password} hint={t(passwordHintKey(strongPasswords))}>
        {(id, d) => input('password', 'password', { type: 'password', autoComplete: 'new-password', maxLength: passwordMaxLength(strongPasswords), placeholder: t('ph_password') })(id, d)}
      </Field>
      {shown(rules, 'check_password') && (
        <Field name="checkPassword" label={t('confirm_password')} required error={errors.checkPassword}>
          {(id, d) => input('checkPassword', 'checkPassword', { type: 'password', autoComplete: 'new-password', maxLength: passwordMaxLength(strongPasswords) })(id, d)}
        </Field>
      )}
      {shown(rules, 'member_name') && (
        <Field name="memberName" label={t('real_name')} required={isRequired(rules, 'member_name')} error={errors.memberName} hint={t(form.memberCurrency === 'RMB' ? /* i18n */ 'reg_name_hint_rmb' : form.memberCurrency === 'VND' ? /* i18n */ 'reg_name_hint_vnd' : /* i18n */ 'reg_name_hint')}>
          {(id, d) => input('memberName', 'memberName', { autoComplete: 'name', maxLength: 50 })(id, d)}
        </Field>
      )}
      {shown(rules, 'member_email') && (
        <Field name="memberEmail" label={t('email')} required={isRequired(rules, 'member_email')} error={errors.memberEmail}>
          {(id, d) => input('memberEmail', 'memberEmail', { type: 'email', inputMode: 'email', autoComplete: 'email', maxLength: 100 })(id, d)}
        </Field>
      )}
      {shown(rules, 'member_phone') && (
        <Field name="memberPhone" label={t('phone')} required={isRequired(rules, 'member_phone')} error={errors.memberPhone}>
          {(id, d) => (
            <div className="input-row">
              {input('memberPhone', 'memberPhone', { inputMode: 'tel', autoComplete: 'tel', maxLength: 20 })(id, d)}
              {phoneVerifyOn && <SendCodeButton left={countdown.left} busy={smsBusy} disabled={demoMode} onClick={() => void sendSms()} />}
            </div>
          )}
        </Field>
      )}
      {phoneVerifyOn && (
        <Field name="phoneVerify" label={t('phone_verify_code')} required={!!form.memberPhone.trim()} error={errors.phoneVerify}>
          {(id, d) => input('phoneVerify', 'phoneVerify', { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 })(id, d)}
        </Field>
      )}
      {shown(rules, 'member_birthday') && (
        <Field name="birthday" label={t('birthday')} required={isRequired(rules, 'member_birthday')} error={errors.birthday}>
          {(id) => (
            <div className="input-group">
              <select id={id} className="select" value={form.birthYear} onChange={(e) => set('birthYear', e.target.value)} aria-label={t('year')} data-testid="reg-birth-year">
                <option value="">{t('year')}</option>
                {years().map((y) => (
                  <option key={y} value={String(y)}>
                    {y}
                  </option>
                ))}
              </select>
              <select className="select" value={form.birthMonth} onChange={(e) => set('birthMonth', e.target.value)} aria-label={t('month')} data-testid="reg-birth-month">
                <option value="">{t('month')}</option>
                {Array.from({ length: 12 }, (_, i) => pad(i + 1)).map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
              <select className="select" value={form.birthDay} onChange={(e) => set('birthDay', e.target.value)} aria-label={t('day')} data-testid="reg-birth-day">
                <option value="">{t('day')}</option>
                {Array.from({ length: 31 }, (_, i) => pad(i + 1)).map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
              </select>
            </div>
          )}
        </Field>
      )}
      {shown(rules, 'withdraw_password') && (
        <Field name="withdrawPassword" label={t('withdraw_password')} required={isRequired(rules, 'withdraw_password')} error={errors.withdrawPassword} hint={t('reg_withdraw_hint')}>
          {(id) => (
            <div className="input-group input-group--digits" role="group">
              {form.withdrawPassword.map((digit, i) => (
                <input
                  key={i}
                  id={i === 0 ? id : undefined}
                  ref={(el) => {
                    withdrawRefs.current[i] = el;
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
                    if (e.key === 'Backspace' && !digit && i > 0) withdrawRefs.current[i - 1]?.focus();
                  }}
                  data-testid={`reg-withdraw-${i}`}
                />
              ))}
            </div>
          )}
        </Field>
      )}
      {shown(rules, 'identity_id') && (
        <Field name="identityId" label={t('identity_id')} required={isRequired(rules, 'identity_id')} error={errors.identityId}>
          {(id, d) => input('identityId', 'identityId', { maxLength: 40 })(id, d)}
        </Field>
      )}
      {HANDLES.filter((h) => shown(rules, h.setting)).map((h) => (
        <Field key={h.key} name={h.key} label={t(`contact_${h.setting}`)} required={isRequired(rules, h.setting)} error={errors[h.key]}>
          {(id, d) => input(h.key, h.key, { maxLength: 50 })(id, d)}
        </Field>
      ))}
      {shown(rules, 'introducer') && (
        <Field name="introducer" label={introLabel} required={isRequired(rules, 'introducer')} error={errors.introducer}>
          {(id, d) => (
            <TextInput
              id={id}
              value={introValue}
              readOnly={introLocked}
              maxLength={32}
              onValue={(v) => {
                set(registerType === 'recommend_code' ? 'recommendCode' : 'memberAgent', v);
                if (errors.introducer) setError('introducer', '');
              }}
              onBlur={() => !introLocked && void blurCheck('introducer')}
              invalid={!!errors.introducer}
              describedBy={d}
              data-testid="reg-introducer"
            />
          )}
        </Field>
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
      <div className="form__wide">
        <label className="check">
          <input
            type="checkbox"
            checked={agree}
            onChange={(e) => {
              setAgree(e.target.checked);
              if (e.target.checked) setError('agreement', '');
            }}
            data-testid="reg-agreement"
          />
          <span>
            {t('reg_agree_prefix')}{' '}
            <button type="button" className="link-button" onClick={() => setAgreementOpen(true)} data-testid="reg-agreement-open">
              {t('service_agreement')}
            </button>
          </span>
        </label>
        {errors.agreement && (
          <p className="field__error" role="alert" data-testid="field-error-agreement">
            {errors.agreement}
          </p>
        )}
      </div>
      <div className="form__wide form__submit">
        <button type="submit" className="btn btn--gold btn--block" disabled={submitting || !currencyOpen || demoMode} data-testid="reg-submit">
          {submitting ? t('loading') : t('register')}
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
      {agreementOpen && <AgreementModal onClose={() => setAgreementOpen(false)} onAgree={() => { setAgree(true); setError('agreement', ''); setAgreementOpen(false); }} />}
    </form>
  );
}

export default RegisterForm;
