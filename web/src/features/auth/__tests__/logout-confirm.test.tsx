// Logout while a game is playing (spec section 4): local storage isPlay "1"
// asks first; cancel keeps the session, confirm logs out.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { login, useSession } from '@/lib/session';
import { loginData } from '@/test/fixtures';
import { ok } from '@/test/handlers';
import { renderUi } from '@/test/render';
import { server } from '@/test/server';
import { AuthButtons } from '../components/AuthButtons';
import { logoutNeedsConfirm } from '../logout';

function logoutCalls() {
  const calls = { n: 0 };
  server.use(http.post('/api/logout', () => (calls.n++, ok({}))));
  return calls;
}

function Header() {
  const session = useSession();
  return (
    <>
      <AuthButtons demoMode={false} />
      <span data-testid="who">{session.token ?? 'visitor'}</span>
    </>
  );
}

describe('logout', () => {
  it('needs a confirmation only while isPlay is "1"', () => {
    expect(logoutNeedsConfirm()).toBe(false);
    localStorage.setItem('isPlay', '0');
    expect(logoutNeedsConfirm()).toBe(false);
    localStorage.setItem('isPlay', '1');
    expect(logoutNeedsConfirm()).toBe(true);
  });

  it('without a game logs out at once', async () => {
    login(loginData);
    const calls = logoutCalls();
    const user = userEvent.setup();
    renderUi(<Header />);
    await user.click(await screen.findByTestId('logout-button'));
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('visitor'));
    expect(screen.queryByTestId('logout-confirm')).toBeNull();
    expect(calls.n).toBe(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByTestId('open-login')).toBeTruthy();
  });

  it('while a game is playing asks first; cancel keeps the session', async () => {
    login(loginData);
    localStorage.setItem('isPlay', '1');
    const calls = logoutCalls();
    const user = userEvent.setup();
    renderUi(<Header />);
    await user.click(await screen.findByTestId('logout-button'));
    const dialog = await screen.findByTestId('logout-confirm');
    expect(dialog.textContent).toContain('A game is still running. Log out anyway?');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('logout-confirm')).toBeNull());
    expect(calls.n).toBe(0);
    expect(localStorage.getItem('token')).toBe('tok-player01');
    expect(screen.getByTestId('who').textContent).toBe('tok-player01');
    expect(screen.getByTestId('member-bar')).toBeTruthy();
  });

  it('while a game is playing asks first; confirm logs out', async () => {
    login(loginData);
    localStorage.setItem('isPlay', '1');
    const calls = logoutCalls();
    const user = userEvent.setup();
    renderUi(<Header />);
    await user.click(await screen.findByTestId('logout-button'));
    await screen.findByTestId('logout-confirm');
    expect(calls.n).toBe(0);
    await user.click(screen.getByTestId('logout-confirm-ok'));
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('visitor'));
    expect(calls.n).toBe(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.queryByTestId('logout-confirm')).toBeNull();
  });

  it('Esc on the prompt is a cancel', async () => {
    login(loginData);
    localStorage.setItem('isPlay', '1');
    const calls = logoutCalls();
    const user = userEvent.setup();
    renderUi(<Header />);
    await user.click(await screen.findByTestId('logout-button'));
    await screen.findByTestId('logout-confirm');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('logout-confirm')).toBeNull());
    expect(calls.n).toBe(0);
    expect(localStorage.getItem('token')).toBe('tok-player01');
  });
});
