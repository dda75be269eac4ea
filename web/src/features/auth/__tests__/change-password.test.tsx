// The forced password change on the first desktop login (spec sections 2, 7):
// every rule before the call, /member/profile/edit_password's codes
// (docs/api.md: 101 old password wrong, 400 rules), success storing the new
// token and closing the modal; the site's strong rule.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { login } from '@/lib/session';
import { modalDataStore, modalStore } from '@/lib/modals';
import { envConfig, loginData, memberLayout } from '@/test/fixtures';
import { ok } from '@/test/handlers';
import { renderApp, renderUi } from '@/test/render';
import { server } from '@/test/server';
import ChangePasswordModal from '../components/ChangePasswordModal';

type User = ReturnType<typeof userEvent.setup>;

function editPassword(answer: () => Response | ReturnType<typeof ok> = () => ok({ ...loginData, token: 'tok-new' })) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/member/profile/edit_password', async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return answer();
    }),
  );
  return bodies;
}

async function fill(user: User, old: string, password: string, confirm = password) {
  if (old) await user.type(screen.getByTestId('cp-old'), old);
  if (password) await user.type(screen.getByTestId('cp-new'), password);
  if (confirm) await user.type(screen.getByTestId('cp-confirm'), confirm);
  await user.click(screen.getByTestId('cp-submit'));
}

const err = (name: string) => screen.queryByTestId(`field-error-${name}`)?.textContent ?? '';

describe('change password: rules before the call (default rule)', () => {
  it.each([
    ['', 'abc12345', 'abc12345', { cpOld: 'Required.', cpNew: '', cpConfirm: '' }],
    ['old12345', '', '', { cpOld: '', cpNew: 'Required.', cpConfirm: '' }],
    ['old12345', 'ab1', 'ab1', { cpOld: '', cpNew: '6 to 12 characters.', cpConfirm: '' }],
    ['old12345', 'abcdefgh', 'abcdefgh', { cpOld: '', cpNew: 'Letters and digits, with at least one of each.', cpConfirm: '' }],
    ['old12345', '12345678', '12345678', { cpOld: '', cpNew: 'Letters and digits, with at least one of each.', cpConfirm: '' }],
    ['old12345', 'abc!1234', 'abc!1234', { cpOld: '', cpNew: 'Letters and digits, with at least one of each.', cpConfirm: '' }],
    ['old12345', 'abc12345', '', { cpOld: '', cpNew: '', cpConfirm: 'Required.' }],
    ['old12345', 'abc12345', 'abc12346', { cpOld: '', cpNew: '', cpConfirm: 'The passwords do not match.' }],
  ])('old %j, new %j, confirm %j', async (old, password, confirm, want) => {
    const bodies = editPassword();
    const user = userEvent.setup();
    renderUi(<ChangePasswordModal data={{ forced: true }} onClose={() => {}} />);
    await screen.findByTestId('change-password-modal');
    await fill(user, old, password, confirm);
    await waitFor(() => expect({ cpOld: err('cpOld'), cpNew: err('cpNew'), cpConfirm: err('cpConfirm') }).toEqual(want));
    expect(bodies).toHaveLength(0);
  });

  it('caps the new password at 12 and shows the forced note and the default hint', async () => {
    renderUi(<ChangePasswordModal data={{ forced: true }} onClose={() => {}} />);
    await screen.findByTestId('change-password-modal');
    expect(screen.getByText('For your security, please set a new password before you continue.')).toBeTruthy();
    expect(screen.getByText('6-12 letters and digits, with at least one of each')).toBeTruthy();
    expect((screen.getByTestId('cp-new') as HTMLInputElement).maxLength).toBe(12);
    expect((screen.getByTestId('cp-confirm') as HTMLInputElement).maxLength).toBe(12);
  });
});

