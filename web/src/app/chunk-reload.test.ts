import { describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/browser';
import { isChunkLoadError, reloadForChunkError } from './chunk-reload';

describe('chunk load errors', () => {
  it('recognises the browsers’ messages', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('reloads at most once per path every 10 s', () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    expect(reloadForChunkError('/discount', 1_000)).toBe(true);
    expect(reloadForChunkError('/discount', 9_000)).toBe(false);
    expect(reloadForChunkError('/faq', 9_000)).toBe(true);
    expect(reloadForChunkError('/discount', 11_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });
});
