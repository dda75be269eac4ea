// Spec section 3 "Registration payload": the form in camel case, renamed to
// the wire's snake_case before the call (docs/api.md /register).
import { HANDLES, rulesFor, shown, type RegisterSetting } from '@/api';
import type { RegisterForm, RegisterType } from './types';

export function emptyForm(siteId: number, currency: string): RegisterForm {
  return {
    siteId,
    memberAccount: '',
    password: '',
    checkPassword: '',
    memberCurrency: currency,
    memberName: '',
    memberAgent: '',
    recommendCode: '',
    memberEmail: '',
    birthYear: '',
    birthMonth: '',
    birthDay: '',
    withdrawPassword: ['', '', '', ''],
    memberPhone: '',
    phoneVerify: '',
    memberQq: '',
    memberTelegram: '',
    memberWhatsApp: '',
    memberSkype: '',
    memberFb: '',
    memberZalo: '',
    memberWechat: '',
    memberOthers: '',
    identityId: '',
    answer: '',
    captchaToken: '',
    remoteAddr: '',
    errorTrack: [],
  };
}

/** siteId -> site_id, memberWhatsApp -> member_whats_app. */
export function camelToSnake(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Year-month-day joined by dashes; empty when not given. */
export function joinBirthday(year: string, month: string, day: string): string {
  if (!year && !month && !day) return '';
  return [year, month, day].join('-');
}

/** The four digits joined; empty when all are blank. */
export function joinWithdrawPassword(digits: readonly string[]): string {
  return digits.every((d) => d.trim() === '') ? '' : digits.map((d) => d.trim()).join('');
}

/** The introducer: the recommend code for recommend_code links, else the agent field. */
export function introducerOf(form: Pick<RegisterForm, 'memberAgent' | 'recommendCode'>, type: RegisterType): string {
  return (type === 'recommend_code' ? form.recommendCode : form.memberAgent).trim();
}

export interface PayloadExtras {
  registerType: RegisterType;
  /** the host when it belongs to an agent (locks currency and introducer on the server) */
  agentDomain?: string;
}

export function toRegisterPayload(form: RegisterForm, extras: PayloadExtras): Record<string, unknown> {
  const { checkPassword: _drop, birthYear, birthMonth, birthDay, withdrawPassword, memberAgent: _a, recommendCode: _r, ...rest } = form;
  const camel: Record<string, unknown> = {
    ...rest,
    memberName: form.memberName.trim(),
    memberEmail: form.memberEmail.trim(),
    introducer: introducerOf(form, extras.registerType),
    memberBirthday: joinBirthday(birthYear, birthMonth, birthDay),
    withdrawPassword: joinWithdrawPassword(withdrawPassword),
  };
  if (extras.registerType) camel.registerType = extras.registerType;
  if (extras.agentDomain) camel.agentDomain = extras.agentDomain;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(camel)) out[camelToSnake(k)] = v;
  return out;
}

/** Currencies that have a registration form. */
export function openCurrencies(settings: readonly RegisterSetting[], offered: readonly string[]): string[] {
  const withRules = new Set(settings.map((s) => s.currency));
  return offered.filter((c) => withRules.has(c));
}

/** Form fields whose visibility a setting decides, by setting name. */
export const SETTING_FIELDS: Record<string, readonly (keyof RegisterForm)[]> = {
  member_name: ['memberName'],
  member_email: ['memberEmail'],
  member_phone: ['memberPhone', 'phoneVerify'],
  member_birthday: ['birthYear', 'birthMonth', 'birthDay'],
  withdraw_password: ['withdrawPassword'],
  identity_id: ['identityId'],
  check_password: ['checkPassword'],
  captcha: ['answer'],
  ...Object.fromEntries(HANDLES.map((h) => [h.setting, [h.key]])),
};

/**
 * Spec section 4: a currency change recomputes visible fields, clears the
 * birthday if its visibility changed and resets changed fields to defaults.
 * Returns the form for the new currency and the settings whose visibility changed.
 */
export function switchCurrency(form: RegisterForm, settings: readonly RegisterSetting[], next: string): { form: RegisterForm; changed: string[] } {
  const before = rulesFor(settings, form.memberCurrency);
  const after = rulesFor(settings, next);
  const blank = emptyForm(form.siteId, next);
  const out: RegisterForm = { ...form, memberCurrency: next };
  const changed: string[] = [];
  for (const [setting, keys] of Object.entries(SETTING_FIELDS)) {
    if (shown(before, setting) === shown(after, setting)) continue;
    changed.push(setting);
    for (const k of keys) (out as unknown as Record<string, unknown>)[k] = blank[k];
  }
  return { form: out, changed };
}
