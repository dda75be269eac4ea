// The wallet forms' own rules, one by one.
import { describe, expect, it } from 'vitest';
import { checkAccountNo, checkAmount, checkBank, checkHolder, checkWithdrawPassword, ruleText } from '../validate';

const usd = { min: 10, max: 50000, exponent: 2 };
const key = (r: ReturnType<typeof checkAmount>) => ('problem' in r ? r.problem.key : r.value);

describe('amount', () => {
  it.each([
    ['', 'wallet_amount_required'],
    ['   ', 'wallet_amount_required'],
    ['abc', 'wallet_amount_invalid'],
    ['1e3', 'wallet_amount_invalid'],
    ['-5', 'wallet_amount_invalid'],
    ['12.', 'wallet_amount_invalid'],
    ['12.345', 'wallet_amount_decimals'],
    ['0', 'wallet_amount_positive'],
    ['0.00', 'wallet_amount_positive'],
    ['9.99', 'wallet_amount_min'],
    ['50000.01', 'wallet_amount_max'],
    ['99999999999999999999', 'wallet_amount_invalid'],
  ])('%j answers %s', (text, want) => {
    expect(key(checkAmount(text, usd))).toBe(want);
  });

  it('takes amounts within the channel, grouping commas aside', () => {
    expect(key(checkAmount('10', usd))).toBe(10);
    expect(key(checkAmount('1,250.50', usd))).toBe(1250.5);
    expect(key(checkAmount('50000', usd))).toBe(50000);
  });

  it('a currency without decimals takes whole amounts only', () => {
    expect(key(checkAmount('1000.5', { min: 1, max: 10000, exponent: 0 }))).toBe('wallet_amount_whole');
    expect(key(checkAmount('1000', { min: 1, max: 10000, exponent: 0 }))).toBe(1000);
  });

  it('a withdrawal may not pass the main balance', () => {
    expect(key(checkAmount('100.01', { ...usd, balance: 100 }))).toBe('wallet_amount_balance');
    expect(key(checkAmount('100', { ...usd, balance: 100 }))).toBe(100);
  });

  it('the limits travel with their messages', () => {
    const r = checkAmount('5', usd);
    expect('problem' in r && r.problem.values).toEqual({ min: 10 });
    const d = checkAmount('1.234', usd);
    expect('problem' in d && d.problem.values).toEqual({ n: 2 });
  });
});

describe('bank account', () => {
  const t = (key: string, v?: Record<string, unknown>) => `${key} ${JSON.stringify(v)}`;
  it('words the currency rule from its digits', () => {
    expect(ruleText({ min: 8, max: 17 }, t)).toBe('wallet_rule_digits_range {"min":8,"max":17}');
    expect(ruleText({ min: 7, max: 7 }, t)).toBe('wallet_rule_digits {"n":7}');
    expect(ruleText(null, t)).toBe('');
  });

  it.each([
    ['', 'wallet_account_no_required'],
    ['1234567', 'wallet_account_no_format'],
    ['123456789012345678', 'wallet_account_no_format'],
    ['1234abcd', 'wallet_account_no_format'],
  ])('account number %j answers %s', (text, want) => {
    expect(checkAccountNo(text, { min: 8, max: 17 })?.key).toBe(want);
  });

  it('takes a number of the right length, spaces aside', () => {
    expect(checkAccountNo('1234 5678 9012', { min: 8, max: 17 })).toBeNull();
  });

  it('needs a bank and a holder', () => {
    expect(checkBank('')?.key).toBe('wallet_bank_required');
    expect(checkBank('CHASE')).toBeNull();
    expect(checkHolder('  ')?.key).toBe('wallet_holder_required');
    expect(checkHolder('Dana Demo')).toBeNull();
  });
});

describe('withdrawal password', () => {
  it('is four digits', () => {
    expect(checkWithdrawPassword('')?.key).toBe('wallet_withdraw_password_required');
    expect(checkWithdrawPassword('123')?.key).toBe('signup.err_withdraw_password');
    expect(checkWithdrawPassword('12a4')?.key).toBe('signup.err_withdraw_password');
    expect(checkWithdrawPassword('12345')?.key).toBe('signup.err_withdraw_password');
    expect(checkWithdrawPassword('1234')).toBeNull();
  });
});
