import { http, HttpResponse } from 'msw';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/browser';
import { server } from '@/test/server';
import { checkBuild, findRedirect, isUpdateReady, META_PREFETCH_DELAY_MS, startBuildWatch } from './build-watch';

function track() {
  const calls = { latest: 0, meta: [] as number[] };
  let id = 'a';
  server.use(
    http.get('/builds/latest.json', ({ request }) => {
      expect(new URL(request.url).searchParams.get('t')).toMatch(/^\d+$/);
      calls.latest++;
      return HttpResponse.json({ id, timestamp: 1 });
    }),
    http.get('/builds/meta/:file', () => {
      calls.meta.push(Date.now());
      return HttpResponse.json({ id, route_rules: {}, prerendered: [] });
    }),
  );
  return { calls, setId: (v: string) => (id = v) };
}

const router = () => createMemoryRouter([{ path: '*', element: null }], { initialEntries: ['/'] });

describe('build watch', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    Object.defineProperty(navigator, 'connection', { configurable: true, value: undefined });
  });

  it('prefetches the route rules 1000 ms after the first build check', async () => {
    const { calls } = track();
    const started = Date.now();
    stop = startBuildWatch(router());
    await vi.waitFor(() => expect(calls.latest).toBe(1));
    expect(calls.meta).toHaveLength(0);
    await vi.waitFor(() => expect(calls.meta).toHaveLength(1), { timeout: 3000 });
    expect(calls.meta[0] - started).toBeGreaterThanOrEqual(META_PREFETCH_DELAY_MS - 5);
  });

  it('skips the prefetch on slow-2g', async () => {
    Object.defineProperty(navigator, 'connection', { configurable: true, value: { effectiveType: 'slow-2g' } });
    const { calls } = track();
    stop = startBuildWatch(router());
    await vi.waitFor(() => expect(calls.latest).toBe(1));
    await new Promise((r) => setTimeout(r, META_PREFETCH_DELAY_MS + 300));
    expect(calls.meta).toHaveLength(0);
  });

  it('a new build id reloads the page at the next navigation', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { calls, setId } = track();
    const r = router();
    stop = startBuildWatch(r);
    await vi.waitFor(() => expect(calls.latest).toBe(1));
    await checkBuild();
    expect(isUpdateReady()).toBe(false);
    setId('b');
    await checkBuild();
    expect(isUpdateReady()).toBe(true);
    expect(assign).not.toHaveBeenCalled();
    void r.navigate('/faq?x=1');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/faq?x=1'));
  });
});

describe('route rule matching', () => {
  it('matches exact paths, trailing slashes and /** subtrees', () => {
    const rules = { '/promotions': { redirect: '/discount' }, '/old/**': { redirect: '/faq' }, '/x': {} };
    expect(findRedirect('/promotions', rules)).toBe('/discount');
    expect(findRedirect('/promotions/', rules)).toBe('/discount');
    expect(findRedirect('/old/a/b', rules)).toBe('/faq');
    expect(findRedirect('/x', rules)).toBeUndefined();
    expect(findRedirect('/other', rules)).toBeUndefined();
  });
});

