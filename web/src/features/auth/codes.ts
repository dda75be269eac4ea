// Spec section 8: what each login, double-validation and recovery code shows.
import { normaliseCode } from '@/lib/register-codes';

export type LoginOutcome =
  | { kind: 'message'; key: string; suffix?: string }
  | { kind: 'server' }
  | { kind: 'double-validation' }
  | { kind: 'recovery' };

export function loginOutcome(code: unknown): LoginOutcome {
  const c = normaliseCode(code);
  switch (c) {
    case 101:
      return { kind: 'message', key: /* i18n */ 'account_error' };
    case 102:
      return { kind: 'message', key: /* i18n */ 'account_disable' };
    case 103:
      return { kind: 'message', key: /* i18n */ 'account_freezen' };
    case 105:
      return { kind: 'message', key: /* i18n */ 'verify_failed' };
    case 201:
    case 202:
    case 203:
      return { kind: 'message', key: /* i18n */ 'ip_error', suffix: String(c) };
    case 106:
      return { kind: 'message', key: 'ip_error' };
    case 107:
      return { kind: 'double-validation' };
    case 802:
      return { kind: 'recovery' };
    default:
      return { kind: 'server' };
  }
}

export function dvOutcome(code: unknown): { key?: string } {
  switch (normaliseCode(code)) {
    case 106:
      return { key: 'ip_error' };
    case 103:
    case 104:
    case 105:
    case 205:
    case 206:
      return { key: 'verify_failed' };
    case 998:
      return { key: /* i18n */ 'double_validation_faild' };
    default:
      // 101, 102, 202 and others: the server's message.
      return {};
  }
}

export function skipOutcome(code: unknown): { key?: string } {
  switch (normaliseCode(code)) {
    case 101:
      return { key: 'account_error' };
    case 998:
      return { key: 'double_validation_faild' };
    default:
      return {};
  }
}

/** Recovery verify: 101, 102 and 201 to 204 ask to verify again; reset: 101, 102, 201 to 203. */
export function recoveryVerifyAgain(code: unknown, step: 'verify' | 'reset'): boolean {
  const c = normaliseCode(code);
  if (c === 101 || c === 102) return true;
  return step === 'verify' ? c >= 201 && c <= 204 : c >= 201 && c <= 203;
}

/** Labels of the double-validation question columns (spec section 3). */
export const QUESTION_KEYS: Record<string, string> = {
  member_name: /* i18n */ 'dv_q_member_name',
  identity_id: /* i18n */ 'dv_q_identity_id',
  member_phone: /* i18n */ 'dv_q_member_phone',
  member_email: /* i18n */ 'dv_q_member_email',
  withdraw_password: /* i18n */ 'dv_q_withdraw_password',
};
