// Login codes of spec section 8, the captcha after every refused attempt, the
// payload with the device info of section 3.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { modalDataStore, modalStore } from '@/lib/modals';
import { loginData } from '@/test/fixtures';
import { ok } from '@/test/handlers';
import { renderApp, renderUi } from '@/test/render';
import { server } from '@/test/server';
import { LoginForm } from '../components/LoginForm';
import { loginOutcome } from '../codes';

const fail = (code: number | string, message = 'server says no', data: unknown = null) =>
  http.post('/api/login', () => HttpResponse.json({ code, message, data }));

async function submit(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByTestId('login-account'), 'player01');
  await user.type(screen.getByTestId('login-password'), 'abc12345');
  await screen.findByTestId('captcha-image');
  await user.type(screen.getByTestId('captcha-input'), '1234');
  await user.click(screen.getByTestId('login-submit'));
}

describe('login codes (spec section 8)', () => {
  const messages: [number | string, string][] = [
    [101, 'Incorrect account or password.'],
    [102, 'This account is disabled.'],
    [103, 'This account is frozen.'],
    [105, 'Verification failed.'],
    [201, 'Login is not allowed from your network. (201)'],
    [202, 'Login is not allowed from your network. (202)'],
    [203, 'Login is not allowed from your network. (203)'],
    [106, 'Login is not allowed from your network.'],
    ['0101', 'Incorrect account or password.'],
    [400, 'server says no'],
    [999, 'server says no'],
  ];

  it.each(messages)('code %s shows %s', async (code, text) => {
    server.use(fail(code));
    const user = userEvent.setup();
    renderUi(<LoginForm onDone={() => {}} />);
    await submit(user);
    expect((await screen.findByTestId('login-error')).textContent).toBe(text);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('107 opens double validation with the question', async () => {
    const challenge = { member_login_id: 'pl-1', question: 'member_email', available_questions_count: 3 };
    server.use(fail(107, 'new device', challenge));
    const user = userEvent.setup();
    renderUi(<LoginForm onDone={() => {}} />);
    await submit(user);
    await waitFor(() => expect(modalStore.get()).toBe('double-validation'));
    expect(modalDataStore.get()).toEqual(challenge);
    expect(await screen.findByText('You are logging in from a new device. Please confirm it is you.')).toBeTruthy();
  });

  it('802 opens withdrawal-password recovery for the account', async () => {
    server.use(fail(802));
    const user = userEvent.setup();
    renderUi(<LoginForm onDone={() => {}} />);
    await submit(user);
    await waitFor(() => expect(modalStore.get()).toBe('withdraw-recovery'));
    expect(modalDataStore.get()).toEqual({ account: 'player01' });
  });

  it('the outcome table matches the spec', () => {
    expect(loginOutcome(101)).toEqual({ kind: 'message', key: 'account_error' });
    expect(loginOutcome(202)).toEqual({ kind: 'message', key: 'ip_error', suffix: '202' });
    expect(loginOutcome(106)).toEqual({ kind: 'message', key: 'ip_error' });
    expect(loginOutcome(107)).toEqual({ kind: 'double-validation' });
    expect(loginOutcome(802)).toEqual({ kind: 'recovery' });
    expect(loginOutcome(400)).toEqual({ kind: 'server' });
  });
});

describe('login', () => {
  it('requires account, password and captcha (ph_ messages)', async () => {
    const user = userEvent.setup();
    renderUi(<LoginForm onDone={() => {}} />);
    await user.click(screen.getByTestId('login-submit'));
    expect(screen.getByTestId('field-error-account').textContent).toBe('Please enter your account');
    expect(screen.getByTestId('field-error-password').textContent).toBe('Please enter your password');
    expect(screen.getByTestId('field-error-answer').textContent).toBe('Please enter the verification code');
  });

  it('sends the spec payload with device info and stores the session; a login that worked asks no new captcha', async () => {
    let body: Record<string, unknown> = {};
    let captchas = 0;
    server.use(
      http.post('/api/captcha', () => {
        captchas++;
        return ok({ token: `cap-${captchas}`, captcha: `data:image/png;base64,${captchas}`, placeholder: '' });
      }),
      http.post('/api/login', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return ok(loginData);
      }),
    );
    let done = 0;
    const user = userEvent.setup();
    renderUi(<LoginForm onDone={() => done++} />);
    await submit(user);
    await waitFor(() => expect(done).toBe(1));
    expect(body).toMatchObject({ account: 'player01', password: 'abc12345', site_id: 1, answer: '1234', captcha_token: 'cap-1' });
    for (const k of ['remote_addr', 'host', 'device', 'system_group', 'udid', 'login_type', 'cdn', 'system', 'browser', 'system_version']) expect(body).toHaveProperty(k);
    expect(body.remote_addr).toBe('203.0.113.9');
    expect(body.login_type).toBe('web');
    expect(localStorage.getItem('token')).toBe('tok-player01');
    expect(localStorage.getItem('member_id')).toBe('7');
    expect(localStorage.getItem('member_account')).toBe('player01');
    expect(localStorage.getItem('currency')).toBe('USD');
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(captchas).toBe(1);
  });

  it('the login modal asks /captcha once: when it opens', async () => {
    let captchas = 0;
    server.use(http.post('/api/captcha', () => (captchas++, ok({ token: `cap-${captchas}`, captcha: 'data:image/png;base64,AA', placeholder: '' }))));
    const user = userEvent.setup();
    renderApp('/');
    fireEvent.click(await screen.findByTestId('bulletin-close'));
    fireEvent.click(screen.getByTestId('open-login'));
    await screen.findByTestId('login-account');
    await submit(user);
    await screen.findByTestId('member-bar');
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(screen.queryByTestId('auth-modal')).toBeNull();
    expect(captchas).toBe(1);
  });

  it('a failed attempt brings a new captcha and clears the answer', async () => {
    let captchas = 0;
    server.use(
      http.post('/api/captcha', () => {
        captchas++;
        return ok({ token: `cap-${captchas}`, captcha: `data:image/png;base64,${captchas}`, placeholder: '' });
      }),
      fail(105),
    );
    const user = userEvent.setup();
    renderUi(<LoginForm onDone={() => {}} />);
    await submit(user);
    await screen.findByTestId('login-error');
    await waitFor(() => expect(screen.getByTestId('captcha-image').getAttribute('src')).toBe('data:image/png;base64,2'));
    expect((screen.getByTestId('captcha-input') as HTMLInputElement).value).toBe('');
  });
});
