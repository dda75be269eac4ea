// The register form against msw: fields per currency, checks, codes, SMS
// countdowns, link cookies, agent domain, success.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCookie, setCookie } from '@/lib/cookies';
import type { EnvConfig } from '@/site';
import { loginData } from '@/test/fixtures';
import { ok } from '@/test/handlers';
import { renderUi } from '@/test/render';
import { server } from '@/test/server';
import { RegisterForm } from '../components/RegisterForm';

function renderForm(onDone = () => {}, env: Partial<EnvConfig> = {}) {
  return renderUi(<RegisterForm onDone={onDone} />, { env });
}

type User = ReturnType<typeof userEvent.setup>;

async function fillUsd(user: User) {
  await screen.findByTestId('register-form');
  await user.type(screen.getByTestId('reg-memberAccount'), 'player01');
  await user.type(screen.getByTestId('reg-password'), 'abc12345');
  await user.type(screen.getByTestId('reg-checkPassword'), 'abc12345');
  await user.type(screen.getByTestId('reg-memberEmail'), 'p@example.com');
  await screen.findByTestId('captcha-image');
  await user.type(screen.getByTestId('captcha-input'), '1234');
}

const fields = () => [...document.querySelectorAll('[data-testid^="field-"]')].map((e) => e.getAttribute('data-testid')!.slice(6)).filter((n) => !n.startsWith('error'));

afterEach(() => {
  vi.useRealTimers();
});

describe('register form fields', () => {
  it('shows the fields the currency configures and recomputes them on a currency change', async () => {
    const user = userEvent.setup();
    renderForm();
    await screen.findByTestId('register-form');
    expect(fields()).toEqual([
      'currency', 'memberAccount', 'password', 'checkPassword', 'memberName', 'memberEmail', 'memberPhone', 'phoneVerify', 'birthday', 'withdrawPassword',
      'memberTelegram', 'memberWhatsApp', 'introducer', 'answer',
    ]);
    expect(screen.getByTestId('reg-agreement')).toHaveProperty('checked', true);
    await user.selectOptions(screen.getByTestId('reg-currency'), 'RMB');
    expect(fields()).toEqual([
      'currency', 'memberAccount', 'password', 'checkPassword', 'memberName', 'memberPhone', 'phoneVerify', 'withdrawPassword', 'identityId',
      'memberQq', 'memberWechat', 'introducer', 'answer',
    ]);
  });

  it('checks every field locally, then the agreement, before calling the server', async () => {
    let called = 0;
    server.use(http.post('/api/register', () => (called++, ok(loginData))));
    const user = userEvent.setup();
    renderForm();
    await screen.findByTestId('register-form');
    await user.selectOptions(screen.getByTestId('reg-currency'), 'RMB');
    await user.type(screen.getByTestId('reg-memberAccount'), 'abc');
    await user.type(screen.getByTestId('reg-password'), 'abcdefgh');
    await user.type(screen.getByTestId('reg-memberName'), 'Zhang San');
    await user.type(screen.getByTestId('reg-memberPhone'), '12-3');
    await user.click(screen.getByTestId('reg-submit'));
    const err = (n: string) => screen.getByTestId(`field-error-${n}`).textContent;
    expect(err('memberAccount')).toBe('6 to 12 characters.');
    expect(err('password')).toBe('Letters and digits, with at least one of each.');
    expect(err('checkPassword')).toBe('Required.');
    expect(err('memberName')).toBe('Please enter your real name in Chinese characters.');
    expect(err('memberPhone')).toBe('Digits only.');
    expect(err('withdrawPassword')).toBe('Required.');
    expect(err('answer')).toBe('Required.');
    expect(called).toBe(0);
  });

  it('the agreement must be ticked', async () => {
    let called = 0;
    server.use(http.post('/api/register', () => (called++, ok(loginData))));
    const user = userEvent.setup();
    renderForm();
    await fillUsd(user);
    await user.click(screen.getByTestId('reg-agreement'));
    await user.click(screen.getByTestId('reg-submit'));
    expect(screen.getByTestId('field-error-agreement').textContent).toBe('Please accept the service agreement.');
    expect(called).toBe(0);
  });

  it('opens the service agreement', async () => {
    const user = userEvent.setup();
    renderForm();
    await screen.findByTestId('register-form');
    await user.click(screen.getByTestId('reg-agreement-open'));
    expect(await screen.findByText('Be 18 or older.')).toBeTruthy();
    // A title, capitalised as one (the sentence's lower-case link text is another key).
    expect(within(screen.getByTestId('agreement-modal')).getByRole('heading', { level: 2 }).textContent).toBe('Service agreement');
  });

  it('every password input says what to type', async () => {
    renderForm();
    await screen.findByTestId('register-form');
    expect(screen.getByTestId('reg-password').getAttribute('placeholder')).toBe('Please enter your password');
    expect(screen.getByTestId('reg-checkPassword').getAttribute('placeholder')).toBe('Please enter your password again');
  });
});

