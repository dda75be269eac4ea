// Withdrawal-password recovery (spec sections 4, 5, 8): client captcha decoded
// locally, validation messages, verify and reset codes.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { decodeClientCaptcha } from '@/lib/captcha';
import { loadCommonPasswords } from '@/lib/register-rules';
import { modalStore } from '@/lib/modals';
import { ok } from '@/test/handlers';
import { renderUi } from '@/test/render';
import { server } from '@/test/server';
import { recoveryVerifyAgain } from '../codes';
import WithdrawRecoveryModal, { validateResetStep, validateVerifyStep } from '../components/WithdrawRecoveryModal';

/** base64(key ‖ digits XOR key), as internal/captcha does. */
function encode(answer: string, key = [0x13, 0x57, 0x9b, 0xdf]): string {
  const bytes = [...key, ...[...answer].map((c, i) => c.charCodeAt(0) ^ key[i % 4])];
  return btoa(String.fromCharCode(...bytes));
}

function clientCaptcha(answer = '4821') {
  let n = 0;
  server.use(
    http.post('/api/clientCaptcha', () => {
      n++;
      return ok({ text: encode(answer), data: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' });
    }),
  );
  return () => n;
}

async function fillVerify(user: ReturnType<typeof userEvent.setup>, code = '4821') {
  await user.type(screen.getByTestId('recovery-withdraw'), '1234');
  await user.type(screen.getByTestId('recovery-contact'), 'demo@gamehall.test');
  await user.type(screen.getByTestId('recovery-code'), code);
  await user.click(screen.getByTestId('recovery-next'));
}

describe('client captcha', () => {
  it('decodes the server text locally', () => {
    expect(decodeClientCaptcha(encode('4821'))).toBe('4821');
    expect(decodeClientCaptcha(encode('0937', [1, 2, 3, 250]))).toBe('0937');
    expect(decodeClientCaptcha('not base64!')).toBe('');
  });
});

describe('recovery validation (spec section 5)', () => {
  const base = { withdraw: '1234', mode: 'email' as const, contact: 'a@b.co', code: '4821', expected: '4821' };
  it('verify step', () => {
    expect(validateVerifyStep(base)).toEqual({});
    expect(validateVerifyStep({ ...base, withdraw: '' })).toEqual({ withdraw: 'signup.require_text' });
    expect(validateVerifyStep({ ...base, contact: '' })).toEqual({ contact: 'signup.require_text' });
    expect(validateVerifyStep({ ...base, contact: 'nope' })).toEqual({ contact: 'signup.err_email_format' });
    expect(validateVerifyStep({ ...base, mode: 'phone', contact: '' })).toEqual({ contact: 'signup.require_text' });
    expect(validateVerifyStep({ ...base, mode: 'phone', contact: '12-34' })).toEqual({ contact: 'signup.err_phone_invalid' });
    expect(validateVerifyStep({ ...base, code: '' })).toEqual({ code: 'signup.require_text' });
    expect(validateVerifyStep({ ...base, code: '1111' })).toEqual({ code: 'verify_failed' });
  });
  it('reset step', () => {
    expect(validateResetStep('abc123', 'abc123')).toEqual({});
    expect(validateResetStep('', '')).toEqual({ password: 'signup.require_text' });
    expect(validateResetStep('ab1', 'ab1')).toEqual({ password: 'signup.err_psw_length' });
    expect(validateResetStep('abc123', 'abc124')).toEqual({ confirm: 'signup.err_checkPsw_diff' });
    // The site's password format too (the server's /arks/web/vx/reset refuses it).
    expect(validateResetStep('abcdefgh', 'abcdefgh')).toEqual({ password: 'signup.err_psw_format' });
  });
  it('reset step with the strong rule', async () => {
    const common = await loadCommonPasswords();
    expect(validateResetStep('Qwerty123', 'Qwerty123', true, common)).toEqual({ password: 'signup.err_psw_common' });
    expect(validateResetStep('abc1234', 'abc1234', true, common)).toEqual({ password: 'signup.err_psw_length_strong' });
    expect(validateResetStep('a long phrase!', 'a long phrase!', true, common)).toEqual({});
    expect(validateResetStep('a long phrase!', 'a long phrase?', true, common)).toEqual({ confirm: 'signup.err_checkPsw_diff' });
  });
});

describe('recovery codes (spec section 8)', () => {
  it('verify again: 101, 102, 201-204 on verify; 101, 102, 201-203 on reset', () => {
    for (const c of [101, 102, 201, 202, 203, 204]) expect(recoveryVerifyAgain(c, 'verify')).toBe(true);
    for (const c of [103, 205, 400]) expect(recoveryVerifyAgain(c, 'verify')).toBe(false);
    for (const c of [101, 102, 201, 202, 203]) expect(recoveryVerifyAgain(c, 'reset')).toBe(true);
    for (const c of [204, 400]) expect(recoveryVerifyAgain(c, 'reset')).toBe(false);
  });

  it.each([101, 102, 201, 202, 203, 204])('verify code %i asks to verify again and refreshes the captcha', async (code) => {
    const count = clientCaptcha();
    server.use(http.post('/api/arks/web/vx/verify', () => HttpResponse.json({ code, message: 'mismatch', data: null })));
    const user = userEvent.setup();
    renderUi(<WithdrawRecoveryModal data={{ account: 'demo001' }} onClose={() => {}} />);
    await screen.findByTestId('client-captcha');
    await waitFor(() => expect(count()).toBe(1));
    await fillVerify(user);
    expect((await screen.findByTestId('recovery-error')).textContent).toBe('Please verify again. mismatch');
    await waitFor(() => expect(count()).toBe(2));
  });

  it('another verify code shows the server message', async () => {
    clientCaptcha();
    server.use(http.post('/api/arks/web/vx/verify', () => HttpResponse.json({ code: 400, message: 'account is required', data: null })));
    const user = userEvent.setup();
    renderUi(<WithdrawRecoveryModal data={{ account: 'demo001' }} onClose={() => {}} />);
    await waitFor(() => expect(screen.getByTestId('client-captcha').querySelector('img')).not.toBeNull());
    await fillVerify(user);
    expect((await screen.findByTestId('recovery-error')).textContent).toBe('account is required');
  });

  it('a wrong local captcha is verify_failed without calling the server', async () => {
    clientCaptcha();
    let called = false;
    server.use(http.post('/api/arks/web/vx/verify', () => ((called = true), ok({ token: 'x' }))));
    const user = userEvent.setup();
    renderUi(<WithdrawRecoveryModal data={{ account: 'demo001' }} onClose={() => {}} />);
    await waitFor(() => expect(screen.getByTestId('client-captcha').querySelector('img')).not.toBeNull());
    await fillVerify(user, '0000');
    expect(screen.getByTestId('field-error-recCode').textContent).toBe('Verification failed.');
    expect(called).toBe(false);
  });

  it('verify then reset: e-mail mode body, then the new password; success opens login', async () => {
    clientCaptcha();
    let verifyBody: Record<string, unknown> = {};
    let resetBody: Record<string, unknown> = {};
    server.use(
      http.post('/api/arks/web/vx/verify', async ({ request }) => ((verifyBody = (await request.json()) as Record<string, unknown>), ok({ token: 'rec-token' }))),
      http.post('/api/arks/web/vx/reset', async ({ request }) => ((resetBody = (await request.json()) as Record<string, unknown>), ok({}))),
    );
    const user = userEvent.setup();
    renderUi(<WithdrawRecoveryModal data={{ account: 'demo001' }} onClose={() => {}} />);
    await waitFor(() => expect(screen.getByTestId('client-captcha').querySelector('img')).not.toBeNull());
    await fillVerify(user);
    await screen.findByTestId('recovery-reset');
    expect(verifyBody).toMatchObject({ account: 'demo001', withdraw_password: '1234', member_email: 'demo@gamehall.test' });
    expect(verifyBody).not.toHaveProperty('member_phone');
    await user.type(screen.getByTestId('recovery-password'), 'newpass1');
    await user.type(screen.getByTestId('recovery-confirm'), 'newpass1');
    await user.click(screen.getByTestId('recovery-submit'));
    await waitFor(() => expect(modalStore.get()).toBe('login'));
    expect(resetBody).toMatchObject({ account: 'demo001', password: 'newpass1', token: 'rec-token' });
  });

  it('phone mode sends member_phone', async () => {
    clientCaptcha();
    let body: Record<string, unknown> = {};
    server.use(http.post('/api/arks/web/vx/verify', async ({ request }) => ((body = (await request.json()) as Record<string, unknown>), ok({ token: 't' }))));
    const user = userEvent.setup();
    renderUi(<WithdrawRecoveryModal data={{ account: 'demo001' }} onClose={() => {}} />);
    await waitFor(() => expect(screen.getByTestId('client-captcha').querySelector('img')).not.toBeNull());
    await user.click(screen.getByTestId('recovery-mode-phone'));
    await user.type(screen.getByTestId('recovery-withdraw'), '1234');
    await user.type(screen.getByTestId('recovery-contact'), '5550000002');
    await user.type(screen.getByTestId('recovery-code'), '4821');
    await user.click(screen.getByTestId('recovery-next'));
    await screen.findByTestId('recovery-reset');
    expect(body).toMatchObject({ member_phone: '5550000002' });
    expect(body).not.toHaveProperty('member_email');
  });

  it.each([101, 102, 201, 202, 203])('reset code %i goes back to verify', async (code) => {
    clientCaptcha();
    server.use(
      http.post('/api/arks/web/vx/verify', () => ok({ token: 'rec-token' })),
      http.post('/api/arks/web/vx/reset', () => HttpResponse.json({ code, message: 'token used', data: null })),
    );
    const user = userEvent.setup();
    renderUi(<WithdrawRecoveryModal data={{ account: 'demo001' }} onClose={() => {}} />);
    await waitFor(() => expect(screen.getByTestId('client-captcha').querySelector('img')).not.toBeNull());
    await fillVerify(user);
    await screen.findByTestId('recovery-reset');
    await user.type(screen.getByTestId('recovery-password'), 'newpass1');
    await user.type(screen.getByTestId('recovery-confirm'), 'newpass1');
    await user.click(screen.getByTestId('recovery-submit'));
    await screen.findByTestId('recovery-verify');
    expect(screen.getByTestId('recovery-error').textContent).toBe('Please verify again. token used');
  });
});
