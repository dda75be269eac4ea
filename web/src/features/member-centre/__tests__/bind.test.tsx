// The member centre's BindAccount page: the contact handles and the phone
// the register settings open to the member centre (is_member_center); bound
// ones show read-only; the phone needs the SMS code when
// is_member_center_verification is on; registration codes from
// /member/profile/update.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login } from '@/lib/session';
import { loginData } from '@/test/fixtures';
import { renderUi } from '@/test/render';
import { BindAccountPage } from '../components/BindAccountPage';
import { serveProfile, setting, smsCalls, update, useSettings } from './profile-server';

type User = ReturnType<typeof userEvent.setup>;

const settings = (phoneVerification = 1) => [
  setting('member_email', { is_member_center: 1 }),
  setting('member_phone', { is_member_center: 1, is_member_center_verification: phoneVerification }),
  setting('telegram', { is_member_center: 1 }),
  setting('whatsapp', { is_member_center: 1 }),
  setting('qq'),
  setting('skype', { is_display: 0 }),
];

async function mount(smsVerifySeconds?: number) {
  renderUi(<BindAccountPage />, { path: '/user/BindAccount', env: { sms_verify_seconds: smsVerifySeconds } });
  await screen.findByTestId('uc-bind');
}

async function bind(user: User, wire: string, value: string) {
  const input = screen.getByTestId(`bind-input-${wire}`);
  await user.clear(input);
  if (value) await user.type(input, value);
  await user.click(screen.getByTestId(`bind-${wire}`));
}

const err = (name: string) => screen.queryByTestId(`field-error-${name}`)?.textContent ?? '';

beforeEach(() => {
  serveProfile({ member_whats_app: '5551112222' });
  useSettings(settings());
  login(loginData);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('BindAccount', () => {
  it('lists the phone and the handles open to the member centre; bound ones are read-only', async () => {
    await mount();
    const rows = [...document.querySelectorAll('[data-testid^="uc-bind-"]')].map((e) => e.getAttribute('data-testid'));
    expect(rows).toEqual(['uc-bind-member_phone', 'uc-bind-member_telegram', 'uc-bind-member_whats_app']);
    const whatsapp = screen.getByTestId('uc-bind-member_whats_app');
    expect(whatsapp.textContent).toContain('5551112222');
    expect(whatsapp.textContent).toContain('Bound');
    expect(screen.queryByTestId('bind-input-member_whats_app')).toBeNull();
    expect(screen.getByTestId('bind-input-member_telegram')).toBeTruthy();
  });

  it('nothing to bind says so', async () => {
    useSettings([setting('telegram'), setting('member_email', { is_member_center: 1 })]);
    await mount();
    expect(screen.getByText('There is nothing to bind for your currency.')).toBeTruthy();
  });

  it.each([
    ['', 'Required.'],
    ['abc', '5 to 50 characters.'],
    ['dana demo', 'Letters, digits, _ . - only (Telegram and Skype also @).'],
  ])('telegram %j is refused locally: %s', async (value, text) => {
    const bodies = update();
    const user = userEvent.setup();
    await mount();
    await bind(user, 'member_telegram', value);
    expect(err('bind-member_telegram')).toBe(text);
    expect(bodies).toHaveLength(0);
  });

  it('binds a handle: only that field is sent, then it shows as bound', async () => {
    const bodies = update();
    const user = userEvent.setup();
    await mount();
    await bind(user, 'member_telegram', ' @dana_demo ');
    await waitFor(() => expect(bodies).toEqual([{ member_telegram: '@dana_demo' }]));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('uc-bind-member_telegram').textContent).toContain('@dana_demo'));
    expect(screen.queryByTestId('bind-input-member_telegram')).toBeNull();
  });

  it.each([
    [307, 'bind-member_telegram', 'telegram is not valid'],
    [996, 'toast', 'You are registering too often. Please wait a minute.'],
  ])('code %i shows under %s', async (code, where, text) => {
    update({ code, message: 'telegram is not valid' });
    const user = userEvent.setup();
    await mount();
    await bind(user, 'member_telegram', '@dana_demo');
    if (where === 'toast') expect(await screen.findByText(text)).toBeTruthy();
    else expect((await screen.findByTestId(`field-error-${where}`)).textContent).toBe(text);
    expect(screen.getByTestId('bind-input-member_telegram')).toBeTruthy();
  });

  it('the phone needs the SMS code when is_member_center_verification is on', async () => {
    const bodies = update();
    const sent = smsCalls();
    const user = userEvent.setup();
    await mount();
    await user.type(screen.getByTestId('bind-input-member_phone'), '5550000002');
    await user.click(screen.getByTestId('bind-member_phone'));
    expect(err('bind-phone-verify')).toBe('Required.');
    expect(bodies).toHaveLength(0);
    await user.click(screen.getByTestId('bind-sms-send'));
    await waitFor(() => expect(sent).toEqual([{ member_phone: '5550000002' }]));
    await user.type(screen.getByTestId('bind-phone-verify'), '654321');
    await user.click(screen.getByTestId('bind-member_phone'));
    await waitFor(() => expect(bodies).toEqual([{ member_phone: '5550000002', phone_verify: '654321' }]));
    await waitFor(() => expect(screen.getByTestId('uc-bind-member_phone').textContent).toContain('5550000002'));
  });

  it('113 shows under the code, 104 under the phone', async () => {
    update({ code: 113 });
    const user = userEvent.setup();
    await mount();
    await user.type(screen.getByTestId('bind-input-member_phone'), '5550000002');
    await user.type(screen.getByTestId('bind-phone-verify'), '654321');
    await user.click(screen.getByTestId('bind-member_phone'));
    expect((await screen.findByTestId('field-error-bind-phone-verify')).textContent).toBe('Wrong SMS code.');
    update({ code: 104 });
    await user.click(screen.getByTestId('bind-member_phone'));
    expect((await screen.findByTestId('field-error-bind-member_phone')).textContent).toBe('This phone number is already used.');
  });

  it('the SMS countdown is 300 s, then the configured verify time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    smsCalls();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await mount(30);
    await user.type(screen.getByTestId('bind-input-member_phone'), '5550000002');
    await user.click(screen.getByTestId('bind-sms-send'));
    await waitFor(() => expect(screen.getByTestId('bind-sms-send').textContent).toBe('300 s'));
    act(() => vi.advanceTimersByTime(300_000));
    await user.click(screen.getByTestId('bind-sms-send'));
    await waitFor(() => expect(screen.getByTestId('bind-sms-send').textContent).toBe('30 s'));
  });

  it('without is_member_center_verification the phone binds without a code', async () => {
    useSettings(settings(0));
    const bodies = update();
    const user = userEvent.setup();
    await mount();
    expect(screen.queryByTestId('bind-sms-send')).toBeNull();
    expect(screen.queryByTestId('bind-phone-verify')).toBeNull();
    await bind(user, 'member_phone', '5550000002');
    await waitFor(() => expect(bodies).toEqual([{ member_phone: '5550000002' }]));
  });
});