describe('register submit', () => {
  it('logs in, resets the form, tracks CompleteRegistration and refreshes the captcha', async () => {
    let payload: Record<string, unknown> = {};
    const events: Record<string, unknown>[] = [];
    let captchas = 0;
    server.use(
      http.post('/api/captcha', () => ok({ token: `cap-${++captchas}`, captcha: `data:image/png;base64,${captchas}`, placeholder: '' })),
      http.post('/api/register', async ({ request }) => ((payload = (await request.json()) as Record<string, unknown>), ok(loginData))),
      http.post('/api/fb_tracking', async ({ request }) => (events.push((await request.json()) as Record<string, unknown>), ok({}))),
    );
    const done = vi.fn();
    const user = userEvent.setup();
    renderForm(done);
    await fillUsd(user);
    await user.click(screen.getByTestId('reg-submit'));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(payload).toMatchObject({
      site_id: 1,
      member_account: 'player01',
      password: 'abc12345',
      member_currency: 'USD',
      member_email: 'p@example.com',
      member_birthday: '',
      withdraw_password: '',
      introducer: '',
      answer: '1234',
      captcha_token: 'cap-1',
      remote_addr: '203.0.113.9',
      error_track: [],
    });
    expect(payload).not.toHaveProperty('check_password');
    expect(localStorage.getItem('token')).toBe('tok-player01');
    expect(await screen.findByText('Welcome! Your account is ready and you are logged in.')).toBeTruthy();
    await waitFor(() => expect(events).toHaveLength(1));
    expect(events[0]).toMatchObject({ eventName: 'CompleteRegistration', userData: { external_id: '7', em: 'p@example.com' }, customData: { currency: 'USD' } });
    expect(String(events[0].eventID)).toMatch(/.{16,}/);
    expect((screen.getByTestId('reg-memberAccount') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(captchas).toBe(2));
  });

  it.each([
    [102, 'memberAccount', 'This account is already taken.'],
    [105, 'memberEmail', 'This e-mail address is already used.'],
    [224, 'answer', 'Wrong verification code.'],
    [113, 'phoneVerify', 'Wrong SMS code.'],
    [307, 'memberTelegram', 'telegram: letters only'],
    [106, 'introducer', 'This agent does not exist.'],
  ])('code %i shows under %s', async (code, field, text) => {
    server.use(http.post('/api/register', () => HttpResponse.json({ code, message: 'telegram: letters only', data: null })));
    const user = userEvent.setup();
    renderForm();
    await fillUsd(user);
    await user.click(screen.getByTestId('reg-submit'));
    expect((await screen.findByTestId(`field-error-${field}`)).textContent).toBe(text);
  });

  it("offers limits once registered: the toast's action opens the Limits page", async () => {
    server.use(http.post('/api/register', () => ok(loginData)));
    const user = userEvent.setup();
    const { router } = renderForm();
    await fillUsd(user);
    await user.click(screen.getByTestId('reg-submit'));
    // sonner keeps its toasts across tests: an earlier registration's may still show.
    expect((await screen.findAllByText('Welcome! You can set deposit, loss and wager limits for your play at any time.')).length).toBeGreaterThan(0);
    // fireEvent: jsdom has no setPointerCapture, which sonner's pointerdown calls.
    fireEvent.click((await screen.findAllByRole('button', { name: 'Set limits' }))[0]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/Limits'));
  });

  it.each([
    [218, 'Registration is not allowed from your network.'],
    [996, 'You are registering too often. Please wait a minute.'],
    [997, 'Too many registrations from your network today.'],
  ])('code %i is a toast', async (code, text) => {
    server.use(http.post('/api/register', () => HttpResponse.json({ code, message: 'x', data: null })));
    const user = userEvent.setup();
    renderForm();
    await fillUsd(user);
    await user.click(screen.getByTestId('reg-submit'));
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('other codes toast the server message and are tracked in errorTrack; the captcha answer is cleared', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/register', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ code: 555, message: 'strange failure', data: null });
      }),
    );
    const user = userEvent.setup();
    renderForm();
    await fillUsd(user);
    await user.click(screen.getByTestId('reg-submit'));
    expect(await screen.findByText('strange failure')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('captcha-input') as HTMLInputElement).value).toBe(''));
    await user.type(screen.getByTestId('captcha-input'), '1234');
    await user.click(screen.getByTestId('reg-submit'));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1].error_track).toEqual(['555:strange failure']);
  });
});

