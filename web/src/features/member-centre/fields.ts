// Member-centre fields: profile column, register setting, wire name and rule.
import { checkBirthday, checkEmail, checkHandle, checkName, checkPhone } from '@/lib/register-rules';
import type { FieldName } from '@/lib/register-codes';
import { HANDLES, type FieldRules } from '@/api';

export interface ProfileField {
  /** profile column (member_profile) and /member/profile/update name */
  wire: string;
  setting: string;
  label: string;
  /** where register codes for it show */
  field: FieldName;
  kind: 'name' | 'email' | 'phone' | 'birthday' | 'identity' | 'handle';
  handle?: string;
}

export const PROFILE_FIELDS: readonly ProfileField[] = [
  { wire: 'member_name', setting: 'member_name', label: /* i18n */ 'real_name', field: 'memberName', kind: 'name' },
  { wire: 'member_email', setting: 'member_email', label: /* i18n */ 'email', field: 'memberEmail', kind: 'email' },
  { wire: 'member_phone', setting: 'member_phone', label: /* i18n */ 'phone', field: 'memberPhone', kind: 'phone' },
  { wire: 'member_birthday', setting: 'member_birthday', label: /* i18n */ 'birthday', field: 'birthday', kind: 'birthday' },
  { wire: 'identity_id', setting: 'identity_id', label: /* i18n */ 'identity_id', field: 'identityId', kind: 'identity' },
  ...HANDLES.map((h) => ({ wire: h.wire, setting: h.setting, label: `contact_${h.setting}`, field: h.key, kind: 'handle' as const, handle: h.kind })),
];

/** The rule of spec section 5 for one member-centre field ('' = valid). */
export function checkProfileField(f: ProfileField, value: string, currency: string, rules: FieldRules): string {
  const req = !!rules[f.setting]?.required;
  const v = value.trim();
  switch (f.kind) {
    case 'name':
      return checkName(v, currency, req);
    case 'email':
      return checkEmail(v, req);
    case 'phone':
      return checkPhone(v, currency, req);
    case 'birthday': {
      const [y = '', m = '', d = ''] = v ? v.split('-') : [];
      return checkBirthday(y, m, d, req);
    }
    case 'identity':
      return req && !v ? 'signup.require_text' : '';
    case 'handle':
      return checkHandle(f.handle ?? '', v, req);
  }
}
