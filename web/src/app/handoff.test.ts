// Handoff by query and by enc (spec section 4).
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { onLogin, sessionStore } from '@/lib/session';
import { ok } from '@/test/handlers';
import { server } from '@/test/server';
import { applyHandoff } from './handoff';

const go = (url: string) => window.history.replaceState(null, '', url);

afterEach(() => go('/'));

describe('handoff by query', () => {
  it('stores tk, member_id, member_account, member_currency and removes them from the address bar', async () => {
    go('/discount?tk=tok-1&member_id=9&member_account=alice&member_currency=VND&header=false&x=1');
    const logins: string[] = [];
    const off = onLogin((e) => logins.push(e.via));
    await applyHandoff(new URLSearchParams(window.location.search));
    off();
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(localStorage.getItem('member_id')).toBe('9');
    expect(localStorage.getItem('member_account')).toBe('alice');
    expect(localStorage.getItem('currency')).toBe('VND');
    expect(sessionStore.get()).toMatchObject({ token: 'tok-1', memberId: '9', account: 'alice', currency: 'VND' });
    expect(logins).toEqual(['handoff']);
    expect(window.location.pathname + window.location.search).toBe('/discount?header=false&x=1');
  });

  it('needs all four values', async () => {
    localStorage.setItem('token', 'mine');
    go('/?tk=tok-1&member_id=9&member_account=alice');
    await applyHandoff(new URLSearchParams(window.location.search));
    expect(localStorage.getItem('token')).toBe('mine');
    expect(window.location.search).toBe('');
  });

  it('keeps the stored session when skipReloadGetInfo is set', async () => {
    localStorage.setItem('token', 'mine');
    localStorage.setItem('skipReloadGetInfo', '1');
    go('/?tk=tok-1&member_id=9&member_account=alice&member_currency=USD');
    await applyHandoff(new URLSearchParams(window.location.search));
    expect(localStorage.getItem('token')).toBe('mine');
    expect(window.location.search).toBe('');
  });
});

describe('handoff by enc', () => {
  it('posts enc, stores the JSON string answer and resets the URL to /', async () => {
    let body: unknown;
    server.use(
      http.post('/api/get_info_data', async ({ request }) => {
        body = await request.json();
        return ok(JSON.stringify({ tk: 'tok-enc', member_id: '12', member_account: 'bob', member_currency: 'USD' }));
      }),
    );
    go('/faq?enc=sealed-blob');
    await applyHandoff(new URLSearchParams(window.location.search));
    expect(body).toEqual({ enc: 'sealed-blob' });
    expect(localStorage.getItem('token')).toBe('tok-enc');
    expect(localStorage.getItem('member_account')).toBe('bob');
    expect(window.location.pathname + window.location.search).toBe('/');
  });

  it('fails silently: nothing stored, URL reset to /', async () => {
    server.use(http.post('/api/get_info_data', () => HttpResponse.json({ code: 101, message: 'invalid', data: null })));
    go('/faq?enc=bad');
    await applyHandoff(new URLSearchParams(window.location.search));
    expect(localStorage.getItem('token')).toBeNull();
    expect(window.location.pathname + window.location.search).toBe('/');
  });

  it('an answer missing a value stores nothing', async () => {
    server.use(http.post('/api/get_info_data', () => ok(JSON.stringify({ tk: 'x', member_id: '1', member_account: 'a' }))));
    go('/?enc=partial');
    await applyHandoff(new URLSearchParams(window.location.search));
    expect(localStorage.getItem('token')).toBeNull();
  });
});
