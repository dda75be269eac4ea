// Spec section 3 "Registration payload" and the currency switch of section 4.
import { describe, expect, it } from 'vitest';
import { registerSettings } from '@/test/fixtures';
import { camelToSnake, emptyForm, joinBirthday, joinWithdrawPassword, switchCurrency, toRegisterPayload } from '../payload';

const filled = () => ({
  ...emptyForm(1, 'USD'),
  memberAccount: 'player01',
  password: 'abc12345',
  checkPassword: 'abc12345',
  memberName: '  Dana Demo ',
  memberAgent: 'agent001',
  recommendCode: 'DEMO2026',
  memberEmail: ' dana@example.com ',
  birthYear: '1990',
  birthMonth: '05',
  birthDay: '17',
  withdrawPassword: ['1', '2', '3', '4'] as [string, string, string, string],
  memberPhone: '5551234567',
  phoneVerify: '123456',
  memberWhatsApp: 'dana_wa',
  memberFb: 'dana.fb',
  identityId: 'ID123',
  answer: '1234',
  captchaToken: 'cap',
  remoteAddr: '203.0.113.9',
  errorTrack: ['500:boom'],
});

describe('register payload', () => {
  it('renames camel case to snake case', () => {
    expect(camelToSnake('siteId')).toBe('site_id');
    expect(camelToSnake('memberWhatsApp')).toBe('member_whats_app');
    expect(camelToSnake('memberQq')).toBe('member_qq');
    expect(camelToSnake('captchaToken')).toBe('captcha_token');
  });

  it('maps every field, drops checkPassword, joins birthday and withdrawal password', () => {
    const p = toRegisterPayload(filled(), { registerType: '' });
    expect(p).toEqual({
      site_id: 1,
      member_account: 'player01',
      password: 'abc12345',
      member_currency: 'USD',
      member_name: 'Dana Demo',
      introducer: 'agent001',
      member_email: 'dana@example.com',
      member_birthday: '1990-05-17',
      withdraw_password: '1234',
      member_phone: '5551234567',
      phone_verify: '123456',
      member_qq: '',
      member_telegram: '',
      member_whats_app: 'dana_wa',
      member_skype: '',
      member_fb: 'dana.fb',
      member_zalo: '',
      member_wechat: '',
      member_others: '',
      identity_id: 'ID123',
      answer: '1234',
      captcha_token: 'cap',
      remote_addr: '203.0.113.9',
      error_track: ['500:boom'],
    });
    expect(p).not.toHaveProperty('check_password');
  });

  it('takes the introducer from the recommend code for recommend_code links, else the agent field', () => {
    expect(toRegisterPayload(filled(), { registerType: 'recommend_code' })).toMatchObject({ introducer: 'DEMO2026', register_type: 'recommend_code' });
    expect(toRegisterPayload(filled(), { registerType: 'member_agent' })).toMatchObject({ introducer: 'agent001', register_type: 'member_agent' });
    expect(toRegisterPayload(filled(), { registerType: '', agentDomain: 'agent.localhost' })).toMatchObject({ agent_domain: 'agent.localhost' });
  });

  it('empty birthday and four blank digits are empty strings', () => {
    expect(joinBirthday('', '', '')).toBe('');
    expect(joinBirthday('1990', '', '')).toBe('1990--');
    expect(joinWithdrawPassword(['', ' ', '', ''])).toBe('');
    expect(joinWithdrawPassword(['0', '0', '4', '2'])).toBe('0042');
    const p = toRegisterPayload({ ...filled(), birthYear: '', birthMonth: '', birthDay: '', withdrawPassword: ['', '', '', ''] }, { registerType: '' });
    expect(p.member_birthday).toBe('');
    expect(p.withdraw_password).toBe('');
  });
});

describe('currency change (spec section 4)', () => {
  it('resets fields whose visibility changed, clears the birthday, keeps the rest', () => {
    const { form, changed } = switchCurrency(filled(), registerSettings, 'VND');
    // USD shows birthday, withdrawal password, telegram, whatsapp; VND does not; VND shows zalo, facebook.
    expect(changed.sort()).toEqual(['facebook', 'member_birthday', 'telegram', 'whatsapp', 'withdraw_password', 'zalo'].sort());
    expect(form.memberCurrency).toBe('VND');
    expect([form.birthYear, form.birthMonth, form.birthDay]).toEqual(['', '', '']);
    expect(form.withdrawPassword).toEqual(['', '', '', '']);
    expect(form.memberWhatsApp).toBe('');
    expect(form.memberFb).toBe('');
    // Shown in both: kept.
    expect(form.memberPhone).toBe('5551234567');
    expect(form.memberEmail).toBe(' dana@example.com ');
    expect(form.memberAccount).toBe('player01');
  });
});
