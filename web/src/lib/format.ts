// The one place numbers, money and times become text, for the lobby and the
// in-house game pages alike: Intl in the reader's language (grouping, sign and
// symbol placement), decimals from the currency's exponent, the spec's symbols
// (section 9) and the site's time zone.

/** Currency symbols of spec section 9. */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
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

/** The spec's codes that are not ISO 4217 ones, for Intl's placement of the symbol. */
const ISO_CODES: Readonly<Record<string, string>> = { RMB: 'CNY', WON: 'KRW' };

/** The site's display time zone when env_config names none (spec section 9). */
export const SITE_TIME_ZONE = 'America/Caracas';

/** The currency's symbol; an unknown currency shows its code. */
export function symbolOf(currency: string): string {
  return CURRENCY_SYMBOLS[currency] ?? currency;
}

/** Currencies shown without decimals (spec: VND, JPY, WON, MMK); others have 2. */
export const ZERO_DECIMAL_CURRENCIES: readonly string[] = ['VND', 'JPY', 'WON', 'MMK'];

export function currencyDecimals(currency: string): number {
  return ZERO_DECIMAL_CURRENCIES.includes(currency) ? 0 : 2;
}

/**
 * The Intl locale of a site language. Digits stay Latin in every language
 * (Bengali and Burmese would otherwise get their own): amounts are typed in
 * Latin digits in the wallet forms, so they are read back the same way.
 */
function intlLocale(lang: string): string {
  return `${lang.replace('_', '-')}-u-nu-latn`;
}

export interface MoneyFormat {
  /** the decimals: the currency's exponent when known (env_config, a game session); else by currency */
  exponent?: number;
  /** integer digits zero-padded, without grouping (the jackpot's 10) */
  padTo?: number;
  /** a sign on every amount but zero (round results, ledger lines) */
  signed?: boolean;
  /** trailing zero decimals dropped (chip values: 0.2, 1, 50) */
  compact?: boolean;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(lang: string, decimals: number, f: MoneyFormat, currency?: string): Intl.NumberFormat {
  const key = `${lang}|${decimals}|${f.padTo ?? ''}|${f.signed ? 1 : 0}|${f.compact ? 1 : 0}|${currency ?? ''}`;
  let nf = numberFormats.get(key);
  if (!nf) {
    const options: Intl.NumberFormatOptions = {
      minimumFractionDigits: f.compact ? 0 : decimals,
      maximumFractionDigits: decimals,
      minimumIntegerDigits: f.padTo,
      useGrouping: !f.padTo,
      signDisplay: f.signed ? 'exceptZero' : 'auto',
      ...(currency ? { style: 'currency', currency, currencyDisplay: 'narrowSymbol' } : {}),
    };
    try {
      nf = new Intl.NumberFormat(intlLocale(lang), options);
    } catch {
      nf = new Intl.NumberFormat('en-US', options);
    }
    numberFormats.set(key, nf);
  }
  return nf;
}

function decimalsOf(currency: string, f: MoneyFormat): number {
  return Math.max(0, Math.trunc(f.exponent ?? currencyDecimals(currency)));
}

function finite(value: number | string): number | string {
  return typeof value === 'number' && !Number.isFinite(value) ? 0 : value;
}

/**
 * An amount without its symbol, as the reader's language writes it, with the
 * currency's decimals. `value` is in major units, or an exact decimal string
 * (minorToDecimal), which Intl formats without going through a float.
 */
export function formatAmount(value: number | string, currency: string, lang: string, f: MoneyFormat = {}): string {
  return numberFormat(lang, decimalsOf(currency, f), f).format(finite(value) as number);
}

/**
 * The amount with the spec's symbol where the reader's language puts a
 * currency: "$2,000.00", "¥1,234.50", "1.500.000 ₫", "₹12,34,567.00".
 */
export function formatMoney(value: number | string, currency: string, lang: string, f: MoneyFormat = {}): string {
  const iso = ISO_CODES[currency] ?? currency;
  // Intl places the symbol and its spacing; a code it rejects borrows XXX ("no currency") for that.
  const code = /^[A-Za-z]{3}$/.test(iso) ? iso : 'XXX';
  return numberFormat(lang, decimalsOf(currency, f), f, code)
    .formatToParts(finite(value) as number)
    .map((p) => (p.type === 'currency' ? symbolOf(currency) : p.value))
    .join('');
}

/** Integer minor units as an exact decimal string: (123456, 2) -> "1234.56", (-5, 2) -> "-0.05". */
export function minorToDecimal(minor: number, exponent: number): string {
  const exp = Math.max(0, Math.trunc(exponent));
  const digits = String(Math.abs(Math.trunc(minor))).padStart(exp + 1, '0');
  const text = exp > 0 ? `${digits.slice(0, -exp)}.${digits.slice(-exp)}` : digits;
  return minor < 0 ? `-${text}` : text;
}

/** 0.9604462 -> "96.04%" (or "96,04 %", as the language writes a percentage). */
export function formatPercent(ratio: number, lang: string, digits = 2): string {
  return new Intl.NumberFormat(intlLocale(lang), { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(ratio);
}

/**
 * How much of a moment a page shows:
 * date: "Nov 23, 2026" (bulletins); dateTime: "Nov 23, 2026, 2:00 AM" (announcements);
 * short: "11/23/26, 2:00 AM" (record tables); minute: "11/23/2026, 02:00" (maintenance windows);
 * clock: "11/23, 02:00:05" (game rounds).
 */
export type TimeStyle = 'date' | 'dateTime' | 'short' | 'minute' | 'clock';

const TIME_STYLES: Readonly<Record<TimeStyle, Intl.DateTimeFormatOptions>> = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  short: { dateStyle: 'short', timeStyle: 'short' },
  minute: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  clock: { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
};

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment (RFC 3339 text or a Date) in the reader's language and the site's
 * zone, never the viewer's own: every player reads the same clock as the
 * operator. Empty input gives "", text that is not a time comes back as is.
 */
export function formatDateTime(value: string | Date | null | undefined, lang: string, timeZone: string = SITE_TIME_ZONE, style: TimeStyle = 'dateTime'): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return typeof value === 'string' ? value : '';
  const key = `${lang}|${timeZone}|${style}`;
  let df = dateFormats.get(key);
  if (!df) {
    try {
      df = new Intl.DateTimeFormat(intlLocale(lang), { ...TIME_STYLES[style], timeZone: timeZone || SITE_TIME_ZONE });
    } catch {
      // an unknown zone in env_config: the spec's default rather than the viewer's zone
      df = new Intl.DateTimeFormat(intlLocale(lang), { ...TIME_STYLES[style], timeZone: SITE_TIME_ZONE });
    }
    dateFormats.set(key, df);
  }
  return df.format(d);
}
