// The /register page as the router shows it in development: env_config's
// demo_mode, password_rule and sms_verify_seconds reach the form.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envConfig, loginData } from '@/test/fixtures';
import { ok } from '@/test/handlers';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const env = (over: Parameters<typeof envConfig>[0]) => server.use(http.post('/api/arks/web/site/detail', () => ok({ env_config: envConfig(over) })));

afterEach(() => {
  vi.useRealTimers();
});

describe('/register page', () => {
  it('in demo mode shows the demo note and cannot register or send a code', async () => {
    let calls = 0;
    server.use(
      http.post('/api/register', () => (calls++, ok(loginData))),
      http.post('/api/register/sms', () => (calls++, ok({}))),
    );
    env({ demo_mode: true });
    renderApp('/register');
    await screen.findByTestId('register-form');
    expect(screen.getByTestId('register-demo-note').textContent).toBe('This site runs in demo mode: login and registration are turned off.');
    fireEvent.change(screen.getByTestId('reg-memberPhone'), { target: { value: '5551234567' } });
    expect(screen.getByTestId('reg-submit')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('sms-send')).toHaveProperty('disabled', true);
    fireEvent.submit(screen.getByTestId('register-form'));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toBe(0);
  });

  it('without demo mode there is no note and submit is on', async () => {
    renderApp('/register');
    await screen.findByTestId('register-form');
    expect(screen.queryByTestId('register-demo-note')).toBeNull();
    expect(screen.getByTestId('reg-submit')).toHaveProperty('disabled', false);
    expect((screen.getByTestId('reg-password') as HTMLInputElement).maxLength).toBe(12);
  });

  it('applies the strong password rule the site publishes', async () => {
    env({ password_rule: 'strong' });
    const user = userEvent.setup();
    renderApp('/register');
    await screen.findByTestId('register-form');
    expect((screen.getByTestId('reg-password') as HTMLInputElement).maxLength).toBe(64);
    await user.type(screen.getByTestId('reg-password'), 'password123');
    await user.click(screen.getByTestId('reg-submit'));
    expect((await screen.findByTestId('field-error-password')).textContent).toBe('This password is too common.');
  });

  it('counts the SMS code down from 300, then from sms_verify_seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    env({ sms_verify_seconds: 120 });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/register');
    await screen.findByTestId('register-form');
    await user.type(screen.getByTestId('reg-memberPhone'), '5551234567');
    await user.click(screen.getByTestId('sms-send'));
    await waitFor(() => expect(screen.getByTestId('sms-send').textContent).toBe('300 s'));
    act(() => vi.advanceTimersByTime(300_000));
    await waitFor(() => expect(screen.getByTestId('sms-send').textContent).toBe('Send code'));
    await user.click(screen.getByTestId('sms-send'));
    await waitFor(() => expect(screen.getByTestId('sms-send').textContent).toBe('120 s'));
  });
});
