// Real-time member events (spec section 4) and the fingerprint compare.
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/browser';
import { channelsFor, emitRealtimeEvent, realtimeUrl } from '@/lib/realtime';
import { sha256Fallback, sha256Hex } from '@/lib/sha256';
import { login, onLogout } from '@/lib/session';
import { loginData } from '@/test/fixtures';
import { MemberSession } from '../components/MemberSession';
import { isOtherDeviceLogin, tokenFingerprint } from '../realtime-events';

// sha256("abc")
const ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';

describe('token fingerprint', () => {
  it('is the first 16 hex digits of SHA-256, with WebCrypto and the fallback', async () => {
    expect(await sha256Hex('abc')).toBe(ABC);
    const hex = Array.from(sha256Fallback(new TextEncoder().encode('abc')), (b) => b.toString(16).padStart(2, '0')).join('');
    expect(hex).toBe(ABC);
    const long = 'x'.repeat(1000);
    expect(Array.from(sha256Fallback(new TextEncoder().encode(long)), (b) => b.toString(16).padStart(2, '0')).join('')).toBe(await sha256Hex(long));
    expect(await tokenFingerprint('abc')).toBe(ABC.slice(0, 16));
  });

  it('a login with another fingerprint is another device; our own is not', async () => {
    expect(await isOtherDeviceLogin('abc', ABC.slice(0, 16))).toBe(false);
    expect(await isOtherDeviceLogin('abc', ABC.slice(0, 16).toUpperCase())).toBe(false);
    expect(await isOtherDeviceLogin('abc', '0123456789abcdef')).toBe(true);
    expect(await isOtherDeviceLogin(null, '0123456789abcdef')).toBe(false);
    expect(await isOtherDeviceLogin('abc', undefined)).toBe(false);
  });
});

describe('channels', () => {
  it('web_api.{currency} always, member.{id} for members; ws or wss by page protocol', () => {
    expect(channelsFor({ token: null, memberId: null, currency: 'usd' })).toEqual(['web_api.USD']);
    expect(channelsFor({ token: 't', memberId: '7', currency: 'VND' })).toEqual(['web_api.VND', 'member.7', 'member.VND']);
    expect(realtimeUrl({ protocol: 'https:', host: 'a.test' } as Location)).toBe('wss://a.test/connection/websocket');
    expect(realtimeUrl({ protocol: 'http:', host: 'a.test:8080' } as Location)).toBe('ws://a.test:8080/connection/websocket');
  });
});

function mount() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <MemberSession /> }], { initialEntries: ['/discount'] });
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { qc, router };
}

describe('member events', () => {
  it('login from another device logs out with the already-login warning and goes home', async () => {
    login(loginData);
    const reasons: string[] = [];
    const off = onLogout((r) => reasons.push(r));
    const { router } = mount();
    emitRealtimeEvent({ event: 'login', data: { token_fingerprint: '0123456789abcdef' }, channel: 'member.7' });
    await waitFor(() => expect(reasons).toEqual(['other_device']));
    off();
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByText(/logged in on another device/)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('our own login event changes nothing', async () => {
    login(loginData);
    mount();
    emitRealtimeEvent({ event: 'login', data: { token_fingerprint: (await tokenFingerprint(loginData.token)) }, channel: 'member.7' });
    await new Promise((r) => setTimeout(r, 50));
    expect(localStorage.getItem('token')).toBe(loginData.token);
  });

  it('profile_updated refetches the profile and the layout', async () => {
    login(loginData);
    const { qc } = mount();
    const spy = vi.spyOn(qc, 'invalidateQueries');
    emitRealtimeEvent({ event: 'profile_updated', data: {}, channel: 'member.7' });
    expect(spy).toHaveBeenCalledWith({ queryKey: ['member', 'profile'] });
    expect(spy).toHaveBeenCalledWith({ queryKey: ['member', 'layout'] });
  });

  it('app_clean_cache logs out and reloads', async () => {
    login(loginData);
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    mount();
    emitRealtimeEvent({ event: 'app_clean_cache', data: {}, channel: 'member.7' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(reload).toHaveBeenCalled();
  });

  it('logout restores the visitor currency and goes home', async () => {
    login({ ...loginData, member_currency: 'VND' });
    const { router } = mount();
    const { logout } = await import('@/lib/session');
    logout('user');
    expect(localStorage.getItem('currency')).toBe('USD');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('native wrappers', () => {
  it('are told a token login was set', async () => {
    const ios = vi.fn();
    const android = vi.fn();
    Object.assign(window, { webkit: { messageHandlers: { tokenLogin: { postMessage: ios } } }, Android: { tokenLogin: android } });
    try {
      mount();
      login(loginData);
      expect(ios).toHaveBeenCalledWith('tok-player01');
      expect(android).toHaveBeenCalledWith('tok-player01');
    } finally {
      delete (window as unknown as Record<string, unknown>).webkit;
      delete (window as unknown as Record<string, unknown>).Android;
    }
  });
});
