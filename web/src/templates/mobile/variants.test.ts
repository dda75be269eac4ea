import { describe, expect, it } from 'vitest';
import { MOBILE_VARIANTS, resolveMobileVariant } from './variants';

describe('mobile variants', () => {
  it('has H5_1 to H5_8 and falls back to H5_1', () => {
    expect(Object.keys(MOBILE_VARIANTS)).toEqual(['H5_1', 'H5_2', 'H5_3', 'H5_4', 'H5_5', 'H5_6', 'H5_7', 'H5_8']);
    expect(resolveMobileVariant('H5_99').name).toBe('H5_1');
    expect(resolveMobileVariant(undefined).name).toBe('H5_1');
  });
  it('takes colour and section order from template_config', () => {
    const v = resolveMobileVariant('H5_2', { name: 'H5_2', theme_color: '#123456', home_sections: ['jackpot', 'carousel', 'bogus'], show_marquee: true });
    expect(v.themeColor).toBe('#123456');
    expect(v.sections).toEqual(['jackpot', 'carousel']);
  });
  it('drops hidden sections and ignores a bad colour', () => {
    const v = resolveMobileVariant('H5_3', { name: 'H5_3', theme_color: 'red;}', show_jackpot: false });
    expect(v.themeColor).toBe(MOBILE_VARIANTS.H5_3.themeColor);
    expect(v.sections).not.toContain('jackpot');
  });
});
