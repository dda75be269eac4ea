import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '@/lib/cookies';
import { createQueryClient } from '@/lib/query-client';
import { envConfig } from '@/test/fixtures';
import { ok } from '@/test/handlers';
import { server } from '@/test/server';
import { resolveStart } from './start';

function visitorAnswers(answer: Record<string, string>) {
  let calls = 0;
  server.use(
    http.post('/api/visitor', () => {
      calls++;
      return ok(answer);
    }),
  );
  return () => calls;
}

function siteDetailLanguages() {
  const langs: (string | null)[] = [];
  server.use(
    http.post('/api/arks/web/site/detail', ({ request }) => {
      langs.push(request.headers.get('lang'));
      return ok({ env_config: envConfig() });
    }),
  );
  return langs;
}

describe('first load language', () => {
  it('asks env_config (its SEO text) in the language chosen before', async () => {
    const langs = siteDetailLanguages();
    setCookie('lang', 'zh_CN');
    expect(await resolveStart(createQueryClient())).toBe('zh_CN');
    expect(langs).toEqual(['zh_CN']);
  });

  it('asks env_config again in the language detection picks', async () => {
    const langs = siteDetailLanguages();
    visitorAnswers({ country: 'VN', language: 'vi_VN', currency: 'VND' });
    expect(await resolveStart(createQueryClient())).toBe('vi_VN');
    await vi.waitFor(() => expect(langs).toEqual(['en_US', 'vi_VN']));
  });

  it('without a lang cookie asks /visitor and uses its language', async () => {
    const calls = visitorAnswers({ country: 'VN', language: 'vi_VN', currency: 'VND' });
    expect(await resolveStart(createQueryClient())).toBe('vi_VN');
    expect(calls()).toBe(1);
    expect(JSON.parse(sessionStorage.getItem('visitor')!).currency).toBe('VND');
  });

  it('asks /visitor once per browser session', async () => {
    const calls = visitorAnswers({ country: 'VN', language: 'vi_VN', currency: 'VND' });
    await resolveStart(createQueryClient());
    await resolveStart(createQueryClient());
    expect(calls()).toBe(1);
  });

  it('with a lang cookie does not ask /visitor', async () => {
    const calls = visitorAnswers({ country: 'VN', language: 'vi_VN', currency: 'VND' });
    setCookie('lang', 'zh_CN');
    expect(await resolveStart(createQueryClient())).toBe('zh_CN');
    expect(calls()).toBe(0);
  });

  it('local storage wins over the visitor answer', async () => {
    visitorAnswers({ country: 'VN', language: 'vi_VN', currency: 'VND' });
    localStorage.setItem('lang', 'zh_CN');
    expect(await resolveStart(createQueryClient())).toBe('zh_CN');
  });

  it('an unknown country falls through to the browser languages', async () => {
    visitorAnswers({ country: '', language: 'en_US', currency: 'USD' });
    Object.defineProperty(navigator, 'languages', { configurable: true, value: ['vi-VN', 'en'] });
    try {
      expect(await resolveStart(createQueryClient())).toBe('vi_VN');
    } finally {
      Object.defineProperty(navigator, 'languages', { configurable: true, value: ['en-US', 'en'] });
    }
  });
});
