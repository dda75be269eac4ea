import { request } from '@/lib/api-client';

/** /member/profile/update: only fields whose register setting has is_member_center. */
export function updateProfile(fields: Record<string, string>, phoneVerify?: string): Promise<unknown> {
  return request('/member/profile/update', phoneVerify ? { ...fields, phone_verify: phoneVerify } : fields);
}

export function sendProfileSms(phone: string): Promise<unknown> {
  return request('/member/profile/sms', { member_phone: phone });
}

/**
 * /member/profile/withdraw_password: the first one is proved by the login
 * password, a change by the old withdrawal password.
 */
export function setWithdrawPassword(body: { withdraw_password: string; password?: string; old_withdraw_password?: string }): Promise<unknown> {
  return request('/member/profile/withdraw_password', body);
}
