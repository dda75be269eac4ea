import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '@/test/server';
import { ABORTABLE_ON_401, apiUrl, ApiError, request } from './api-client';
import { currentLanguage } from './locale';
import { onLogout } from './session';

const ok = (data: unknown, code = 100) => HttpResponse.json({ code, message: 'success', data });

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected a rejection');
}

describe('api-client', () => {
  it('resolves with data on code 100', async () => {
    server.use(http.post('/api/arks/web/float', () => ok({ list: [1, 2] })));
    await expect(request('/arks/web/float', { site_id: 1 })).resolves.toEqual({ list: [1, 2] });
  });

  it('resolves with data on code 1000', async () => {
    server.use(http.post('/api/template_config', () => ok({ H5_1: { name: 'H5_1' } }, 1000)));
    await expect(request('/api/template_config', { mobileTemplateName: 'H5_1' })).resolves.toEqual({ H5_1: { name: 'H5_1' } });
  });

  it('reads the header/body envelope', async () => {
    server.use(http.post('/api/legacy', () => HttpResponse.json({ header: { status: 100, desc: 'ok' }, body: { a: 1 } })));
    await expect(request('/legacy')).resolves.toEqual({ a: 1 });
    server.use(http.post('/api/legacy', () => HttpResponse.json({ header: { status: 101, desc: 'account_error' }, body: null })));
    const e = await rejection(request('/legacy'));
    expect([e.kind, e.code, e.message]).toEqual(['business', 101, 'account_error']);
  });

  it('rejects a business code with code, message and data', async () => {
    server.use(http.post('/api/login', () => HttpResponse.json({ code: 107, message: 'different device', data: { member_login_id: 9 } })));
    const e = await rejection(request('/login', {}));
    expect(e.kind).toBe('business');
    expect(e.code).toBe(107);
    expect(e.message).toBe('different device');
    expect(e.data).toEqual({ member_login_id: 9 });
  });

  it('times out with request_timeout', async () => {
    server.use(
      http.post('/api/slow', async () => {
        await delay(500);
        return ok({});
      }),
    );
    const e = await rejection(request('/slow', {}, { timeoutMs: 20 }));
    expect(e.kind).toBe('timeout');
    expect(e.messageKey).toBe('request_timeout');
  });

  it('uses a 30 s timeout by default', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      server.use(http.post('/api/hang', () => new Promise<Response>(() => {})));
      const p = rejection(request('/hang'));
      await vi.advanceTimersByTimeAsync(29_999);
      let settled = false;
      void p.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect((await p).messageKey).toBe('request_timeout');
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports a network failure with network_error', async () => {
    server.use(http.post('/api/down', () => HttpResponse.error()));
    const e = await rejection(request('/down'));
    expect(e.kind).toBe('network');
    expect(e.messageKey).toBe('network_error');
  });

  it('sends lang and the bearer token, as POST JSON', async () => {
    let seen: { method: string; lang: string | null; auth: string | null; body: unknown } | undefined;
    server.use(
      http.post('/api/echo', async ({ request: r }) => {
        seen = { method: r.method, lang: r.headers.get('lang'), auth: r.headers.get('authorization'), body: await r.json() };
        return ok({});
      }),
    );
    currentLanguage.set('vi_VN');
    localStorage.setItem('token', 'tok123');
    await request('/echo', { site_id: 1 });
    expect(seen).toEqual({ method: 'POST', lang: 'vi_VN', auth: 'Bearer tok123', body: { site_id: 1 } });
  });

  it('sends no authorization header without a token', async () => {
    let auth: string | null = 'unset';
    server.use(
      http.post('/api/echo', ({ request: r }) => {
        auth = r.headers.get('authorization');
        return ok({});
      }),
    );
    await request('/echo');
    expect(auth).toBeNull();
  });

  it('prefixes /api once', async () => {
    expect(apiUrl('/arks/web/footer')).toBe('/api/arks/web/footer');
    expect(apiUrl('visitor')).toBe('/api/visitor');
    expect(apiUrl('/api/template_config')).toBe('/api/template_config');
    expect(apiUrl('/api/fb_tracking')).toBe('/api/fb_tracking');
    server.use(http.post('/api/fb_tracking', () => ok({ stored: true })));
    await expect(request('/api/fb_tracking', { eventName: 'x' })).resolves.toEqual({ stored: true });
  });

  it('can GET', async () => {
    server.use(http.get('/api/get_login_header', () => ok({ remote_addr: '1.2.3.4' })));
    await expect(request('/get_login_header', undefined, { method: 'GET' })).resolves.toEqual({ remote_addr: '1.2.3.4' });
  });

  it('stores a refreshed token from the authorization response header', async () => {
    localStorage.setItem('token', 'old');
    server.use(http.post('/api/member/profile', () => HttpResponse.json({ code: 100, message: 'ok', data: {} }, { headers: { authorization: 'Bearer fresh-token' } })));
    await request('/member/profile');
    expect(localStorage.getItem('token')).toBe('fresh-token');
  });

  it('on 401 aborts the listed background calls and logs out', async () => {
    for (const [k, v] of Object.entries({ token: 't', member_id: '7', member_account: 'alice', member_type: '1', lang: 'en_US' })) localStorage.setItem(k, v);
    const logouts: string[] = [];
    const off = onLogout((reason) => logouts.push(reason));
    const hang = () => new Promise<Response>(() => {});
    for (const p of ABORTABLE_ON_401) server.use(http.post(`/api${p}`, hang));
    server.use(
      http.post('/api/arks/web/float', async () => {
        await delay(50);
        return ok({ kept: true });
      }),
      http.post('/api/member/profile', () => new HttpResponse(null, { status: 401 })),
    );

    const background = ABORTABLE_ON_401.map((p) => rejection(request(p, {})));
    const other = request('/arks/web/float', {});
    const denied = await rejection(request('/member/profile'));

    expect(denied.kind).toBe('unauthorized');
    for (const e of await Promise.all(background)) expect(e.kind).toBe('aborted');
    await expect(other).resolves.toEqual({ kept: true });
    expect(logouts).toEqual(['unauthorized']);
    for (const k of ['token', 'member_id', 'member_account', 'member_type']) expect(localStorage.getItem(k)).toBeNull();
    expect(localStorage.getItem('lang')).toBe('en_US');
    off();
  });

  it('honours the caller abort signal', async () => {
    server.use(http.post('/api/hang', () => new Promise<Response>(() => {})));
    const ctrl = new AbortController();
    const p = rejection(request('/hang', {}, { signal: ctrl.signal }));
    ctrl.abort();
    expect((await p).kind).toBe('aborted');
  });
});
