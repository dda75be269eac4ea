import { describe, expect, it, vi } from 'vitest';
import { closeGame, type GameWindowHost } from './close';
import { DICTS } from './i18n';
import { formatCompact, formatMinor, formatSigned } from './money';

describe('money', () => {
  it('formats integer minor units with the exponent, never through a float', () => {
    expect(formatMinor(200000, 2)).toBe('2,000.00');
    expect(formatMinor(5, 2)).toBe('0.05');
    expect(formatMinor(50000000, 0)).toBe('50,000,000');
    expect(formatMinor(-120, 2)).toBe('-1.20');
    expect(formatMinor(123456789012345, 2)).toBe('1,234,567,890,123.45');
    expect(formatCompact(20, 2)).toBe('0.2');
    expect(formatCompact(10000, 2)).toBe('100');
    expect(formatSigned(500, 2)).toBe('+5.00');
    expect(formatSigned(-20, 2)).toBe('-0.20');
  });
});

describe('closing a game page', () => {
  const host = (over: Partial<GameWindowHost>): GameWindowHost => {
    const self = {} as Window;
    return { opener: null, parent: self, self, origin: 'https://gamehall.test', close: vi.fn(), home: vi.fn(), ...over };
  };

  it('posts quickGame to the opener, to our origin only', () => {
    const opener = { closed: false, postMessage: vi.fn() } as unknown as Window;
    expect(closeGame(host({ opener }))).toBe('opener');
    expect(opener.postMessage).toHaveBeenCalledWith({ msg: 'quickGame' }, 'https://gamehall.test');
  });

  it('posts to the parent when framed in the lobby modal', () => {
    const parent = { postMessage: vi.fn() } as unknown as Window;
    expect(closeGame(host({ parent }))).toBe('parent');
    expect(parent.postMessage).toHaveBeenCalledWith({ msg: 'quickGame' }, 'https://gamehall.test');
  });

  it('goes to the lobby when nothing opened it', () => {
    const h = host({});
    expect(closeGame(h)).toBe('home');
    expect(h.home).toHaveBeenCalled();
  });
});

describe('game page strings', () => {
  it('every language keeps the placeholders of en_US', () => {
    const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [lang, dict] of Object.entries(DICTS)) {
      for (const [k, v] of Object.entries(dict)) expect([lang, k, vars(v)]).toEqual([lang, k, vars(DICTS.en_US[k as keyof typeof DICTS.en_US])]);
    }
  });
});
