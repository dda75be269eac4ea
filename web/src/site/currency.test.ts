import { describe, expect, it } from 'vitest';
import { envConfig } from '@/test/fixtures';
import { resolveSiteCurrency } from './currency';

describe('site currency', () => {
  const env = envConfig();
  it('prefers cookie, then stored, then visitor', () => {
    expect(resolveSiteCurrency(env, 'en_US', { cookie: 'VND', stored: 'RMB', visitor: 'USD' }).code).toBe('VND');
    expect(resolveSiteCurrency(env, 'en_US', { stored: 'RMB', visitor: 'VND' }).code).toBe('RMB');
    expect(resolveSiteCurrency(env, 'en_US', { visitor: 'VND' }).code).toBe('VND');
  });
  it('falls back to the locale map, then the site default', () => {
    expect(resolveSiteCurrency(env, 'vi_VN', {}).code).toBe('VND');
    expect(resolveSiteCurrency(env, 'ko_KR', {})).toEqual({ code: 'USD', symbol: '$', exponent: 2 });
  });
  it('skips currencies the site does not offer', () => {
    expect(resolveSiteCurrency(env, 'en_US', { cookie: 'BRL' }).code).toBe('USD');
  });
});
