// Money in the play API is an integer count of minor units; it is shown with
// the session's exponent, in the page's language, through the site's one
// money format (lib/format), and never goes through a float division.
import { formatAmount, formatPercent as percent, minorToDecimal } from '@/lib/format';
import { currentLang } from './i18n';

export { symbolOf } from '@/lib/format';

const amount = (minor: number, exponent: number, f: { signed?: boolean; compact?: boolean } = {}) =>
  formatAmount(minorToDecimal(minor, exponent), '', currentLang(), { exponent, ...f });

/** 123456 with exponent 2 -> "1,234.56"; 1234567 with exponent 0 -> "1,234,567". */
export function formatMinor(minor: number, exponent: number): string {
  return amount(minor, exponent);
}

/** Like formatMinor without trailing zero decimals: chips read "0.2", "1", "50". */
export function formatCompact(minor: number, exponent: number): string {
  return amount(minor, exponent, { compact: true });
}

/** A signed amount for results: "+0.20", "-1.00", "0.00". */
export function formatSigned(minor: number, exponent: number): string {
  return amount(minor, exponent, { signed: true });
}

/** 0.9604462 -> "96.04%" in the page's language. */
export function formatPercent(ratio: number, digits = 2): string {
  return percent(ratio, currentLang(), digits);
}
