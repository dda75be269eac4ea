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
  loadCommonPasswords,
  parseCommonPasswords,
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
});
