// Spec section 5 registration rules (used by features/register and the member centre), the same as internal/member/validate.go:
// both are tested with internal/member/testdata/register_cases.json, so they
// return exactly the same message key for every case ("" = valid).

export const MSG = {
  required: 'signup.require_text',
  accountLength: 'signup.err_account_length',
  accountFormat: 'signup.err_account_format',
  pswLength: 'signup.err_psw_length',
  /** the strong rule's length message (the server answers pswLength for both rules) */
  pswLengthStrong: 'signup.err_psw_length_strong',
  pswFormat: 'signup.err_psw_format',
  pswCommon: 'signup.err_psw_common',
  checkPswDiff: 'signup.err_checkPsw_diff',
  nameRMB: 'signup.err_name_rmb',
  nameVND: 'signup.err_name_vnd',
  emailFormat: 'signup.err_email_format',
  phoneDigits: 'signup.err_phone_invalid',
  phoneVND: 'signup.err_phone_vnd_length',
  verifyCode: 'signup.err_verify_code',
  handleFormat: 'signup.err_contact_format',
  handleLength: 'signup.err_contact_length',
  birthday: 'signup.err_birthday',
  withdrawPsw: 'signup.err_withdraw_password',
  agreement: 'signup.err_agreement',
} as const;

/** Every message key the rules can give, for the locale check. */
export const RULE_KEYS = [
  /* i18n */ 'signup.require_text',
  /* i18n */ 'signup.err_account_length',
  /* i18n */ 'signup.err_account_format',
  /* i18n */ 'signup.err_psw_length',
  /* i18n */ 'signup.err_psw_length_strong',
  /* i18n */ 'signup.err_psw_format',
  /* i18n */ 'signup.err_psw_common',
  /* i18n */ 'signup.err_checkPsw_diff',
  /* i18n */ 'signup.err_name_rmb',
  /* i18n */ 'signup.err_name_vnd',
  /* i18n */ 'signup.err_email_format',
  /* i18n */ 'signup.err_phone_invalid',
  /* i18n */ 'signup.err_phone_vnd_length',
  /* i18n */ 'signup.err_verify_code',
  /* i18n */ 'signup.err_contact_format',
  /* i18n */ 'signup.err_contact_length',
  /* i18n */ 'signup.err_birthday',
  /* i18n */ 'signup.err_withdraw_password',
  /* i18n */ 'signup.err_agreement',
];

const reAccount = /^[A-Za-z0-9_]+$/;
const reLetter = /[A-Za-z]/;
const reDigit = /[0-9]/;
const rePassword = /^[A-Za-z0-9]+$/;
const reEmail = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
const reDigits = /^[0-9]+$/;
const reHandle = /^[A-Za-z0-9_.-]+$/;
const reHandleAt = /^[A-Za-z0-9_.@-]+$/;
const reChinese = /^\p{Script=Han}{2,20}(·\p{Script=Han}{1,20})*$/u;
// Go's \s (RE2) is ASCII whitespace only.
const reSpace = /[\t\n\f\r ]/;
const reVNLetters = /^\p{L}+$/u;
const reControl = /\p{Cc}/u;

/** Length in code points, as Go's utf8.RuneCountInString. */
const runes = (v: string) => [...v].length;
/** Length in UTF-8 bytes, as Go's len(). */
const bytes = (v: string) => new TextEncoder().encode(v).length;

export function checkAccount(v: string): string {
  if (v === '') return MSG.required;
  const n = runes(v);
  if (n < 6 || n > 12) return MSG.accountLength;
  if (!reAccount.test(v)) return MSG.accountFormat;
  return '';
}

/** Password lengths (code points) of the default and the strong rule. */
export const PASSWORD_MIN = { default: 6, strong: 8 } as const;
export const PASSWORD_MAX = { default: 12, strong: 64 } as const;

/** The site's rule as env_config.password_rule publishes it ("default" | "strong"). */
export const isStrongRule = (rule: string | undefined | null): boolean => rule === 'strong';

/** An input's maxLength for a password that is being set. */
export const passwordMaxLength = (strong: boolean): number => (strong ? PASSWORD_MAX.strong : PASSWORD_MAX.default);

/** The hint under a new-password field. */
export const passwordHintKey = (strong: boolean): string => (strong ? /* i18n */ 'reg_password_hint_strong' : /* i18n */ 'reg_password_hint');

/**
 * Lower case as Go's strings.ToLower (rune by rune, Unicode simple case
 * mapping), which the server's list lookup uses: JavaScript's toLowerCase
 * applies the full mapping, which differs for U+0130 (İ, "i" plus a combining
 * dot in JavaScript, plain "i" in Go) and for a final sigma.
 */
export function goLower(v: string): string {
  let out = '';
  for (const c of v) out += c === '\u0130' ? 'i' : c === '\u03a3' ? '\u03c3' : c.toLowerCase();
  return out;
}

