import { describe, expect, it } from 'vitest';
import { getCookie, setCookie } from '@/lib/cookies';
import { appModeStore } from '@/lib/ui-store';
import { recordEntryParams, type EntryContext } from './entry-params';

const ctx: EntryContext = { linkExpireMinutes: 60, currencies: ['USD', 'VND'], siteCurrency: 'USD', now: 1_700_000_000_000 };
const record = (qs: string, over: Partial<EntryContext> = {}) => recordEntryParams(new URLSearchParams(qs), { ...ctx, ...over });

describe('entry query parameters', () => {
  it('id records the agent introducer', () => {
    record('id=agent007');
    expect(getCookie('register_type')).toBe('member_agent');
    expect(getCookie('member_agent')).toBe('agent007');
  });

  it('invite records the recommend code', () => {
    record('invite=FRIEND1');
    expect(getCookie('register_type')).toBe('recommend_code');
    expect(getCookie('recommend_code')).toBe('FRIEND1');
  });

  it('invite needs a currency', () => {
    record('invite=FRIEND1', { siteCurrency: undefined });
    expect(getCookie('recommend_code')).toBeUndefined();
    record('invite=FRIEND1&currency=vnd', { siteCurrency: undefined });
    expect(getCookie('recommend_code')).toBe('FRIEND1');
  });

  it('the agent wins over an invite', () => {
    record('id=a1&invite=FRIEND1');
    expect(getCookie('register_type')).toBe('member_agent');
    expect(getCookie('recommend_code')).toBeUndefined();
  });

  it('currency sets currency and ccy when the site offers it', () => {
    record('currency=vnd');
    expect(getCookie('currency')).toBe('VND');
    expect(getCookie('ccy')).toBe('VND');
  });

  it('ignores a currency the site does not offer', () => {
    record('currency=XYZ');
    expect(getCookie('currency')).toBeUndefined();
  });

  it('modal asks for the login or register modal', () => {
    expect(record('modal=register')).toEqual({ modal: 'register' });
    expect(record('modal=login')).toEqual({ modal: 'login' });
    expect(record('modal=other')).toEqual({});
  });

  it('pwa is remembered in local storage', () => {
    record('pwa=1');
    expect(localStorage.getItem('pwa')).toBe('1');
  });

  it('fbclid sets the ad-click cookie and _fbp once', () => {
    record('fbclid=abc123');
    expect(getCookie('_fbc')).toBe('fb.1.1700000000000.abc123');
    expect(getCookie('_fbp')).toMatch(/^fb\.1\.1700000000000\.\d{10}$/);
    const fbp = getCookie('_fbp');
    record('fbclid=other', { now: 1_800_000_000_000 });
    expect(getCookie('_fbc')).toBe('fb.1.1700000000000.abc123');
    expect(getCookie('_fbp')).toBe(fbp);
  });

  it('keeps an existing ad-click cookie', () => {
    setCookie('_fbc', 'fb.1.1.old');
    record('fbclid=new');
    expect(getCookie('_fbc')).toBe('fb.1.1.old');
  });

  it('appPage, header=false and footer=false set the app display mode', () => {
    record('appPage=content&header=false&footer=false');
    expect(appModeStore.get()).toEqual({ appPage: 'content', hideHeader: true, hideFooter: true });
    expect(JSON.parse(sessionStorage.getItem('app_mode') ?? '{}')).toEqual({ appPage: 'content', hideHeader: true, hideFooter: true });
  });

  it('leaves everything alone without parameters', () => {
    record('');
    expect(document.cookie).toBe('');
    expect(appModeStore.get().appPage).toBeNull();
  });
});
