import { request } from '@/lib/api-client';

/** /member/profile/update: only fields whose register setting has is_member_center. */
export function updateProfile(fields: Record<string, string>, phoneVerify?: string): Promise<unknown> {
  return request('/member/profile/update', phoneVerify ? { ...fields, phone_verify: phoneVerify } : fields);
}

export function sendProfileSms(phone: string): Promise<unknown> {
  return request('/member/profile/sms', { member_phone: phone });
}
