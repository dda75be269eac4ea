import { describe, expect, it } from 'vitest';
import { detectLanguage } from './detect';

describe('language detection', () => {
  it('follows cookie, local storage, visitor, browser, default', () => {
    expect(detectLanguage({ cookie: 'vi_VN', stored: 'zh_CN', visitor: 'ko_KR', browser: ['ja-JP'] })).toBe('vi_VN');
    expect(detectLanguage({ stored: 'zh_CN', visitor: 'ko_KR', browser: ['ja-JP'] })).toBe('zh_CN');
    expect(detectLanguage({ visitor: 'ko_KR', browser: ['ja-JP'] })).toBe('ko_KR');
    expect(detectLanguage({ browser: ['fr-FR', 'ja-JP'] })).toBe('ja_JP');
    expect(detectLanguage({ browser: ['zh-HK'] })).toBe('zh_TW');
    expect(detectLanguage({ browser: ['fr-FR'] })).toBe('en_US');
  });
  it('only picks languages the site offers', () => {
    expect(detectLanguage({ cookie: 'ja_JP', browser: ['vi'], available: ['en_US', 'vi_VN'] })).toBe('vi_VN');
    expect(detectLanguage({ cookie: 'xx_XX', available: ['en_US'] })).toBe('en_US');
  });
});