describe('on-blur checks', () => {
  it('the account is accepted locally; other fields ask /register/verification', async () => {
    const calls: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/register/verification', async ({ request }) => {
        const b = (await request.json()) as Record<string, unknown>;
        calls.push(b);
        return 'member_email' in b ? HttpResponse.json({ code: 105, message: 'used', data: null }) : ok({});
      }),
    );
    const user = userEvent.setup();
    renderForm();
    await screen.findByTestId('register-form');
    await user.type(screen.getByTestId('reg-memberAccount'), 'player01');
    await user.tab();
    await user.type(screen.getByTestId('reg-memberEmail'), 'used@example.com');
    await user.tab();
    expect((await screen.findByTestId('field-error-memberEmail')).textContent).toBe('This e-mail address is already used.');
    expect(calls).toEqual([{ member_email: 'used@example.com', site_id: 1, member_currency: 'USD', verification: 1 }]);
  });
});

describe('SMS send', () => {
  it('counts down from 300, then the verify time (60 s)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let body: Record<string, unknown> = {};
    server.use(http.post('/api/register/sms', async ({ request }) => ((body = (await request.json()) as Record<string, unknown>), ok({}))));
    renderForm();
    await screen.findByTestId('register-form');
    await user.type(screen.getByTestId('reg-memberPhone'), '5551234567');
    await user.click(screen.getByTestId('sms-send'));
    await waitFor(() => expect(screen.getByTestId('sms-send').textContent).toBe('300 s'));
    expect(body).toEqual({ member_phone: '5551234567', currency: 'USD', type: 'register_member', site_id: 1 });
    expect(screen.getByTestId('sms-send')).toHaveProperty('disabled', true);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('sms-send').textContent).toBe('299 s');
    act(() => vi.advanceTimersByTime(299_000));
    expect(screen.getByTestId('sms-send').textContent).toBe('Send code');
    await user.click(screen.getByTestId('sms-send'));
    await waitFor(() => expect(screen.getByTestId('sms-send').textContent).toBe('60 s'));
  });

  it.each([
    [99, 'field', 'This phone number cannot receive a code.'],
    [201, 'field', 'Please enter your phone number.'],
    [102, 'toast', 'A code was sent less than 5 minutes ago.'],
    [103, 'toast', 'Verification by SMS is unavailable at the moment.'],
    [104, 'toast', 'Please contact customer service.'],
    [500, 'toast', 'ERROR'],
  ])('code %i shows as a %s: %s', async (code, where, text) => {
    server.use(http.post('/api/register/sms', () => HttpResponse.json({ code, message: 'x', data: null })));
    const user = userEvent.setup();
    renderForm();
    await screen.findByTestId('register-form');
    await user.type(screen.getByTestId('reg-memberPhone'), '5551234567');
    await user.click(screen.getByTestId('sms-send'));
    if (where === 'field') expect((await screen.findByTestId('field-error-memberPhone')).textContent).toBe(text);
    else expect(await screen.findByText(text)).toBeTruthy();
    // 102: the countdown still starts.
    await waitFor(() => expect(screen.getByTestId('sms-send').textContent).toBe(code === 102 ? '300 s' : 'Send code'));
  });

  it('checks the phone locally first (VND: 10 digits)', async () => {
    let called = 0;
    server.use(http.post('/api/register/sms', () => (called++, ok({}))));
    const user = userEvent.setup();
    renderForm();
    await screen.findByTestId('register-form');
    await user.selectOptions(screen.getByTestId('reg-currency'), 'VND');
    await user.type(screen.getByTestId('reg-memberPhone'), '091234567');
    await user.click(screen.getByTestId('sms-send'));
    expect(screen.getByTestId('field-error-memberPhone').textContent).toBe('Exactly 10 digits.');
    expect(called).toBe(0);
  });
});

