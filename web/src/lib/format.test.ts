import { describe, expect, it } from 'vitest';
import { formatAmount, formatDateTime, formatMoney, formatPercent, minorToDecimal, SITE_TIME_ZONE } from './format';

// Intl separates a symbol placed after the number with a no-break space.
const nb = (s: string) => s.replace(/ /g, '\u00a0');

describe('money', () => {
  it('writes each spec currency with its symbol, decimals and the reader\'s grouping', () => {
    expect(formatMoney(0, 'USD', 'en_US')).toBe('$0.00');
    expect(formatMoney(2000, 'USD', 'en_US')).toBe('$2,000.00');
    expect(formatMoney(1500000, 'VND', 'vi_VN')).toBe(nb('1.500.000 ₫'));
    expect(formatMoney(1234.5, 'RMB', 'zh_CN')).toBe('¥1,234.50');
    expect(formatMoney(1234.5, 'RMB', 'zh_TW')).toBe('¥1,234.50');
    expect(formatMoney(1234567, 'JPY', 'ja_JP')).toBe('¥1,234,567');
    expect(formatMoney(1234567, 'WON', 'ko_KR')).toBe('₩1,234,567');
    expect(formatMoney(1234.5, 'THB', 'th_TH')).toBe('฿1,234.50');
    // Indian grouping: lakhs and crores
    expect(formatMoney(1234567.5, 'INR', 'hi_IN')).toBe('₹12,34,567.50');
    expect(formatMoney(1234567.5, 'INR', 'ta_IN')).toBe('₹12,34,567.50');
    expect(formatMoney(1234567.5, 'BDT', 'bn_BD')).toBe('12,34,567.50৳');
    expect(formatMoney(1234567, 'MMK', 'my_MM')).toBe(nb('1,234,567 K'));
    expect(formatMoney(12, 'BRL', 'en_US')).toBe('R$12.00');
  });

  it('keeps Latin digits in every language, as the wallet forms take them', () => {
    expect(formatAmount(1234.5, 'BDT', 'bn_BD')).toBe('1,234.50');
    expect(formatAmount(1234, 'MMK', 'my_MM')).toBe('1,234');
    expect(formatAmount(1234.5, 'THB', 'th_TH')).toBe('1,234.50');
  });

  it('takes the decimals from the currency exponent, rounding half away from zero', () => {
    for (const c of ['VND', 'JPY', 'WON', 'MMK']) expect(formatAmount(1234.56, c, 'en_US')).toBe('1,235');
    expect(formatAmount(1234.5, 'USD', 'en_US', { exponent: 3 })).toBe('1,234.500');
    expect(formatMoney(1234, 'INR', 'hi_IN', { exponent: 0 })).toBe('₹1,234');
    expect(formatMoney(1500000, 'VND', 'en_US')).toBe('₫1,500,000');
  });

  it('shows an unknown currency by its code', () => {
    expect(formatMoney(12, 'XYZ', 'en_US')).toBe(nb('XYZ 12.00'));
    expect(formatMoney(12, 'USDT', 'en_US')).toBe('USDT12.00');
    expect(formatMoney(Number.NaN, 'USD', 'en_US')).toBe('$0.00');
  });

  it('signs ledger lines where the language puts a sign', () => {
    expect(formatMoney(150, 'USD', 'en_US', { signed: true })).toBe('+$150.00');
    expect(formatMoney(-100, 'USD', 'en_US', { signed: true })).toBe('-$100.00');
    expect(formatMoney(-100, 'USD', 'en_US')).toBe('-$100.00');
    expect(formatMoney(0, 'USD', 'en_US', { signed: true })).toBe('$0.00');
    expect(formatMoney('-5000', 'VND', 'vi_VN', { signed: true })).toBe(nb('-5.000 ₫'));
  });

  it('pads the jackpot to 10 integer digits without grouping', () => {
    expect(formatAmount(1234567.89, 'USD', 'en_US', { padTo: 10 })).toBe('0001234567.89');
    expect(formatAmount(1234567, 'VND', 'en_US', { padTo: 10 })).toBe('0001234567');
  });

  it('formats minor units exactly, signed and compact when asked', () => {
    expect(minorToDecimal(123456789012345, 2)).toBe('1234567890123.45');
    expect(minorToDecimal(-5, 2)).toBe('-0.05');
    expect(formatAmount(minorToDecimal(123456789012345, 2), 'USD', 'en_US', { exponent: 2 })).toBe('1,234,567,890,123.45');
    expect(formatMoney(minorToDecimal(123456789012345, 2), 'INR', 'hi_IN', { exponent: 2 })).toBe('₹12,34,56,78,90,123.45');
    expect(formatAmount(minorToDecimal(500, 2), 'USD', 'en_US', { exponent: 2, signed: true })).toBe('+5.00');
    expect(formatAmount(minorToDecimal(0, 2), 'USD', 'en_US', { exponent: 2, signed: true })).toBe('0.00');
    expect(formatAmount(minorToDecimal(20, 2), 'USD', 'en_US', { exponent: 2, compact: true })).toBe('0.2');
  });

  it('writes percentages as the language does', () => {
    expect(formatPercent(0.9604462, 'en_US')).toBe('96.04%');
    expect(formatPercent(0.25, 'vi_VN', 1)).toBe(nb('25,0%'));
  });
});

describe('times', () => {
  // 06:30 UTC is 02:30 in Caracas (UTC-4, no daylight saving).
  const at = '2026-11-23T06:30:05Z';

  it('shows a moment in the site zone, not the viewer\'s', () => {
    expect(SITE_TIME_ZONE).toBe('America/Caracas');
    expect(formatDateTime(at, 'en_US', SITE_TIME_ZONE, 'minute')).toBe('11/23/2026, 02:30');
    expect(formatDateTime(at, 'en_US', 'Asia/Ho_Chi_Minh', 'minute')).toBe('11/23/2026, 13:30');
    expect(formatDateTime(new Date(at), 'en_US', undefined, 'clock')).toBe('11/23, 02:30:05');
  });

  it('falls back to the spec zone when the configured one is unknown or empty', () => {
    expect(formatDateTime(at, 'en_US', 'Mars/Olympus', 'minute')).toBe('11/23/2026, 02:30');
    expect(formatDateTime(at, 'en_US', '', 'minute')).toBe('11/23/2026, 02:30');
  });

  it('writes the date in the reader\'s language', () => {
    expect(formatDateTime(at, 'en_US', SITE_TIME_ZONE, 'date')).toBe('Nov 23, 2026');
    expect(formatDateTime(at, 'zh_CN', SITE_TIME_ZONE, 'date')).toBe('2026年11月23日');
    expect(formatDateTime(at, 'ja_JP', SITE_TIME_ZONE, 'date')).toBe('2026/11/23');
    expect(formatDateTime(at, 'vi_VN', SITE_TIME_ZONE, 'minute')).toBe('02:30 23/11/2026');
    expect(formatDateTime(at, 'hi_IN', SITE_TIME_ZONE, 'date')).toBe('23 नव॰ 2026');
    expect(formatDateTime(at, 'bn_BD', SITE_TIME_ZONE, 'date')).toMatch(/^23 নভে,? 2026$/);
  });

  it('gives empty text for no time and keeps text that is not a time', () => {
    expect(formatDateTime(undefined, 'en_US')).toBe('');
    expect(formatDateTime(null, 'en_US')).toBe('');
    expect(formatDateTime('', 'en_US')).toBe('');
    expect(formatDateTime('soon', 'en_US')).toBe('soon');
  });
});
