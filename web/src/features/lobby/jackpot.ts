import { formatAmount } from '@/lib/format';

export const JACKPOT_INT_DIGITS = 10;

/**
 * The jackpot figure with leading zeros to 10 integer digits and the currency's
 * decimals, in the reader's language: padJackpot(12345678.9, 2) === "0012345678.90".
 */
export function padJackpot(amount: number, exponent: number, lang = 'en_US'): string {
  const value = Number.isFinite(amount) && amount > 0 ? amount : 0;
  return formatAmount(value, '', lang, { exponent, padTo: JACKPOT_INT_DIGITS });
}