describe('links and agent domain', () => {
  it('an invite link fills and locks the recommend code', async () => {
    setCookie('register_type', 'recommend_code', { minutes: 60 });
    setCookie('recommend_code', 'DEMO2026', { minutes: 60 });
    let asked: Record<string, unknown> = {};
    server.use(http.post('/api/register/valid_message', async ({ request }) => ((asked = (await request.json()) as Record<string, unknown>), ok({ is_valid: 1 }))));
    renderForm();
    const input = (await screen.findByTestId('reg-introducer')) as HTMLInputElement;
    expect(input.value).toBe('DEMO2026');
    expect(input.readOnly).toBe(true);
    expect(screen.getByText('Recommend code')).toBeTruthy();
    await waitFor(() => expect(asked).toEqual({ site_id: 1, recommend_code: 'DEMO2026' }));
  });

  it('an invalid link shows the page error, clears the link cookies and unlocks the field', async () => {
    setCookie('register_type', 'member_agent', { minutes: 60 });
    setCookie('member_agent', 'agent9', { minutes: 60 });
    server.use(http.post('/api/register/valid_message', () => HttpResponse.json({ code: 108, message: 'disabled', data: { is_valid: 0 } })));
    renderForm();
    expect((await screen.findByTestId('reg-page-error')).textContent).toBe('This agent is disabled.');
    await waitFor(() => expect((screen.getByTestId('reg-introducer') as HTMLInputElement).readOnly).toBe(false));
    expect(getCookie('register_type')).toBeUndefined();
    expect(getCookie('member_agent')).toBeUndefined();
  });

  it("an agent link brings the agent's currency", async () => {
    setCookie('register_type', 'member_agent', { minutes: 60 });
    setCookie('member_agent', 'agent001', { minutes: 60 });
    server.use(
      http.post('/api/register/valid_message', () => ok({ is_valid: 1 })),
      http.post('/api/member_info', () => ok({ currency: 'VND' })),
    );
    renderForm();
    await waitFor(() => expect((screen.getByTestId('reg-currency') as HTMLSelectElement).value).toBe('VND'));
    expect((screen.getByTestId('reg-introducer') as HTMLInputElement).value).toBe('agent001');
  });

  it("an agent's domain locks the currency and keeps agent_domain_id for a day", async () => {
    server.use(http.post('/api/arks/web/check-agent-domain', () => ok({ is_valid: 1, currency: 'RMB', agent_id: 'agent001' })));
    renderForm();
    await waitFor(() => expect((screen.getByTestId('reg-currency') as HTMLSelectElement).value).toBe('RMB'));
    expect(screen.getByTestId('reg-currency')).toHaveProperty('disabled', true);
    expect(getCookie('agent_domain_id')).toBe('agent001');
    expect((screen.getByTestId('reg-introducer') as HTMLInputElement).readOnly).toBe(true);
  });

  it('without an agent domain the agent_domain_id cookie is removed', async () => {
    setCookie('agent_domain_id', 'old', { days: 1 });
    renderForm();
    await screen.findByTestId('register-form');
    await waitFor(() => expect(getCookie('agent_domain_id')).toBeUndefined());
  });
});

describe('captcha', () => {
  it('code 101 waits a second, then asks again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let n = 0;
    server.use(
      http.post('/api/captcha', () => {
        n++;
        return n === 1 ? HttpResponse.json({ code: 101, message: 'too frequent', data: null }) : ok({ token: 't2', captcha: 'data:image/png;base64,2', placeholder: '' });
      }),
    );
    renderForm();
    await waitFor(() => expect(n).toBe(1));
    // Clicking during the wait does nothing.
    const refresh = await screen.findByTestId('captcha-refresh');
    fireEvent.click(refresh);
    expect(n).toBe(1);
    act(() => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(n).toBe(2));
    expect((await screen.findByTestId('captcha-image')).getAttribute('src')).toBe('data:image/png;base64,2');
  });
});

