// Every key the code uses must exist in the three complete locales; the
// others must at least cover the lobby. Keys are found by scanning the source.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// vitest defines __dirname for test modules.
const SRC = join(__dirname, '..');
const LOCALES = ['zh_TW', 'zh_CN', 'en_US', 'vi_VN', 'ko_KR', 'ja_JP', 'th_TH', 'hi_IN', 'my_MM', 'ta_IN', 'bn_BD'];
const COMPLETE = ['en_US', 'zh_CN', 'vi_VN'];

/** What the lobby cannot show without. */
const LOBBY_KEYS = [
  'all_game', 'my_favorite', 'last_play', 'jackpot', 'login', 'register', 'news', 'promotions_notice', 'bulletin_history',
  'enter_hall', 'login_needed_hint', 'home', 'language', 'close', 'loading', 'discount', 'check_login_msg', 'page_not_found',
  'back_home', 'next', 'previous',
  'slot', 'live', 'sport', 'lottery', 'chess', 'virtual_sport', 'cockfight', 'esport',
];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return files(p);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

function usedKeys(): Set<string> {
  const keys = new Set<string>();
  const patterns = [/\bt\(\s*'([^']+)'/g, /\bt\(\s*"([^"]+)"/g, /i18nKey="([^"]+)"/g, /\bplaceholder\(\s*'([^']+)'/g, /\/\*\s*i18n\s*\*\/\s*'([^']+)'/g];
  for (const f of files(SRC)) {
    const code = readFileSync(f, 'utf8');
    for (const re of patterns) for (const m of code.matchAll(re)) keys.add(m[1]);
  }
  return keys;
}

const load = (lang: string) => JSON.parse(readFileSync(join(SRC, 'locales', `${lang}.json`), 'utf8')) as Record<string, string>;
const has = (dict: Record<string, string>, key: string) => key in dict || `${key}_other` in dict;

describe('locales', () => {
  const keys = usedKeys();

  it('finds the keys the code uses', () => {
    expect(keys.size).toBeGreaterThan(50);
    for (const k of ['request_timeout', 'network_error', 'check_login_msg', 'page_not_found']) expect([k, keys.has(k)]).toEqual([k, true]);
  });

  it.each(COMPLETE)('%s has every key used in code', (lang) => {
    const dict = load(lang);
    const missing = [...keys].filter((k) => !has(dict, k));
    expect(missing).toEqual([]);
  });

  it.each(COMPLETE)('%s has the game type keys', (lang) => {
    const dict = load(lang);
    expect(LOBBY_KEYS.filter((k) => !has(dict, k))).toEqual([]);
  });

  it.each(LOCALES)('%s covers the lobby', (lang) => {
    const dict = load(lang);
    expect(LOBBY_KEYS.filter((k) => !has(dict, k))).toEqual([]);
  });

  it.each(LOCALES)('%s has no key en_US lacks and keeps the placeholders', (lang) => {
    const en = load('en_US');
    const dict = load(lang);
    const base = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '');
    expect(Object.keys(dict).filter((k) => !has(en, base(k)))).toEqual([]);
    for (const [k, v] of Object.entries(dict)) {
      const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      const ref = en[k] ?? en[`${base(k)}_other`];
      expect([k, vars(v)]).toEqual([k, vars(ref)]);
    }
  });
});
