// Forgot password (account and phone, an SMS code with the 300 s countdown of
// spec section 9) and reset password (the code and the new password):
// every SMS code of section 8, /forgot_password/reset's codes of docs/api.md
// (113 wrong code, 400 rules), success; the site's strong rule.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { modalDataStore, modalStore, openModal } from '@/lib/modals';
import { envConfig } from '@/test/fixtures';
import { ok } from '@/test/handlers';
import { renderApp, renderUi } from '@/test/render';
import { server } from '@/test/server';
import ForgotPasswordModal, { FORGOT_SMS_COUNTDOWN, ResetPasswordModal } from '../components/ForgotPasswordModal';

type User = ReturnType<typeof userEvent.setup>;

function sms(answer: () => ReturnType<typeof ok> | Response = () => ok({})) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/forgot_password/sms', async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return answer();
    }),
  );
  return bodies;
}

function reset(answer: () => ReturnType<typeof ok> | Response = () => ok({})) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/forgot_password/reset', async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return answer();
    }),
  );
  return bodies;
}

const fail = (code: number | string, message = 'server says no') => () => HttpResponse.json({ code, message, data: null });

async function askCode(user: User, account = 'player01', phone = '5550000002') {
  await screen.findByTestId('forgot-modal');
  if (account) await user.type(screen.getByTestId('forgot-account'), account);
  if (phone) await user.type(screen.getByTestId('forgot-phone'), phone);
  await user.click(screen.getByTestId('forgot-send'));
}

async function fillReset(user: User, code: string, password: string, confirm = password) {
  await screen.findByTestId('reset-modal');
  if (code) await user.type(screen.getByTestId('reset-code'), code);
  if (password) await user.type(screen.getByTestId('reset-password'), password);
  if (confirm) await user.type(screen.getByTestId('reset-confirm'), confirm);
  await user.click(screen.getByTestId('reset-submit'));
}

const err = (name: string) => screen.queryByTestId(`field-error-${name}`)?.textContent ?? '';

afterEach(() => {
  vi.useRealTimers();
});

