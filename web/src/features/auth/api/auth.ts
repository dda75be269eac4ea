import { request } from '@/lib/api-client';
import { collectDeviceInfo } from '@/lib/device-info';
import type { LoginData } from '@/lib/session';
import { getSiteId } from '@/lib/site-id';
import type { Challenge } from '../types';

export interface LoginInput {
  account: string;
  password: string;
  answer: string;
  captchaToken: string;
}

/** /login with the device info of spec section 3. */
export async function loginRequest(input: LoginInput): Promise<LoginData> {
  const device = await collectDeviceInfo();
  return request<LoginData>('/login', {
    account: input.account.trim(),
    password: input.password,
    site_id: getSiteId(),
    answer: input.answer.trim(),
    captcha_token: input.captchaToken,
    ...device,
  });
}

export async function doubleValidation(input: { memberLoginId: string; answer: string; captchaAnswer: string; captchaToken: string }): Promise<LoginData> {
  const device = await collectDeviceInfo();
  return request<LoginData>('/login/double_validation', {
    member_login_id: input.memberLoginId,
    answer: input.answer.trim(),
    captcha_answer: input.captchaAnswer.trim(),
    captcha_token: input.captchaToken,
    ...device,
  });
}

export function skipQuestion(memberLoginId: string): Promise<Challenge> {
  return request<Challenge>('/login/double_validation/skip', { member_login_id: memberLoginId });
}

export function logoutRequest(): Promise<unknown> {
  return request('/logout', {}, { timeoutMs: 5000 });
}

export function editPassword(oldPassword: string, newPassword: string): Promise<LoginData> {
  return request<LoginData>('/member/profile/edit_password', { old_password: oldPassword, new_password: newPassword });
}

export function clientCaptcha(): Promise<{ text: string; data: string }> {
  return request<{ text: string; data: string }>('/clientCaptcha', {});
}

export function recoveryVerify(body: { account: string; withdraw_password: string; member_email?: string; member_phone?: string }): Promise<{ token: string }> {
  return request<{ token: string }>('/arks/web/vx/verify', { site_id: getSiteId(), ...body });
}

export function recoveryReset(body: { account: string; password: string; token: string }): Promise<unknown> {
  return request('/arks/web/vx/reset', { site_id: getSiteId(), ...body });
}

export function forgotSms(account: string, phone: string): Promise<unknown> {
  return request('/forgot_password/sms', { site_id: getSiteId(), account: account.trim(), member_phone: phone.trim() });
}

export function forgotReset(body: { account: string; member_phone: string; code: string; password: string }): Promise<unknown> {
  return request('/forgot_password/reset', { site_id: getSiteId(), ...body });
}

/** /get_info_data: a JSON string with tk, member_id, member_account, member_currency. */
export async function infoData(enc: string): Promise<LoginData | undefined> {
  const raw = await request<unknown>('/get_info_data', { enc });
  let o: unknown = raw;
  if (typeof raw === 'string') o = JSON.parse(raw);
  if (!o || typeof o !== 'object') return undefined;
  const d = o as Record<string, unknown>;
  const tk = d.tk ?? d.token;
  if (!tk || !d.member_id || !d.member_account || !d.member_currency) return undefined;
  return { token: String(tk), member_id: String(d.member_id), member_account: String(d.member_account), member_currency: String(d.member_currency) };
}
