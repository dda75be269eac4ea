import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from '@/lib/locale';
import { DICTS, detectLang, setLang, tx, type Key } from './i18n';

// Texts that may equal the English one, as `key` (every language) or
// `lang.key`, with the reason. Nothing else may: a player who chose a language
// must not meet English on a game page.
const sameAsEnglish: Record<string, string> = {
  pays_x: 'a multiplication sign and a number, no words',
  'vi_VN.rtp': 'Vietnamese casino sites write the acronym RTP as is',
  'vi_VN.scatter_win': 'SCATTER is the word painted on the symbol, as Vietnamese slots print it',
};

describe('game page strings', () => {
  const en = DICTS.en_US;
  const keys = Object.keys(en) as Key[];

  it('are offered in every language of the site', () => {
    expect(Object.keys(DICTS).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES.filter((l) => l !== 'en_US'))('%s has every key, translated', (lang) => {
    const dict: Record<string, string> = DICTS[lang];
    expect(Object.keys(dict).sort()).toEqual([...keys].sort());
    const untranslated = keys.filter((k) => {
      const v = (dict[k] ?? '').trim();
      return v === '' || (v === en[k] && !sameAsEnglish[k] && !sameAsEnglish[`${lang}.${k}`]);
    });
    expect(untranslated).toEqual([]);
  });

  it('every allow-listed text is still the English one (no stale entries)', () => {
    for (const entry of Object.keys(sameAsEnglish)) {
      const [lang, key] = entry.includes('.') ? entry.split('.') : ['', entry];
      const langs = lang ? [lang as keyof typeof DICTS] : LANGUAGES;
      expect(langs.some((l) => DICTS[l][key as Key] === en[key as Key]), entry).toBe(true);
    }
  });
});

describe('language of a game page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    setLang('en_US');
  });

  it('follows the browser in each of the eleven languages when nothing else names one', () => {
    const tags: Record<string, string> = {
      'zh-TW': 'zh_TW', 'zh-CN': 'zh_CN', 'en-US': 'en_US', 'vi-VN': 'vi_VN', 'ko-KR': 'ko_KR', 'ja-JP': 'ja_JP',
      'th-TH': 'th_TH', 'hi-IN': 'hi_IN', 'my-MM': 'my_MM', 'ta-IN': 'ta_IN', 'bn-BD': 'bn_BD',
    };
    for (const [tag, lang] of Object.entries(tags)) {
      vi.spyOn(navigator, 'languages', 'get').mockReturnValue([tag]);
      expect(detectLang('')).toBe(lang);
    }
  });

  it('shows the page in the language named by ?lang=', () => {
    const lang = detectLang('?lang=my_MM');
    setLang(lang);
    expect(tx('close_game')).toBe(DICTS.my_MM.close_game);
    expect(document.documentElement.lang).toBe('my-MM');
  });
});
