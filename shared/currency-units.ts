// Money is integer minor units next to an ISO 4217 code. Sums stay integers; only display turns them into
// decimals, and even then through an exact decimal string (Intl formats strings without float rounding).

const exponents = new Map<string, number>();

/** Digits after the decimal point of a currency's minor unit: JPY 0, USD 2, KWD 3 (as Intl knows them). */
export function currencyExponent(currency: string): number {
  let exponent = exponents.get(currency);
  if (exponent === undefined) {
    exponent = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    exponents.set(currency, exponent);
  }
  return exponent;
}

/** 123456 USD -> "1234.56"; -5 USD -> "-0.05"; 1200 JPY -> "1200". Exact, no floats. */
export function minorToDecimalString(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an integer amount of minor units: ${minor}`);
  const exponent = currencyExponent(currency);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor));
  if (exponent === 0) return sign + digits;
  const padded = digits.padStart(exponent + 1, '0');
  return `${sign}${padded.slice(0, -exponent)}.${padded.slice(-exponent)}`;
}

/** "1234.56" USD -> 123456. Refuses more decimals than the currency has, so nothing is silently rounded. */
export function decimalStringToMinor(text: string, currency: string): number {
  const match = /^\s*(-)?(\d+)(?:\.(\d*))?\s*$/.exec(text);
  if (!match) throw new RangeError(`not an amount: "${text}"`);
  const [, minus, whole = '0', fraction = ''] = match;
  const exponent = currencyExponent(currency);
  if (fraction.replace(/0+$/, '').length > exponent) throw new RangeError(`${currency} has ${exponent} decimal places: "${text}"`);
  const minor = Number(whole + fraction.padEnd(exponent, '0').slice(0, exponent));
  if (!Number.isSafeInteger(minor)) throw new RangeError(`amount too large: "${text}"`);
  return minus && minor !== 0 ? -minor : minor;
}

interface FormatMoneyOptions {
  /** 'symbol' (NT$1,200), 'code' (TWD 1,200) or 'none' (1,200: grouping and display decimals of the locale). */
  display?: 'symbol' | 'narrowSymbol' | 'code' | 'none';
  /**
   * The school sells in more than one currency: a bare "$" (USD in en-US, TWD in zh-TW…) becomes one that
   * names its country ("US$49.00" beside "NT$1,200"), so no amount on screen can be read as another's.
   */
  nameCurrency?: boolean;
}

/**
 * Digits shown after the decimal point. ISO 4217 gives TWD two minor units and amounts keep them exactly,
 * but Taiwan writes whole dollars ("NT$1,200"), as its course platforms do: display rounds to the dollar.
 */
const DISPLAY_FRACTION_DIGITS: Readonly<Record<string, number>> = { TWD: 0 };

function displayFractionDigits(currency: string): number {
  return DISPLAY_FRACTION_DIGITS[currency] ?? currencyExponent(currency);
}

/** A symbol that says which dollar (or yen) it is, where the locale's own is shared by several currencies. */
const NAMED_SYMBOLS: Readonly<Record<string, string>> = { USD: 'US$', TWD: 'NT$', HKD: 'HK$', SGD: 'S$', AUD: 'A$', CAD: 'CA$', NZD: 'NZ$', MOP: 'MOP$', JPY: 'JP¥', CNY: 'CN¥' };
const SHARED_SYMBOLS = new Set(['$', '¥', '￥']);

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string, locale: string, display: NonNullable<FormatMoneyOptions['display']>): Intl.NumberFormat {
  const key = `${locale}|${currency}|${display}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const digits = displayFractionDigits(currency);
    formatter =
      display === 'none'
        ? new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits })
        : new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: display, minimumFractionDigits: digits, maximumFractionDigits: digits });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Formats integer minor units for people, in the locale's way: formatMoney(123456, 'USD', 'en-US') -> "$1,234.56",
 * formatMoney(120000, 'TWD', 'zh-TW') -> "NT$1,200" (TWD always names itself: zh-TW's own symbol is a bare "$").
 */
export function formatMoney(minor: number, currency: string, locale: string, options: FormatMoneyOptions = {}): string {
  const decimal = minorToDecimalString(minor, currency);
  const formatter = formatterFor(currency, locale, options.display ?? 'symbol');
  // Intl.NumberFormat#format takes a decimal string as an exact value (ECMA-402 "Intl.NumberFormat v3").
  const exact = decimal as unknown as number;
  const display = options.display ?? 'symbol';
  if (display !== 'symbol' && display !== 'narrowSymbol') return formatter.format(exact);
  const named = options.nameCurrency || currency === 'TWD';
  return formatter
    .formatToParts(exact)
    .map((part) => (part.type === 'currency' && named && SHARED_SYMBOLS.has(part.value) ? (NAMED_SYMBOLS[currency] ?? `${currency} `) : part.value))
    .join('');
}

/**
 * The amount as a spreadsheet reads it: the currency's own decimals always ("49.00", never "49"), a dot,
 * no grouping, no symbol (the currency has its own column), exact.
 */
export function csvAmount(minor: number, currency: string): string {
  return minorToDecimalString(minor, currency);
}

/** Sums minor units, refusing anything that would lose precision. */
export function sumMinor(values: Iterable<number>): number {
  let total = 0;
  for (const value of values) total += value;
  if (!Number.isSafeInteger(total)) throw new RangeError('sum of amounts is beyond exact integer range');
  return total;
}

/** Groups amounts by currency so two currencies are never added together. */
export function totalsByCurrency<T>(items: Iterable<T>, currencyOf: (item: T) => string, amountOf: (item: T) => number): Map<string, number> {
  const totals = new Map<string, number>();
  for (const item of items) {
    const currency = currencyOf(item);
    totals.set(currency, (totals.get(currency) ?? 0) + amountOf(item));
  }
  return totals;
}
