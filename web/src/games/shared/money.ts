// Money in the play API is an integer count of minor units; it is shown with
// the session's exponent and never goes through a float division.

/** Currency symbols of spec section 9 (the game pages do not load the lobby's tables). */
export const SYMBOLS: Record<string, string> = {
  RMB: '¥',
  VND: '₫',
  WON: '₩',
  JPY: '¥',
  THB: '฿',
  USD: '$',
  INR: '₹',
  MMK: 'K',
  BRL: 'R$',
  BDT: '৳',
  NGN: '₭',
};

function group(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 123456 with exponent 2 -> "1,234.56"; 1234567 with exponent 0 -> "1,234,567". */
export function formatMinor(minor: number, exponent: number): string {
  const neg = minor < 0;
  const abs = Math.abs(Math.trunc(minor));
  const exp = Math.max(0, Math.trunc(exponent));
  const scale = 10 ** exp;
  const whole = Math.floor(abs / scale);
  const frac = abs - whole * scale;
  const text = exp > 0 ? `${group(whole)}.${String(frac).padStart(exp, '0')}` : group(whole);
  return neg ? `-${text}` : text;
}

/** Like formatMinor without trailing zero decimals: chips read "0.2", "1", "50". */
export function formatCompact(minor: number, exponent: number): string {
  const full = formatMinor(minor, exponent);
  if (!full.includes('.')) return full;
  return full.replace(/\.?0+$/, '');
}

/** A signed amount for results: "+0.20", "-1.00", "0.00". */
export function formatSigned(minor: number, exponent: number): string {
  const text = formatMinor(Math.abs(minor), exponent);
  return minor > 0 ? `+${text}` : minor < 0 ? `-${text}` : text;
}

export function symbolOf(currency: string): string {
  return SYMBOLS[currency] ?? currency;
}

/** 0.9604462 -> "96.04%" */
export function formatPercent(ratio: number, digits = 2): string {
  return `${(ratio * 100).toFixed(digits)}%`;
}
