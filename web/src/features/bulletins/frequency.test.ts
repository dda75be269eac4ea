import { describe, expect, it } from 'vitest';
import { bulletins } from '@/test/fixtures';
import { bulletinSignature, rememberBulletinClose, shouldShowBulletin, shouldShowStored } from './frequency';
import type { Bulletin } from './types';

const list = bulletins as Bulletin[];
const sig = bulletinSignature(list);

describe('bulletin display frequency', () => {
  it('nothing to show, nothing shown', () => {
    expect(shouldShowBulletin({ frequency: 2, list: [] })).toBe(false);
  });
  it('2: every load, even after a close', () => {
    expect(shouldShowBulletin({ frequency: 2, list, closedInSession: sig, closedOnce: sig })).toBe(true);
  });
  it('1: once per browser session', () => {
    expect(shouldShowBulletin({ frequency: 1, list })).toBe(true);
    expect(shouldShowBulletin({ frequency: 1, list, closedInSession: sig })).toBe(false);
    expect(shouldShowBulletin({ frequency: 1, list, closedOnce: sig })).toBe(true);
  });
  it('0: once, across sessions', () => {
    expect(shouldShowBulletin({ frequency: 0, list })).toBe(true);
    expect(shouldShowBulletin({ frequency: 0, list, closedOnce: sig })).toBe(false);
  });
  it('a new or edited bulletin shows again', () => {
    const edited = [{ ...list[0], updated_at: '2026-12-01T00:00:00Z' }, list[1]];
    expect(shouldShowBulletin({ frequency: 1, list: edited, closedInSession: sig })).toBe(true);
  });
  it('closing stores the time in sessionStorage (and localStorage for 0)', () => {
    rememberBulletinClose(1, list, 1234);
    expect(JSON.parse(sessionStorage.getItem('bulletin_closed')!)).toEqual({ at: 1234, sig });
    expect(localStorage.getItem('bulletin_closed_once')).toBeNull();
    expect(shouldShowStored(1, list)).toBe(false);
    sessionStorage.clear();
    expect(shouldShowStored(1, list)).toBe(true);
    rememberBulletinClose(0, list, 99);
    sessionStorage.clear();
    expect(shouldShowStored(0, list)).toBe(false);
  });
});
