// Cross-window messages of the third-party login helper (spec section 4):
// authLoginClose shows an error toast when a result code is present and
// closes the auth window; only messages from our own origin count. Also the
// /authCallback page that sends them.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { openNamedWindow } from '@/lib/windows';
import { renderUi } from '@/test/render';
import AuthCallback, { AUTH_CALLBACK_TIMEOUT_MS, callbackMessage } from '../components/AuthCallback';
import { MemberSession } from '../components/MemberSession';

/** A helper window opened by name, as the third-party login does. */
function authWindow() {
  const w = { closed: false, close: vi.fn(() => void (w.closed = true)), focus: vi.fn() };
  vi.spyOn(window, 'open').mockReturnValue(w as unknown as Window);
  openNamedWindow('authCallback', '/authCallback');
  return w;
}

const post = (data: unknown, origin = window.location.origin) => act(() => window.dispatchEvent(new MessageEvent('message', { data, origin })));
const viaStorage = (data: unknown) => {
  const value = JSON.stringify(data);
  localStorage.setItem('window-msg', value);
  act(() => window.dispatchEvent(new StorageEvent('storage', { key: 'window-msg', newValue: value })));
};

function mount() {
  return renderUi(<MemberSession />);
}

describe('authLoginClose', () => {
  it('with a result code: an error toast with the message, and the auth window closes', async () => {
    const w = authWindow();
    mount();
    post({ msg: 'authLoginClose', resCode: 403, resMessage: 'The provider refused the login.' });
    expect(await screen.findByText('The provider refused the login.')).toBeTruthy();
    expect(w.close).toHaveBeenCalledOnce();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a code without a message shows the error word with the code', async () => {
    const w = authWindow();
    mount();
    post({ msg: 'authLoginClose', resCode: '500' });
    expect(await screen.findByText('Error (500)')).toBeTruthy();
    expect(w.close).toHaveBeenCalledOnce();
  });

  it('without a result code: no toast, the window still closes', async () => {
    const error = vi.spyOn(toast, 'error');
    const w = authWindow();
    mount();
    post({ msg: 'authLoginClose', resCode: '', resMessage: 'ignored' });
    post({ msg: 'authLoginClose' });
    expect(w.close).toHaveBeenCalledOnce();
    expect(error).not.toHaveBeenCalled();
  });

  it('from another origin: ignored (no toast, the window stays open)', async () => {
    const error = vi.spyOn(toast, 'error');
    const w = authWindow();
    mount();
    post({ msg: 'authLoginClose', resCode: 403, resMessage: 'spoofed' }, 'https://evil.example');
    post({ msg: 'authLogin', data: { token: 'tok-evil', member_id: '3', member_account: 'eve', member_currency: 'USD' } }, 'https://evil.example');
    expect(error).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
    expect(w.close).not.toHaveBeenCalled();
    expect(w.closed).toBe(false);
  });

  it('also arrives through local storage (window-msg), which is then cleared', async () => {
    const w = authWindow();
    mount();
    viaStorage({ msg: 'authLoginClose', resCode: 401, resMessage: 'Login cancelled.' });
    expect(await screen.findByText('Login cancelled.')).toBeTruthy();
    expect(w.close).toHaveBeenCalledOnce();
    expect(localStorage.getItem('window-msg')).toBeNull();
  });

  it('authLogin closes the auth window and completes the login', async () => {
    const w = authWindow();
    mount();
    post({ msg: 'authLogin', data: { token: 'tok-x', member_id: '3', member_account: 'carol', member_currency: 'USD' } });
    expect(w.close).toHaveBeenCalledOnce();
    await waitFor(() => expect(localStorage.getItem('token')).toBe('tok-x'));
  });
});

describe('/authCallback', () => {
  it('builds authLogin from a complete result, else authLoginClose with the code', () => {
    expect(callbackMessage(new URLSearchParams('tk=t1&member_id=3&member_account=carol&member_currency=USD'))).toEqual({
      msg: 'authLogin',
      data: { token: 't1', member_id: '3', member_account: 'carol', member_currency: 'USD' },
    });
    expect(callbackMessage(new URLSearchParams('resCode=403&resMessage=refused'))).toEqual({ msg: 'authLoginClose', resCode: '403', resMessage: 'refused' });
    expect(callbackMessage(new URLSearchParams('code=500&message=oops&tk=t1'))).toEqual({ msg: 'authLoginClose', resCode: '500', resMessage: 'oops' });
    expect(callbackMessage(new URLSearchParams(''))).toEqual({ msg: 'authLoginClose', resCode: '', resMessage: '' });
  });

  it('posts to its opener for our origin only, keeps window-msg and closes itself', async () => {
    const opener = { postMessage: vi.fn() };
    const before = Object.getOwnPropertyDescriptor(window, 'opener');
    Object.defineProperty(window, 'opener', { configurable: true, value: opener });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    const path = window.location.pathname;
    window.history.replaceState(null, '', '/authCallback?resCode=403&resMessage=refused');
    try {
      renderUi(<AuthCallback />);
      await screen.findByTestId('auth-callback');
      await waitFor(() => expect(close).toHaveBeenCalled());
      expect(opener.postMessage).toHaveBeenCalledWith({ msg: 'authLoginClose', resCode: '403', resMessage: 'refused' }, window.location.origin);
      expect(JSON.parse(localStorage.getItem('window-msg') ?? '{}')).toEqual({ msg: 'authLoginClose', resCode: '403', resMessage: 'refused' });
      // The result leaves the address bar.
      expect(window.location.search).toBe('');
    } finally {
      if (before) Object.defineProperty(window, 'opener', before);
      else delete (window as { opener?: unknown }).opener;
      window.history.replaceState(null, '', path);
    }
  });

  it('opened on its own (nothing to close it), it says so after a few seconds and offers the way home', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    const path = window.location.pathname;
    window.history.replaceState(null, '', '/authCallback');
    try {
      const { router } = renderUi(<AuthCallback />, { path: '/authCallback' });
      expect((await screen.findByTestId('auth-callback')).textContent).toBe('Signing you in…');
      await act(() => vi.advanceTimersByTimeAsync(AUTH_CALLBACK_TIMEOUT_MS));
      expect(close).toHaveBeenCalled();
      expect((await screen.findByTestId('auth-callback-error')).textContent).toContain('Sign-in could not be completed');
      fireEvent.click(screen.getByTestId('auth-callback-home'));
      expect(router.state.location.pathname).toBe('/');
    } finally {
      vi.useRealTimers();
      window.history.replaceState(null, '', path);
    }
  });
});

