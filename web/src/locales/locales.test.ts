// Every key the code uses must exist in all eleven locales, and each locale
// must carry every en_US string in its own words. Keys are found by scanning the source.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// vitest defines __dirname for test modules.
const SRC = join(__dirname, '..');
const LOCALES = ['zh_TW', 'zh_CN', 'en_US', 'vi_VN', 'ko_KR', 'ja_JP', 'th_TH', 'hi_IN', 'my_MM', 'ta_IN', 'bn_BD'];

/**
 * Keys whose text is the same in every language, so a translation may equal the
 * English one: the contact channels are brand names written in Latin letters on
 * their own logos and apps, and QQ is both a brand and a code.
 */
const SAME_AS_ENGLISH = new Set([
  'contact_facebook', 'contact_qq', 'contact_skype', 'contact_telegram', 'contact_wechat', 'contact_whatsapp', 'contact_zalo',
]);

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

  it.each(LOCALES)('%s has every key used in code', (lang) => {
    const dict = load(lang);
    const missing = [...keys].filter((k) => !has(dict, k));
    expect(missing).toEqual([]);
  });

  it.each(LOCALES.filter((l) => l !== 'en_US'))('%s has every en_US string, translated and not empty', (lang) => {
    const en = load('en_US');
    const dict = load(lang);
    const missing = Object.keys(en).filter((k) => !(k in dict) && !(k.endsWith('_one') && has(dict, k.slice(0, -4))));
    expect(missing).toEqual([]);
    expect(Object.entries(dict).filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k)).toEqual([]);
    expect(Object.keys(dict).filter((k) => dict[k] === en[k] && !SAME_AS_ENGLISH.has(k))).toEqual([]);
  });

  // i18next picks key_<category> with Intl.PluralRules, so each language needs
  // the categories its own rules produce (hi, bn, ta: one/other; my, th, zh...: other).
  it.each(LOCALES)('%s has the plural forms its language uses', (lang) => {
    const en = load('en_US');
    const dict = load(lang);
    const categories = new Intl.PluralRules(lang.replace('_', '-')).resolvedOptions().pluralCategories;
    // dv_q_other is a word, not a plural: plurals are the keys en_US has in both forms.
    const bases = Object.keys(en).filter((k) => k.endsWith('_one')).map((k) => k.slice(0, -'_one'.length));
    const missing = bases.flatMap((b) => categories.map((c) => `${b}_${c}`)).filter((k) => !(k in dict));
    expect(missing).toEqual([]);
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