describe('change password: the strong rule', () => {
  it.each([
    ['Password123', 'This password is too common.'],
    ['abc123', '8 to 64 characters.'],
  ])('%s: %s', async (password, text) => {
    const bodies = editPassword();
    const user = userEvent.setup();
    renderUi(<ChangePasswordModal data={{ forced: true }} onClose={() => {}} />, { env: { password_rule: 'strong' } });
    await screen.findByTestId('change-password-modal');
    expect((screen.getByTestId('cp-new') as HTMLInputElement).maxLength).toBe(64);
    expect(screen.getByText('8-64 characters; avoid common passwords')).toBeTruthy();
    await fill(user, 'old12345', password);
    expect((await screen.findByTestId('field-error-cpNew')).textContent).toBe(text);
    expect(bodies).toHaveLength(0);
  });

  it('accepts a long passphrase the default rule would refuse', async () => {
    const bodies = editPassword();
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderUi(<ChangePasswordModal data={{ forced: true }} onClose={onClose} />, { env: { password_rule: 'strong' } });
    await screen.findByTestId('change-password-modal');
    await fill(user, 'old12345', 'a quiet river at dawn');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toEqual([{ old_password: 'old12345', new_password: 'a quiet river at dawn' }]);
  });
});

describe('change password: server codes', () => {
  it('101 shows under the current password and keeps the modal open', async () => {
    editPassword(() => HttpResponse.json({ code: 101, message: 'old password wrong', data: null }));
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderUi(<ChangePasswordModal data={{ forced: true }} onClose={onClose} />);
    await screen.findByTestId('change-password-modal');
    await fill(user, 'wrong123', 'abc12345');
    expect((await screen.findByTestId('field-error-cpOld')).textContent).toBe('The current password is wrong.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it.each([
    [400, 'The password does not meet the rules.'],
    [106, 'Too many wrong passwords. Try again in 15 minutes.'],
  ])('%i shows the server message above the form', async (code, message) => {
    editPassword(() => HttpResponse.json({ code, message, data: null }));
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderUi(<ChangePasswordModal data={{ forced: true }} onClose={onClose} />);
    await screen.findByTestId('change-password-modal');
    await fill(user, 'old12345', 'abc12345');
    expect((await screen.findByTestId('change-password-error')).textContent).toBe(message);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('success sends the old and new password, stores the new token, says so and closes', async () => {
    login(loginData);
    const bodies = editPassword();
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderUi(<ChangePasswordModal data={{ forced: true }} onClose={onClose} />);
    await screen.findByTestId('change-password-modal');
    await fill(user, 'old12345', 'abc12345');
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(bodies).toEqual([{ old_password: 'old12345', new_password: 'abc12345' }]);
    expect(localStorage.getItem('token')).toBe('tok-new');
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
  });
});

describe('first login on the desktop', () => {
  const firstLogin = () => server.use(http.post('/api/member/profile/common/layout', () => ok({ member_common_layout: { ...memberLayout, first_login_to_change_password: 1 } })));

  it('opens the forced change with the site rule; success closes it', async () => {
    login(loginData);
    firstLogin();
    server.use(http.post('/api/arks/web/site/detail', () => ok({ env_config: envConfig({ password_rule: 'strong' }) })));
    const bodies = editPassword();
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByTestId('change-password-modal', {}, { timeout: 5000 });
    expect(modalStore.get()).toBe('change-password');
    expect(modalDataStore.get()).toEqual({ forced: true });
    expect((screen.getByTestId('cp-new') as HTMLInputElement).maxLength).toBe(64);
    await fill(user, 'old12345', 'gamehall');
    expect((await screen.findByTestId('field-error-cpNew')).textContent).toBe('This password is too common.');
    await user.clear(screen.getByTestId('cp-new'));
    await user.clear(screen.getByTestId('cp-confirm'));
    await fill(user, '', 'gamehall-2026');
    await waitFor(() => expect(screen.queryByTestId('change-password-modal')).toBeNull());
    expect(modalStore.get()).toBeNull();
    expect(bodies).toEqual([{ old_password: 'old12345', new_password: 'gamehall-2026' }]);
  });

  it('is not asked on mobile', async () => {
    login(loginData);
    firstLogin();
    renderApp('/', { width: 600 });
    await screen.findByTestId('member-bar', {}, { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByTestId('change-password-modal')).toBeNull();
  });
});
