// The member centre's Info page (spec sections 3, 7, 8): only the fields the
// register settings mark is_member_center can be edited, the others show
// read-only; a phone change needs the SMS code when
// is_member_center_verification is on; /member/profile/update answers the
// registration codes.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login } from '@/lib/session';
import { envConfig, loginData } from '@/test/fixtures';
import { ok } from '@/test/handlers';
import { renderApp, renderUi } from '@/test/render';
import { server } from '@/test/server';
import { InfoPage } from '../components/InfoPage';
import { profileStore, serveProfile, setting, smsCalls, update, useSettings } from './profile-server';

type User = ReturnType<typeof userEvent.setup>;

/**
 * USD: the name shown but not open to the member centre; e-mail (required),
 * phone (verified), birthday and telegram open; qq hidden. RMB opens the name:
 * the member's currency is what counts.
 */
const settings = (phoneVerification = 1) => [
  setting('member_name'),
  setting('member_email', { is_required: 1, is_member_center: 1 }),
  setting('member_phone', { is_member_center: 1, is_member_center_verification: phoneVerification }),
  setting('member_birthday', { is_member_center: 1 }),
  setting('telegram', { is_member_center: 1 }),
  setting('qq', { is_display: 0 }),
  setting('withdraw_password'),
  { ...setting('member_name', { is_member_center: 1 }), currency: 'RMB' },
];

const fail = (code: number, message = 'server says no') => () => HttpResponse.json({ code, message, data: null });

async function mount(smsVerifySeconds?: number) {
  const r = renderUi(<InfoPage />, { path: '/user/Info', env: { sms_verify_seconds: smsVerifySeconds } });
  await screen.findByTestId('uc-info');
  return r;
}

async function edit(user: User) {
  await user.click(screen.getByTestId('uc-edit'));
}

async function setValue(user: User, wire: string, value: string) {
  const input = screen.getByTestId(`uc-input-${wire}`);
  await user.clear(input);
  if (value) await user.type(input, value);
}

const err = (wire: string) => screen.queryByTestId(`field-error-uc-${wire}`)?.textContent ?? '';

beforeEach(() => {
  serveProfile();
  useSettings(settings());
  login(loginData);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Info: what shows and what can be edited', () => {
  it('shows the profile, with edit inputs only for member-centre fields', async () => {
    const user = userEvent.setup();
    await mount();
    expect(screen.getByTestId('uc-account').textContent).toBe('player01');
    expect(screen.getByTestId('uc-currency').textContent).toBe('USD');
    expect(screen.getByTestId('uc-withdraw').textContent).toBe('Set');
    expect(screen.getByTestId('uc-value-member_name').textContent).toBe('Dana Demo');
    expect(screen.getByTestId('uc-value-member_email').textContent).toBe('demo@gamehall.test');
    expect(screen.getByTestId('uc-value-member_phone').textContent).toBe('Not set');
    // qq is neither displayed nor editable, and empty: not listed.
    expect(screen.queryByTestId('uc-value-member_qq')).toBeNull();
    expect(screen.queryByTestId('uc-input-member_email')).toBeNull();

    await edit(user);
    const inputs = [...document.querySelectorAll('[data-testid^="uc-input-"]')].map((e) => e.getAttribute('data-testid'));
    expect(inputs).toEqual(['uc-input-member_email', 'uc-input-member_phone', 'uc-input-member_birthday', 'uc-input-member_telegram']);
    // The name is not open to the member centre: read-only while editing.
    expect(screen.getByTestId('uc-value-member_name').textContent).toBe('Dana Demo');
    expect((screen.getByTestId('uc-input-member_email') as HTMLInputElement).value).toBe('demo@gamehall.test');
    expect((screen.getByTestId('uc-input-member_birthday') as HTMLInputElement).value).toBe('1990-05-17');
  });

  it('a field with a value stays visible read-only even when the settings hide it', async () => {
    profileStore.profile = { ...profileStore.profile, member_qq: '123456789' };
    await mount();
    expect(screen.getByTestId('uc-value-member_qq').textContent).toBe('123456789');
  });

  it('without member-centre fields there is no edit button', async () => {
    useSettings([setting('member_name'), setting('member_email')]);
    await mount();
    expect(screen.getByTestId('uc-value-member_name').textContent).toBe('Dana Demo');
    expect(screen.queryByTestId('uc-edit')).toBeNull();
  });

  it('cancel leaves edit mode without a call', async () => {
    const bodies = update();
    const user = userEvent.setup();
    await mount();
    await edit(user);
    await setValue(user, 'member_email', 'other@gamehall.test');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('uc-input-member_email')).toBeNull();
    expect(screen.getByTestId('uc-value-member_email').textContent).toBe('demo@gamehall.test');
    expect(bodies).toHaveLength(0);
  });
});

