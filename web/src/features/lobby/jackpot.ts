export const JACKPOT_INT_DIGITS = 10;

/**
 * The jackpot figure with leading zeros to 10 integer digits and the currency's
 * decimals: padJackpot(12345678.9, 2) === "0012345678.90".
 */
export function padJackpot(amount: number, exponent: number): string {
  const value = Number.isFinite(amount) && amount > 0 ? amount : 0;
  const [int, frac] = value.toFixed(Math.max(0, Math.trunc(exponent))).split('.');
  const padded = int.padStart(JACKPOT_INT_DIGITS, '0');
  return frac ? `${padded}.${frac}` : padded;
}
