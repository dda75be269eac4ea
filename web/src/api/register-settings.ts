// /arks/web/register-settings: per currency, which fields are shown,
// required, unique, verified and editable in the member centre. Used by the
// register form and the member centre alike.
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { getSiteId } from '@/lib/site-id';
import { keys } from './keys';

/** One row (spec section 3 "Register setting item"). */
export interface RegisterSetting {
  name: string;
  currency: string;
  is_display: number;
  is_required: number;
  is_unique: number;
  is_member_center: number;
  is_verification: number;
  is_member_center_verification?: number;
}

export const registerSettingsQuery = () =>
  queryOptions({
    queryKey: keys.registerSettings(),
    queryFn: ({ signal }) =>
      request<{ list: RegisterSetting[] }>('/arks/web/register-settings', { site_id: getSiteId() }, { signal }).then((d) => d.list ?? []),
    staleTime: 5 * 60_000,
  });

export interface FieldRule {
  display: boolean;
  required: boolean;
  unique: boolean;
  verification: boolean;
  memberCenter: boolean;
  memberCenterVerification: boolean;
}

export type FieldRules = Record<string, FieldRule>;

/** The currency's settings by name (member_name, member_phone, qq, captcha, check_password ...). */
export function rulesFor(settings: readonly RegisterSetting[], currency: string): FieldRules {
  const out: FieldRules = {};
  for (const s of settings) {
    if (s.currency !== currency) continue;
    out[s.name] = {
      display: s.is_display === 1,
      required: s.is_display === 1 && s.is_required === 1,
      unique: s.is_unique === 1,
      verification: s.is_verification === 1,
      memberCenter: s.is_member_center === 1,
      memberCenterVerification: s.is_member_center_verification === 1,
    };
  }
  return out;
}

export const shown = (rules: FieldRules, name: string) => !!rules[name]?.display;
export const required = (rules: FieldRules, name: string) => !!rules[name]?.required;

/** Contact handles: setting name, rule kind, form key, wire name, profile field and code (spec section 8). */
export const HANDLES = [
  { setting: 'qq', kind: 'qq', key: 'memberQq', wire: 'member_qq', code: 301 },
  { setting: 'skype', kind: 'skype', key: 'memberSkype', wire: 'member_skype', code: 302 },
  { setting: 'wechat', kind: 'wechat', key: 'memberWechat', wire: 'member_wechat', code: 304 },
  { setting: 'zalo', kind: 'zalo', key: 'memberZalo', wire: 'member_zalo', code: 305 },
  { setting: 'facebook', kind: 'facebook', key: 'memberFb', wire: 'member_fb', code: 306 },
  { setting: 'telegram', kind: 'telegram', key: 'memberTelegram', wire: 'member_telegram', code: 307 },
  { setting: 'whatsapp', kind: 'whatsapp', key: 'memberWhatsApp', wire: 'member_whats_app', code: 308 },
] as const;

export type HandleKey = (typeof HANDLES)[number]['key'];