describe('strong password rule (env_config.password_rule "strong")', () => {
  async function fillWith(user: User, password: string) {
    await screen.findByTestId('register-form');
    await user.type(screen.getByTestId('reg-memberAccount'), 'player01');
    await user.type(screen.getByTestId('reg-password'), password);
    await user.type(screen.getByTestId('reg-checkPassword'), password);
    await user.type(screen.getByTestId('reg-memberEmail'), 'p@example.com');
    await screen.findByTestId('captcha-image');
    await user.type(screen.getByTestId('captcha-input'), '1234');
  }

  it('caps the inputs at 64 and shows the strong hint', async () => {
    renderForm(() => {}, { password_rule: 'strong' });
    await screen.findByTestId('register-form');
    expect((screen.getByTestId('reg-password') as HTMLInputElement).maxLength).toBe(64);
    expect((screen.getByTestId('reg-checkPassword') as HTMLInputElement).maxLength).toBe(64);
    expect(screen.getByText('8-64 characters; avoid common passwords')).toBeTruthy();
  });

  it.each([
    ['Qwerty123', 'This password is too common.'],
    ['\u0130LOVEYOU', 'This password is too common.'],
    ['short1', '8 to 64 characters.'],
  ])('%s is refused before the server is asked: %s', async (password, text) => {
    let called = 0;
    server.use(http.post('/api/register', () => (called++, ok(loginData))));
    const user = userEvent.setup();
    renderForm(() => {}, { password_rule: 'strong' });
    await fillWith(user, password);
    await user.click(screen.getByTestId('reg-submit'));
    expect((await screen.findByTestId('field-error-password')).textContent).toBe(text);
    expect(called).toBe(0);
  });

  it('accepts any 8 to 64 characters the default rule refuses', async () => {
    let payload: Record<string, unknown> = {};
    server.use(http.post('/api/register', async ({ request }) => ((payload = (await request.json()) as Record<string, unknown>), ok(loginData))));
    const done = vi.fn();
    const user = userEvent.setup();
    renderForm(done, { password_rule: 'strong' });
    await fillWith(user, 'correct horse!');
    await user.click(screen.getByTestId('reg-submit'));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(payload.password).toBe('correct horse!');
  });

  it('the default rule stays 6 to 12 letters and digits', async () => {
    const user = userEvent.setup();
    renderForm();
    await fillWith(user, 'correct horse!');
    expect((screen.getByTestId('reg-password') as HTMLInputElement).value).toBe('correct hors');
    await user.click(screen.getByTestId('reg-submit'));
    expect(screen.getByTestId('field-error-password').textContent).toBe('Letters and digits, with at least one of each.');
  });
});

describe('configured SMS verify time (env_config.sms_verify_seconds)', () => {
  it('counts down from 300, then from the configured time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderForm(() => {}, { sms_verify_seconds: 90 });
    await screen.findByTestId('register-form');
    await user.type(screen.getByTestId('reg-memberPhone'), '5551234567');
    await user.click(screen.getByTestId('sms-send'));
    await waitFor(() => expect(screen.getByTestId('sms-send').textContent).toBe('300 s'));
    act(() => vi.advanceTimersByTime(300_000));
    expect(screen.getByTestId('sms-send').textContent).toBe('Send code');
    await user.click(screen.getByTestId('sms-send'));
    await waitFor(() => expect(screen.getByTestId('sms-send').textContent).toBe('90 s'));
  });
});

describe('demo mode', () => {
  it('turns registering and the SMS code off', async () => {
    let calls = 0;
    server.use(
      http.post('/api/register', () => (calls++, ok(loginData))),
      http.post('/api/register/sms', () => (calls++, ok({}))),
    );
    renderForm(() => {}, { demo_mode: true });
    await screen.findByTestId('register-form');
    fireEvent.change(screen.getByTestId('reg-memberPhone'), { target: { value: '5551234567' } });
    expect(screen.getByTestId('reg-submit')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('sms-send')).toHaveProperty('disabled', true);
    fireEvent.submit(screen.getByTestId('register-form'));
    fireEvent.click(screen.getByTestId('sms-send'));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toBe(0);
    expect(screen.queryByTestId('field-error-memberAccount')).toBeNull();
  });
});