describe('Info: saving', () => {
  it('sends only the changed member-centre fields, says so and shows the new value', async () => {
    const bodies = update();
    const user = userEvent.setup();
    await mount();
    await edit(user);
    await setValue(user, 'member_email', ' new@gamehall.test ');
    await setValue(user, 'member_telegram', '@dana_demo');
    await user.click(screen.getByTestId('uc-save'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ member_email: 'new@gamehall.test', member_telegram: '@dana_demo' });
    expect(await screen.findByText('Saved.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('uc-value-member_email').textContent).toBe('new@gamehall.test'));
    expect(screen.getByTestId('uc-value-member_telegram').textContent).toBe('@dana_demo');
  });

  it('nothing changed: no call', async () => {
    const bodies = update();
    const user = userEvent.setup();
    await mount();
    await edit(user);
    await user.click(screen.getByTestId('uc-save'));
    await waitFor(() => expect(screen.queryByTestId('uc-save')).toBeNull());
    expect(bodies).toHaveLength(0);
  });

  it.each([
    ['member_email', '', 'Required.'],
    ['member_email', 'not-an-email', 'Please enter a valid e-mail address.'],
    ['member_birthday', '1990-05', 'Please choose year, month and day.'],
    ['member_telegram', 'ab', '5 to 50 characters.'],
    ['member_telegram', 'dana demo', 'Letters, digits, _ . - only (Telegram and Skype also @).'],
  ])('%s %j is refused locally: %s', async (wire, value, text) => {
    const bodies = update();
    const user = userEvent.setup();
    await mount();
    await edit(user);
    await setValue(user, wire, value);
    await user.click(screen.getByTestId('uc-save'));
    await waitFor(() => expect(err(wire)).toBe(text));
    expect(bodies).toHaveLength(0);
  });

  it.each([
    [105, 'member_email', 'This e-mail address is already used.'],
    [206, 'member_email', 'This e-mail address is not valid.'],
    [216, 'member_email', 'This e-mail address cannot be used.'],
    [307, 'member_telegram', 'telegram: letters only'],
  ])('code %i shows under %s', async (code, wire, text) => {
    update({ code, message: 'telegram: letters only' });
    const user = userEvent.setup();
    await mount();
    await edit(user);
    await setValue(user, wire, wire === 'member_email' ? 'taken@gamehall.test' : '@dana_demo');
    await user.click(screen.getByTestId('uc-save'));
    expect((await screen.findByTestId(`field-error-uc-${wire}`)).textContent).toBe(text);
    expect(screen.getByTestId('uc-save')).toBeTruthy();
  });

  it.each([
    [996, 'You are registering too often. Please wait a minute.'],
    [400, 'member_name cannot be changed here'],
  ])('code %i is a toast', async (code, text) => {
    update({ code, message: 'member_name cannot be changed here' });
    const user = userEvent.setup();
    await mount();
    await edit(user);
    await setValue(user, 'member_email', 'x@gamehall.test');
    await user.click(screen.getByTestId('uc-save'));
    expect(await screen.findByText(text)).toBeTruthy();
  });
});

describe('Info: phone verification (is_member_center_verification)', () => {
  it('a phone change asks for the SMS code; the code goes with the update', async () => {
    const bodies = update();
    const sent = smsCalls();
    const user = userEvent.setup();
    await mount();
    await edit(user);
    expect(screen.queryByTestId('uc-sms-send')).toBeNull();
    await setValue(user, 'member_phone', '5550000002');
    expect(screen.getByTestId('uc-sms-send')).toBeTruthy();
    await user.click(screen.getByTestId('uc-save'));
    expect((await screen.findByTestId('field-error-uc-phone-verify')).textContent).toBe('Required.');
    expect(bodies).toHaveLength(0);
    await user.click(screen.getByTestId('uc-sms-send'));
    await waitFor(() => expect(sent).toEqual([{ member_phone: '5550000002' }]));
    await user.type(screen.getByTestId('uc-phone-verify'), '12345');
    await user.click(screen.getByTestId('uc-save'));
    expect((await screen.findByTestId('field-error-uc-phone-verify')).textContent).toBe('6 digits.');
    await user.type(screen.getByTestId('uc-phone-verify'), '6');
    await user.click(screen.getByTestId('uc-save'));
    await waitFor(() => expect(bodies).toEqual([{ member_phone: '5550000002', phone_verify: '123456' }]));
    await waitFor(() => expect(screen.getByTestId('uc-value-member_phone').textContent).toBe('5550000002'));
  });

  it('113 shows under the code', async () => {
    update({ code: 113, message: 'wrong code' });
    const user = userEvent.setup();
    await mount();
    await edit(user);
    await setValue(user, 'member_phone', '5550000002');
    await user.type(screen.getByTestId('uc-phone-verify'), '123456');
    await user.click(screen.getByTestId('uc-save'));
    expect((await screen.findByTestId('field-error-uc-phone-verify')).textContent).toBe('Wrong SMS code.');
  });

  it('104 (phone used) shows under the phone', async () => {
    update({ code: 104 });
    const user = userEvent.setup();
    await mount();
    await edit(user);
    await setValue(user, 'member_phone', '5550000002');
    await user.type(screen.getByTestId('uc-phone-verify'), '123456');
    await user.click(screen.getByTestId('uc-save'));
    expect((await screen.findByTestId('field-error-uc-member_phone')).textContent).toBe('This phone number is already used.');
  });

  it('the SMS countdown is 300 s, then the configured verify time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    smsCalls();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await mount(45);
    await edit(user);
    await setValue(user, 'member_phone', '5550000002');
    await user.click(screen.getByTestId('uc-sms-send'));
    await waitFor(() => expect(screen.getByTestId('uc-sms-send').textContent).toBe('300 s'));
    act(() => vi.advanceTimersByTime(300_000));
    expect(screen.getByTestId('uc-sms-send').textContent).toBe('Send code');
    await user.click(screen.getByTestId('uc-sms-send'));
    await waitFor(() => expect(screen.getByTestId('uc-sms-send').textContent).toBe('45 s'));
  });

  it.each([
    [99, 'field', 'This phone number cannot receive a code.'],
    [102, 'toast', 'A code was sent less than 5 minutes ago.'],
    [103, 'toast', 'Verification by SMS is unavailable at the moment.'],
  ])('SMS code %i shows as a %s', async (code, where, text) => {
    smsCalls(fail(code));
    const user = userEvent.setup();
    await mount();
    await edit(user);
    await setValue(user, 'member_phone', '5550000002');
    await user.click(screen.getByTestId('uc-sms-send'));
    if (where === 'field') expect((await screen.findByTestId('field-error-uc-member_phone')).textContent).toBe(text);
    else expect(await screen.findByText(text)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('uc-sms-send').textContent).toBe(code === 102 ? '300 s' : 'Send code'));
  });

  it('the phone is checked locally before a code is sent', async () => {
    const sent = smsCalls();
    const user = userEvent.setup();
    await mount();
    await edit(user);
    await setValue(user, 'member_phone', '555-0000');
    await user.click(screen.getByTestId('uc-sms-send'));
    expect((await screen.findByTestId('field-error-uc-member_phone')).textContent).toBe('Digits only.');
    expect(sent).toHaveLength(0);
  });

  it('without is_member_center_verification the phone saves without a code', async () => {
    useSettings(settings(0));
    const bodies = update();
    const user = userEvent.setup();
    await mount();
    await edit(user);
    await setValue(user, 'member_phone', '5550000002');
    expect(screen.queryByTestId('uc-sms-send')).toBeNull();
    expect(screen.queryByTestId('uc-phone-verify')).toBeNull();
    await user.click(screen.getByTestId('uc-save'));
    await waitFor(() => expect(bodies).toEqual([{ member_phone: '5550000002' }]));
  });
});

describe('/user/Info in the app', () => {
  it("gets the site's SMS verify time", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(http.post('/api/arks/web/site/detail', () => ok({ env_config: envConfig({ sms_verify_seconds: 75 }) })));
    smsCalls();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/user/Info');
    const info = await screen.findByTestId('uc-info', {}, { timeout: 5000 });
    await user.click(within(info).getByTestId('uc-edit'));
    await setValue(user, 'member_phone', '5550000002');
    await user.click(screen.getByTestId('uc-sms-send'));
    await waitFor(() => expect(screen.getByTestId('uc-sms-send').textContent).toBe('300 s'));
    act(() => vi.advanceTimersByTime(300_000));
    await user.click(screen.getByTestId('uc-sms-send'));
    await waitFor(() => expect(screen.getByTestId('uc-sms-send').textContent).toBe('75 s'));
  });
});
