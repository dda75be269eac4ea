// The wallet forms' own checks, before anything is sent: each answers an
// i18n key and its values, or null when the input is fine.

export interface Problem {
  key: string;
  values?: Record<string, string | number>;
}

export interface Limits {
  /** the channel's minimum and maximum, major units */
  min: number;
  max: number;
  /** the currency's decimals */
  exponent: number;
  /** what the main wallet holds, for a withdrawal */
  balance?: number;
}

const AMOUNT = /^\d+(\.\d+)?$/;

/**
 * The amount as typed ("100", "12.50"): digits with at most the currency's
 * decimals, above zero and within the channel. Grouping commas are ignored.
 */
export function checkAmount(text: string, l: Limits): { value: number } | { problem: Problem } {
  const s = text.trim().replace(/,/g, '');
  if (!s) return { problem: { key: /* i18n */ 'wallet_amount_required' } };
  if (!AMOUNT.test(s)) return { problem: { key: /* i18n */ 'wallet_amount_invalid' } };
  const decimals = s.split('.')[1]?.length ?? 0;
  if (decimals > l.exponent) {
    return { problem: l.exponent === 0 ? { key: /* i18n */ 'wallet_amount_whole' } : { key: /* i18n */ 'wallet_amount_decimals', values: { n: l.exponent } } };
  }
  const value = Number(s);
  if (!Number.isSafeInteger(Math.round(value * 10 ** l.exponent))) return { problem: { key: 'wallet_amount_invalid' } };
  if (value <= 0) return { problem: { key: /* i18n */ 'wallet_amount_positive' } };
  if (value < l.min) return { problem: { key: /* i18n */ 'wallet_amount_min', values: { min: l.min } } };
  if (value > l.max) return { problem: { key: /* i18n */ 'wallet_amount_max', values: { max: l.max } } };
  if (l.balance !== undefined && value > l.balance) return { problem: { key: /* i18n */ 'wallet_amount_balance' } };
  return { value };
}

/** An account number rule of the server (account_no_digits): digits only, min to max of them. */
export interface Digits {
  min: number;
  max: number;
}

/** The rule in the reader's words, for the hint and the error; '' when the currency has none. */
export function ruleText(d: Digits | null, t: (key: string, values?: Record<string, unknown>) => string): string {
  if (!d) return '';
  return d.min === d.max ? t(/* i18n */ 'wallet_rule_digits', { n: d.min }) : t(/* i18n */ 'wallet_rule_digits_range', { min: d.min, max: d.max });
}

/** Digits only (spaces allowed while typing), as long as the currency's rule says; the caller words the rule. */
export function checkAccountNo(text: string, d: Digits | null): Problem | null {
  const s = text.replace(/\s+/g, '');
  if (!s) return { key: /* i18n */ 'wallet_account_no_required' };
  if (!/^\d+$/.test(s) || (d && (s.length < d.min || s.length > d.max))) return { key: /* i18n */ 'wallet_account_no_format' };
  return null;
}

export function checkHolder(text: string): Problem | null {
  return text.trim() ? null : { key: /* i18n */ 'wallet_holder_required' };
}

export function checkBank(code: string): Problem | null {
  return code ? null : { key: /* i18n */ 'wallet_bank_required' };
}

/** Spec section 5: the withdrawal password is four digits. */
export function checkWithdrawPassword(text: string): Problem | null {
  if (!text) return { key: /* i18n */ 'wallet_withdraw_password_required' };
  return /^\d{4}$/.test(text) ? null : { key: /* i18n */ 'signup.err_withdraw_password' };
}
