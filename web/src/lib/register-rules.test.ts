// The browser's rules against the table the server's tests use
// (internal/member/testdata/register_cases.json): same key for every case.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkAccount,
  checkBirthday,
  checkEmail,
  checkHandle,
  checkName,
  checkPassword,
  checkPhone,
  checkVerifyCode,
  checkWithdrawPassword,
  goLower,
  isStrongRule,
  loadCommonPasswords,
  MSG,
  parseCommonPasswords,
  passwordError,
  passwordHintKey,
  passwordMaxLength,
  passwordMessage,
} from './register-rules';

interface Case {
  rule: string;
  value?: string;
  currency?: string;
  required?: boolean;
  strong?: boolean;
  kind?: string;
  year?: string;
  month?: string;
  day?: string;
  want: string;
}

const MEMBER = join(__dirname, '..', '..', '..', 'internal', 'member');
const cases = JSON.parse(readFileSync(join(MEMBER, 'testdata', 'register_cases.json'), 'utf8')) as Case[];
const common = parseCommonPasswords(readFileSync(join(MEMBER, 'common_passwords.txt'), 'utf8'));

const rules: Record<string, (c: Case) => string> = {
  account: (c) => checkAccount(c.value ?? ''),
  password: (c) => checkPassword(c.value ?? '', !!c.strong, common),
  name: (c) => checkName(c.value ?? '', c.currency ?? '', !!c.required),
  email: (c) => checkEmail(c.value ?? '', !!c.required),
  phone: (c) => checkPhone(c.value ?? '', c.currency ?? '', !!c.required),
  verify_code: (c) => checkVerifyCode(c.value ?? ''),
  handle: (c) => checkHandle(c.kind ?? '', c.value ?? '', !!c.required),
  birthday: (c) => checkBirthday(c.year ?? '', c.month ?? '', c.day ?? '', !!c.required),
  withdraw_password: (c) => checkWithdrawPassword(c.value ?? '', !!c.required),
};

describe('register rules shared with the server', () => {
  it('reads the table', () => {
    expect(cases.length).toBeGreaterThan(50);
    expect(new Set(cases.map((c) => c.rule))).toEqual(new Set(Object.keys(rules)));
  });

  it.each(cases.map((c, i) => [i, c] as const))('case %i', (_i, c) => {
    const check = rules[c.rule];
    expect(check, `unknown rule ${c.rule}`).toBeTypeOf('function');
    expect({ ...c, got: check(c) }).toEqual({ ...c, got: c.want });
  });

  it('loads the common-password list lazily through ?raw', async () => {
    const set = await loadCommonPasswords();
    expect(set.has('password123')).toBe(true);
    expect(set).toEqual(common);
  });

  it('has strong-rule cases for length bounds in code points, case folding and the list', () => {
    const strong = cases.filter((c) => c.rule === 'password' && c.strong);
    expect(new Set(strong.map((c) => c.want))).toEqual(new Set(['', MSG.pswLength, MSG.pswCommon]));
    expect(strong.some((c) => c.want === MSG.pswCommon && c.value !== c.value?.toLowerCase())).toBe(true);
    expect(strong.some((c) => c.want === '' && [...(c.value ?? '')].length === 64)).toBe(true);
  });
});

describe('strong rule details', () => {
  it('lower-cases as Go does (İ is a plain i there), so the list answers the same', () => {
    expect(goLower('\u0130LOVEYOU')).toBe('iloveyou');
    expect('\u0130LOVEYOU'.toLowerCase()).not.toBe('iloveyou');
    expect(goLower('\u212AILLER123')).toBe('killer123');
    expect(checkPassword('\u0130LOVEYOU', true, common)).toBe(MSG.pswCommon);
  });

  it('the list is ASCII, so the only non-ASCII letters that can reach it are İ and the Kelvin sign (as in Go)', () => {
    for (const p of common) expect([p, /^[\x20-\x7e]+$/.test(p)]).toEqual([p, true]);
    const toAscii: number[] = [];
    for (let cp = 0x80; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      if (/^[\x00-\x7f]+$/.test(goLower(String.fromCodePoint(cp)))) toAscii.push(cp);
    }
    expect(toAscii).toEqual([0x130, 0x212a]);
  });

  it('reads env_config.password_rule, the max length and the hint', () => {
    expect(isStrongRule('strong')).toBe(true);
    expect(isStrongRule('default')).toBe(false);
    expect(isStrongRule(undefined)).toBe(false);
    expect(passwordMaxLength(true)).toBe(64);
    expect(passwordMaxLength(false)).toBe(12);
    expect(passwordHintKey(true)).toBe('reg_password_hint_strong');
    expect(passwordHintKey(false)).toBe('reg_password_hint');
  });

  it('passwordError loads the list first and shows the strong length text', async () => {
    expect(await passwordError('Qwerty123', true)).toBe(MSG.pswCommon);
    expect(await passwordError('short', true)).toBe(MSG.pswLengthStrong);
    expect(await passwordError('short', false)).toBe(MSG.pswLength);
    expect(await passwordError('Qwerty123', false)).toBe('');
    expect(passwordMessage(MSG.pswLength, false)).toBe(MSG.pswLength);
  });
});
