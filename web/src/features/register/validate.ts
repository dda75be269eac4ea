// The register form's checks (spec section 5 "Registration"). The rules live
// in lib/register-rules (the member centre edits the same fields with them)
// and are re-exported here, where the server's validate.go points.
import { HANDLES, required as isRequired, shown, type FieldRules } from '@/api';
import type { FieldName } from '@/lib/register-codes';
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
  MSG,
  passwordMessage,
} from '@/lib/register-rules';
import { introducerOf, joinWithdrawPassword } from './payload';
import type { RegisterForm, RegisterType } from './types';

export * from '@/lib/register-rules';

/** Every field the submit checks, in the order the form shows them. */
export const REGISTER_FIELDS: readonly FieldName[] = [
  'memberAccount',
  'password',
  'checkPassword',
  'memberName',
  'memberEmail',
  'memberPhone',
  'phoneVerify',
  'birthday',
  'withdrawPassword',
  'identityId',
  ...HANDLES.map((h) => h.key),
  'introducer',
  'answer',
];

/** Field -> /register/verification name (server naming); the account is checked locally only. */
export const VERIFY_NAME: Partial<Record<FieldName, string>> = {
  memberName: 'member_name',
  memberEmail: 'member_email',
  memberPhone: 'member_phone',
  identityId: 'identity_id',
  introducer: 'introducer',
  ...Object.fromEntries(HANDLES.map((h) => [h.key, h.wire])),
};

export interface CheckContext {
  /** the register settings of the form's currency */
  rules: FieldRules;
  strong: boolean;
  /** the common-password list (the strong rule) */
  common?: ReadonlySet<string>;
  registerType: RegisterType;
}

/** One field's rule for the form as it is; the message key, '' when valid (or not shown). */
export function checkRegisterField(field: FieldName, f: RegisterForm, c: CheckContext): string {
  const { rules } = c;
  switch (field) {
    case 'memberAccount':
      return checkAccount(f.memberAccount);
    case 'password':
      return passwordMessage(checkPassword(f.password, c.strong, c.common), c.strong);
    case 'checkPassword':
      return shown(rules, 'check_password') ? checkConfirmPassword(f.checkPassword, f.password) : '';
    case 'memberName':
      return shown(rules, 'member_name') ? checkName(f.memberName, f.memberCurrency, isRequired(rules, 'member_name')) : '';
    case 'memberEmail':
      return shown(rules, 'member_email') ? checkEmail(f.memberEmail.trim(), isRequired(rules, 'member_email')) : '';
    case 'memberPhone':
      return shown(rules, 'member_phone') ? checkPhone(f.memberPhone.trim(), f.memberCurrency, isRequired(rules, 'member_phone')) : '';
    case 'phoneVerify':
      return phoneVerifyOn(rules) && f.memberPhone.trim() ? checkVerifyCode(f.phoneVerify.trim()) : '';
    case 'birthday':
      return shown(rules, 'member_birthday') ? checkBirthday(f.birthYear, f.birthMonth, f.birthDay, isRequired(rules, 'member_birthday')) : '';
    case 'withdrawPassword': {
      if (!shown(rules, 'withdraw_password')) return '';
      const joined = joinWithdrawPassword(f.withdrawPassword);
      // Some but not all digits: not four digits.
      if (joined && f.withdrawPassword.some((d) => d.trim() === '')) return MSG.withdrawPsw;
      return checkWithdrawPassword(joined, isRequired(rules, 'withdraw_password'));
    }
    case 'identityId':
      return isRequired(rules, 'identity_id') && !f.identityId.trim() ? MSG.required : '';
    case 'introducer':
      return isRequired(rules, 'introducer') && !introducerOf(f, c.registerType) ? MSG.required : '';
    case 'answer':
      return shown(rules, 'captcha') && !f.answer.trim() ? MSG.required : '';
    default: {
      const h = HANDLES.find((x) => x.key === field);
      return h && shown(rules, h.setting) ? checkHandle(h.kind, f[h.key].trim(), isRequired(rules, h.setting)) : '';
    }
  }
}

/** The phone takes an SMS code when the currency's settings verify it. */
export const phoneVerifyOn = (rules: FieldRules): boolean => shown(rules, 'member_phone') && !!rules.member_phone?.verification;
