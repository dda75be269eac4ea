// The 2000 ms real-time check after login (spec section 9) and the socket's
// channels, with a fake centrifuge client; cross-window login messages.
import { act, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRealtimeClientLoader, setRealtimeEnabled, stopRealtime } from '@/lib/realtime';
import { login, onLogout } from '@/lib/session';
import { loginData } from '@/test/fixtures';
import { MemberSession } from '../components/MemberSession';

const fake = {
  clients: [] as {
    token: string;
    channels: string[];
    published: (ch: string, data: unknown) => void;
    subscribeAll: () => void;
    /** the server closes the socket with a code */
    close: (code: number) => void;
    disconnected: boolean;
    connects: string[];
  }[],
};

class Sub {
  handlers: Record<string, ((ctx: unknown) => void)[]> = {};
  channel: string;
  constructor(channel: string) {
    this.channel = channel;
  }
  on(ev: string, fn: (ctx: unknown) => void) {
    (this.handlers[ev] ??= []).push(fn);
    return this;
  }
  subscribe() {}
  emit(ev: string, ctx: unknown) {
    for (const fn of this.handlers[ev] ?? []) fn(ctx);
  }
}

/** Just enough of centrifuge's client for lib/realtime. */
class FakeCentrifuge {
  subs: Sub[] = [];
  handlers: Record<string, ((ctx: unknown) => void)[]> = {};
  rec: (typeof fake.clients)[number];
  constructor(_url: string, opts: { token: string }) {
    this.rec = {
      token: opts.token,
      channels: [],
      disconnected: false,
      published: (ch, data) => this.subs.find((s) => s.channel === ch)?.emit('publication', { data }),
      subscribeAll: () => this.subs.forEach((s) => s.emit('subscribed', {})),
      close: (code) => (this.handlers.disconnected ?? []).forEach((fn) => fn({ code, reason: '' })),
      connects: [],
    };
    fake.clients.push(this.rec);
  }
  on(ev: string, fn: (ctx: unknown) => void) {
    (this.handlers[ev] ??= []).push(fn);
    return this;
  }
  newSubscription(channel: string) {
    const s = new Sub(channel);
    this.subs.push(s);
    this.rec.channels.push(channel);
    return s;
  }
  subscriptions() {
    return {};
  }
  removeSubscription() {}
  connect() {
    this.rec.connects.push(this.rec.token);
  }
  disconnect() {
    this.rec.disconnected = true;
  }
  setToken(t: string) {
    this.rec.token = t;
  }
}

function mount() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <MemberSession /> }]);
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  fake.clients.length = 0;
  setRealtimeClientLoader(async () => FakeCentrifuge as unknown as typeof import('centrifuge').Centrifuge);
  setRealtimeEnabled(true);
});
afterEach(() => {
  stopRealtime();
  setRealtimeEnabled(false);
  vi.useRealTimers();
});

describe('socket', () => {
  it('visitors connect anonymously to web_api.{currency}; a login reconnects with the token and member.{id}', async () => {
    mount();
    await waitFor(() => expect(fake.clients).toHaveLength(1));
    expect(fake.clients[0]).toMatchObject({ token: '', channels: ['web_api.USD'] });
    act(() => login(loginData));
    await waitFor(() => expect(fake.clients).toHaveLength(2));
    expect(fake.clients[0].disconnected).toBe(true);
    expect(fake.clients[1]).toMatchObject({ token: 'tok-player01', channels: ['web_api.USD', 'member.7', 'member.USD'] });
  });

  it('events from the server reach the handlers (login elsewhere)', async () => {
    login(loginData);
    mount();
    await waitFor(() => expect(fake.clients).toHaveLength(1));
    const reasons: string[] = [];
    const off = onLogout((r) => reasons.push(r));
    fake.clients[0].published('member.7', { event: 'login', data: { token_fingerprint: 'ffffffffffffffff' } });
    await waitFor(() => expect(reasons).toEqual(['other_device']));
    off();
  });
});

describe('the server closing the socket', () => {
  it('4502 (logged in elsewhere) logs out with the warning', async () => {
    login(loginData);
    mount();
    await waitFor(() => expect(fake.clients).toHaveLength(1));
    const reasons: string[] = [];
    const off = onLogout((r) => reasons.push(r));
    act(() => fake.clients[0].close(4502));
    await waitFor(() => expect(reasons).toEqual(['other_device']));
    off();
  });

  it('4501 after a password change comes back with the new token', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    login(loginData);
    mount();
    await waitFor(() => expect(fake.clients).toHaveLength(1));
    const reasons: string[] = [];
    const off = onLogout((r) => reasons.push(r));
    // The close may come before the answer that carries the new token.
    act(() => fake.clients[0].close(4501));
    act(() => login({ ...loginData, token: 'tok-new' }));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fake.clients).toHaveLength(1);
    expect(fake.clients[0].connects.at(-1)).toBe('tok-new');
    expect(reasons).toEqual([]);
    off();
  });

  it('4501 with no newer token ends in a refusal (3500) and a logout', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    login(loginData);
    mount();
    await waitFor(() => expect(fake.clients).toHaveLength(1));
    const reasons: string[] = [];
    const off = onLogout((r) => reasons.push(r));
    act(() => fake.clients[0].close(4501));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fake.clients[0].connects.at(-1)).toBe('tok-player01');
    expect(reasons).toEqual([]);
    act(() => fake.clients[0].close(3500));
    await waitFor(() => expect(reasons).toEqual(['unauthorized']));
    off();
  });
});

describe('2000 ms real-time check', () => {
  it('logs out when no channel is subscribed 2000 ms after login', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mount();
    const reasons: string[] = [];
    const off = onLogout((r) => reasons.push(r));
    act(() => login(loginData));
    act(() => vi.advanceTimersByTime(1999));
    expect(reasons).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(reasons).toEqual(['realtime']);
    off();
  });

  it('stays logged in once a channel is subscribed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mount();
    const reasons: string[] = [];
    const off = onLogout((r) => reasons.push(r));
    act(() => login(loginData));
    await waitFor(() => expect(fake.clients.at(-1)?.token).toBe('tok-player01'));
    act(() => fake.clients.at(-1)!.subscribeAll());
    act(() => vi.advanceTimersByTime(2500));
    expect(reasons).toEqual([]);
    expect(localStorage.getItem('token')).toBe('tok-player01');
    off();
  });
});

describe('cross-window messages', () => {
  const post = (data: unknown, origin = window.location.origin) => act(() => window.dispatchEvent(new MessageEvent('message', { data, origin })));

  it('authLogin from our origin completes the login', async () => {
    mount();
    post({ msg: 'authLogin', data: { token: 'tok-x', member_id: '3', member_account: 'carol', member_currency: 'USD' } });
    expect(localStorage.getItem('token')).toBe('tok-x');
    expect(localStorage.getItem('member_account')).toBe('carol');
  });

  it('messages from another origin are ignored', async () => {
    mount();
    post({ msg: 'authLogin', data: { token: 'tok-evil', member_id: '3', member_account: 'eve', member_currency: 'USD' } }, 'https://evil.example');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