/**
 * The spec's password rule (6 to 12 letters and digits, at least one of
 * each), or with strong the site's stronger rule: 8 to 64 characters of any
 * kind, refused when on the common-password list (lower-cased).
 */
export function checkPassword(v: string, strong = false, common?: ReadonlySet<string>): string {
  if (v === '') return MSG.required;
  const n = runes(v);
  if (strong) {
    if (n < PASSWORD_MIN.strong || n > PASSWORD_MAX.strong) return MSG.pswLength;
    if (common?.has(goLower(v))) return MSG.pswCommon;
    return '';
  }
  if (n < PASSWORD_MIN.default || n > PASSWORD_MAX.default) return MSG.pswLength;
  if (!rePassword.test(v) || !reLetter.test(v) || !reDigit.test(v)) return MSG.pswFormat;
  return '';
}

export function checkConfirmPassword(v: string, password: string): string {
  if (v === '') return MSG.required;
  return v === password ? '' : MSG.checkPswDiff;
}

/** Trimmed; Chinese real names for RMB, a Vietnamese name without spaces for VND. */
export function checkName(value: string, currency: string, required: boolean): string {
  const v = value.trim();
  if (v === '') return required ? MSG.required : '';
  switch (currency) {
    case 'RMB':
      return reChinese.test(v) ? '' : MSG.nameRMB;
    case 'VND':
      return reSpace.test(v) || !reVNLetters.test(v) ? MSG.nameVND : '';
    default:
      if (runes(v) > 50) return MSG.handleLength;
      return reControl.test(v) ? MSG.nameVND : '';
  }
}

export function checkEmail(v: string, required: boolean): string {
  if (v === '') return required ? MSG.required : '';
  return bytes(v) > 100 || !reEmail.test(v) ? MSG.emailFormat : '';
}

export function checkPhone(v: string, currency: string, required: boolean): string {
  if (v === '') return required ? MSG.required : '';
  if (!reDigits.test(v) || v.length > 20) return MSG.phoneDigits;
  if (currency === 'VND' && v.length !== 10) return MSG.phoneVND;
  return '';
}

export function checkVerifyCode(v: string): string {
  if (v === '') return MSG.required;
  return v.length !== 6 || !reDigits.test(v) ? MSG.verifyCode : '';
}

export type HandleKind = 'qq' | 'telegram' | 'whatsapp' | 'wechat' | 'facebook' | 'skype' | 'zalo';

export function checkHandle(kind: HandleKind | string, v: string, required: boolean): string {
  if (v === '') return required ? MSG.required : '';
  const re = kind === 'telegram' || kind === 'skype' ? reHandleAt : reHandle;
  if (!re.test(v)) return MSG.handleFormat;
  const n = runes(v);
  return n < 5 || n > 50 ? MSG.handleLength : '';
}

/** Required: all three numeric. Optional: all three or none. */
export function checkBirthday(year: string, month: string, day: string, required: boolean): string {
  const parts = [year, month, day];
  const filled = parts.filter((p) => p !== '').length;
  if (filled === 0) return required ? MSG.required : '';
  if (filled !== 3) return MSG.birthday;
  return parts.every((p) => reDigits.test(p)) ? '' : MSG.birthday;
}

/** Four digits when given; "" (four blanks) means not set. */
export function checkWithdrawPassword(v: string, required: boolean): string {
  if (v === '') return required ? MSG.required : '';
  return bytes(v) !== 4 || !reDigits.test(v) ? MSG.withdrawPsw : '';
}

/** Parses internal/member/common_passwords.txt: one a line, # comments. */
export function parseCommonPasswords(text: string): Set<string> {
  const set = new Set<string>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line && !line.startsWith('#')) set.add(goLower(line));
  }
  return set;
}

let common: Promise<Set<string>> | null = null;

/** The common-password list, fetched only when the site uses strong passwords. */
export function loadCommonPasswords(): Promise<Set<string>> {
  common ??= import('../../../internal/member/common_passwords.txt?raw').then((m) => parseCommonPasswords(m.default));
  return common;
}

/**
 * The message key to show for a password being set: the shared rule's key,
 * with the strong rule's own length text. With the strong rule the
 * common-password list is loaded first, so the answer never depends on
 * whether the lazy list has arrived yet.
 */
export async function passwordError(v: string, strong: boolean): Promise<string> {
  const list = strong ? await loadCommonPasswords() : undefined;
  return passwordMessage(checkPassword(v, strong, list), strong);
}

/** The key to display for a checkPassword result under the given rule. */
export function passwordMessage(key: string, strong: boolean): string {
  return strong && key === MSG.pswLength ? MSG.pswLengthStrong : key;
}

/** A password being set and its confirmation (forgot-password reset, password change): keys, '' when valid. */
export async function newPasswordErrors(password: string, confirm: string, strong: boolean): Promise<{ password: string; confirm: string }> {
  const p = await passwordError(password, strong);
  return { password: p, confirm: p ? '' : checkConfirmPassword(confirm, password) };
}
