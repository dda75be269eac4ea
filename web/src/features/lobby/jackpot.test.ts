import { describe, expect, it } from 'vitest';
import { padJackpot } from './jackpot';

describe('padJackpot', () => {
  it.each([
    [12345678.9, 2, '0012345678.90'],
    [1234567.89, 2, '0001234567.89'],
    [1234567, 0, '0001234567'],
    [0, 2, '0000000000.00'],
    [5.5, 3, '0000000005.500'],
    [98765432109, 2, '98765432109.00'],
    [-3, 2, '0000000000.00'],
    [Number.NaN, 0, '0000000000'],
  ])('%s with %s decimals -> %s', (amount, exponent, expected) => {
    expect(padJackpot(amount, exponent)).toBe(expected);
  });

  it('writes the decimals as the reader\'s language does', () => {
    expect(padJackpot(1234567.89, 2, 'vi_VN')).toBe('0001234567,89');
    expect(padJackpot(1234567.89, 0, 'en_US')).toBe('0001234568');
  });
});