describe('forgot password: step 1', () => {
  it.each([
    ['', '5550000002', { fpAccount: 'Required.', fpPhone: '' }],
    ['player01', '', { fpAccount: '', fpPhone: 'Required.' }],
    ['player01', '555-0000', { fpAccount: '', fpPhone: 'Digits only.' }],
  ])('account %j, phone %j are checked before any call', async (account, phone, want) => {
    const bodies = sms();
    const user = userEvent.setup();
    renderUi(<ForgotPasswordModal onClose={() => {}} />);
    await askCode(user, account, phone);
    expect({ fpAccount: err('fpAccount'), fpPhone: err('fpPhone') }).toEqual(want);
    expect(bodies).toHaveLength(0);
  });

  it('sends the code, then opens the reset step with the 300 s countdown running', async () => {
    const bodies = sms();
    const user = userEvent.setup();
    renderUi(<ForgotPasswordModal onClose={() => {}} />);
    await askCode(user, ' player01 ', '5550000002');
    await waitFor(() => expect(modalStore.get()).toBe('reset-password'));
    expect(bodies).toEqual([{ site_id: 1, account: 'player01', member_phone: '5550000002' }]);
    expect(modalDataStore.get()).toEqual({ account: 'player01', phone: '5550000002', left: FORGOT_SMS_COUNTDOWN });
    expect(FORGOT_SMS_COUNTDOWN).toBe(300);
    expect(await screen.findByText('Code sent.')).toBeTruthy();
  });

  it.each([
    [99, 'This phone number cannot receive a code.'],
    ['099', 'This phone number cannot receive a code.'],
    [103, 'Verification by SMS is unavailable at the moment.'],
    [104, 'Please contact customer service.'],
    [201, 'Please enter your phone number.'],
    [400, 'server says no'],
    [555, 'ERROR'],
  ])('code %s toasts %s and stays on step 1', async (code, text) => {
    sms(fail(code));
    const user = userEvent.setup();
    renderUi(<ForgotPasswordModal onClose={() => {}} />);
    await askCode(user);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(modalStore.get()).toBeNull();
    expect(screen.getByTestId('forgot-send').textContent).toBe('Send code');
  });

  it('code 102 (sent less than 5 minutes ago) still counts down and goes on to the code', async () => {
    sms(fail(102));
    const user = userEvent.setup();
    renderUi(<ForgotPasswordModal onClose={() => {}} />);
    await askCode(user);
    expect(await screen.findByText('A code was sent less than 5 minutes ago.')).toBeTruthy();
    await waitFor(() => expect(modalStore.get()).toBe('reset-password'));
    expect(screen.getByTestId('forgot-send').textContent).toBe('300 s');
  });

  it('in the app: the reset step shows the countdown the first step started', async () => {
    sms();
    const user = userEvent.setup();
    renderApp('/');
    act(() => openModal('forgot-password'));
    await askCode(user);
    await screen.findByTestId('reset-modal');
    expect(screen.getByText('Enter the code we sent to 5550000002 and your new password.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('reset-resend').textContent).toMatch(/^(300|299) s$/));
    expect(screen.getByTestId('reset-resend')).toHaveProperty('disabled', true);
  });
});

describe('reset password: step 2', () => {
  const data = { account: 'player01', phone: '5550000002', left: 300 };

  it('the countdown ticks each second; at zero the code can be sent again and counts 300 s again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const bodies = sms();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderUi(<ResetPasswordModal data={data} onClose={() => {}} />);
    await screen.findByTestId('reset-modal');
    await waitFor(() => expect(screen.getByTestId('reset-resend').textContent).toBe('300 s'));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('reset-resend').textContent).toBe('299 s');
    act(() => vi.advanceTimersByTime(299_000));
    expect(screen.getByTestId('reset-resend').textContent).toBe('Send code');
    await user.click(screen.getByTestId('reset-resend'));
    await waitFor(() => expect(screen.getByTestId('reset-resend').textContent).toBe('300 s'));
    expect(bodies).toEqual([{ site_id: 1, account: 'player01', member_phone: '5550000002' }]);
  });

  it.each([
    ['', 'abc12345', 'abc12345', { rpCode: 'Required.', rpPassword: '', rpConfirm: '' }],
    ['12345', 'abc12345', 'abc12345', { rpCode: '6 digits.', rpPassword: '', rpConfirm: '' }],
    ['12a456', 'abc12345', 'abc12345', { rpCode: '6 digits.', rpPassword: '', rpConfirm: '' }],
    ['123456', '', '', { rpCode: '', rpPassword: 'Required.', rpConfirm: '' }],
    ['123456', 'ab1', 'ab1', { rpCode: '', rpPassword: '6 to 12 characters.', rpConfirm: '' }],
    ['123456', 'abcdefgh', 'abcdefgh', { rpCode: '', rpPassword: 'Letters and digits, with at least one of each.', rpConfirm: '' }],
    ['123456', 'abc12345', 'abc12399', { rpCode: '', rpPassword: '', rpConfirm: 'The passwords do not match.' }],
  ])('code %j, password %j, confirm %j are checked before any call', async (code, password, confirm, want) => {
    const bodies = reset();
    const user = userEvent.setup();
    renderUi(<ResetPasswordModal data={{ ...data, left: 0 }} onClose={() => {}} />);
    await fillReset(user, code, password, confirm);
    await waitFor(() => expect({ rpCode: err('rpCode'), rpPassword: err('rpPassword'), rpConfirm: err('rpConfirm') }).toEqual(want));
    expect(bodies).toHaveLength(0);
  });

  it('113 shows under the code', async () => {
    reset(fail(113, 'wrong code'));
    const user = userEvent.setup();
    renderUi(<ResetPasswordModal data={data} onClose={() => {}} />);
    await fillReset(user, '123456', 'abc12345');
    expect((await screen.findByTestId('field-error-rpCode')).textContent).toBe('Wrong SMS code.');
    expect(modalStore.get()).toBeNull();
  });

  it.each([400, 205])('%i shows the server message above the form', async (code) => {
    reset(fail(code, 'The password does not meet the rules.'));
    const user = userEvent.setup();
    renderUi(<ResetPasswordModal data={data} onClose={() => {}} />);
    await fillReset(user, '123456', 'abc12345');
    expect((await screen.findByTestId('reset-error')).textContent).toBe('The password does not meet the rules.');
  });

  it('success sends account, phone, code and password, says so and opens login', async () => {
    const bodies = reset();
    const user = userEvent.setup();
    renderUi(<ResetPasswordModal data={data} onClose={() => {}} />);
    await fillReset(user, '123456', 'abc12345');
    await waitFor(() => expect(modalStore.get()).toBe('login'));
    expect(bodies).toEqual([{ site_id: 1, account: 'player01', member_phone: '5550000002', code: '123456', password: 'abc12345' }]);
    expect(await screen.findByText('Your password has been reset. Please log in.')).toBeTruthy();
  });

  it.each([
    ['qwerty123', 'This password is too common.'],
    ['abc1234', '8 to 64 characters.'],
  ])('the strong rule refuses %s: %s', async (password, text) => {
    const bodies = reset();
    const user = userEvent.setup();
    renderUi(<ResetPasswordModal data={data} onClose={() => {}} />, { env: { password_rule: 'strong' } });
    await screen.findByTestId('reset-modal');
    expect((screen.getByTestId('reset-password') as HTMLInputElement).maxLength).toBe(64);
    await fillReset(user, '123456', password);
    expect((await screen.findByTestId('field-error-rpPassword')).textContent).toBe(text);
    expect(bodies).toHaveLength(0);
  });

  it('in the app the site rule reaches the reset step', async () => {
    server.use(http.post('/api/arks/web/site/detail', () => ok({ env_config: envConfig({ password_rule: 'strong' }) })));
    const bodies = reset();
    const user = userEvent.setup();
    renderApp('/');
    act(() => openModal('reset-password', { ...data, left: 0 }));
    await fillReset(user, '123456', 'long enough, not common');
    await waitFor(() => expect(modalStore.get()).toBe('login'));
    expect(bodies[0]).toMatchObject({ password: 'long enough, not common' });
  });
});
