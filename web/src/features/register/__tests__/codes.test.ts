// Spec section 8 register and SMS codes: where each shows.
import { describe, expect, it } from 'vitest';
import { normaliseCode, registerCodeTarget, smsCodeOutcome } from '@/lib/register-codes';

describe('register codes', () => {
  it('normalises codes before matching', () => {
    expect(normaliseCode('0102')).toBe(102);
    expect(normaliseCode(' 224 ')).toBe(224);
    expect(normaliseCode(113)).toBe(113);
    expect(normaliseCode(undefined)).toBe(0);
    expect(registerCodeTarget('0102')).toEqual(registerCodeTarget(102));
  });

  it.each([
    [102, 'memberAccount', 'reg_account_used'],
    [103, 'memberName', 'reg_name_used'],
    [104, 'memberPhone', 'reg_phone_used'],
    [105, 'memberEmail', 'reg_email_used'],
    [106, 'introducer', 'reg_no_proxy'],
    [107, 'introducer', 'reg_recommend_closed'],
    [108, 'introducer', 'reg_agent_disabled'],
    [109, 'introducer', 'reg_recommend_disabled'],
    [110, 'introducer', 'reg_code_disabled'],
    [112, 'introducer', 'reg_introducer_not_found'],
    [721, 'introducer', 'reg_self_invite'],
    [219, 'introducer', 'reg_introducer_not_found'],
    [113, 'phoneVerify', 'reg_phone_code_wrong'],
    [114, 'identityId', 'reg_identity_used'],
    [223, 'identityId', 'reg_identity_used'],
    [206, 'memberEmail', 'reg_email_invalid'],
    [209, 'memberPhone', 'reg_phone_invalid'],
    [214, 'memberName', 'reg_name_blacklisted'],
    [215, 'memberPhone', undefined],
    [216, 'memberEmail', 'reg_email_blacklisted'],
    [218, undefined, 'reg_ip_error'],
    [222, 'phoneVerify', 'reg_introducer_not_found'],
    [224, 'answer', 'reg_captcha_failed'],
    [227, 'memberName', 'reg_name_invalid'],
    [228, 'introducer', 'reg_introducer_invalid'],
    [996, undefined, 'reg_too_frequent'],
    [997, undefined, 'reg_ip_limit'],
    [301, 'memberQq', undefined],
    [302, 'memberSkype', undefined],
    [304, 'memberWechat', undefined],
    [305, 'memberZalo', undefined],
    [306, 'memberFb', undefined],
    [307, 'memberTelegram', undefined],
    [308, 'memberWhatsApp', undefined],
  ])('code %i shows on %s with %s', (code, field, key) => {
    const t = registerCodeTarget(code);
    expect(t?.field).toBe(field);
    expect(t?.key).toBe(key);
  });

  it('introducer codes clear the link; 107 also turns recommend off', () => {
    for (const c of [106, 107, 108, 109, 110, 112, 219, 222, 228, 721]) expect(registerCodeTarget(c)?.introducer).toBe(true);
    expect(registerCodeTarget(107)?.recommendOff).toBe(true);
    expect(registerCodeTarget(102)?.introducer).toBeUndefined();
  });

  it('other codes are not matched (toast and errorTrack)', () => {
    for (const c of [100, 111, 400, 500, 998]) expect(registerCodeTarget(c)).toBeUndefined();
  });
});

describe('SMS send codes', () => {
  it.each([
    [99, { field: 'memberPhone', key: 'sms_phone_verify_error' }],
    ['099', { field: 'memberPhone', key: 'sms_phone_verify_error' }],
    [102, { key: 'sms_rate_limit', countdown: true, toast: true }],
    [103, { key: 'sms_no_funds', toast: true }],
    [104, { key: 'sms_contact_cs', toast: true }],
    [201, { field: 'memberPhone', key: 'sms_phone_blank' }],
    [400, { key: 'sms_error', toast: true, serverMessage: true }],
    [500, { key: 'sms_error', toast: true }],
  ])('code %s', (code, want) => {
    expect(smsCodeOutcome(code)).toEqual(want);
  });
});
