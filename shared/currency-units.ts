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
  /** 'symbol' (NT$1,200.00), 'code' (TWD 1,200.00) or 'none' (1,200.00, grouping and decimals of the locale). */
  display?: 'symbol' | 'narrowSymbol' | 'code' | 'none';
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string, locale: string, display: NonNullable<FormatMoneyOptions['display']>): Intl.NumberFormat {
  const key = `${locale}|${currency}|${display}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const exponent = currencyExponent(currency);
    formatter =
      display === 'none'
        ? new Intl.NumberFormat(locale, { minimumFractionDigits: exponent, maximumFractionDigits: exponent })
        : new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: display });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Formats integer minor units for people, in the locale's way: formatMoney(123456, 'USD', 'en-US') -> "$1,234.56". */
export function formatMoney(minor: number, currency: string, locale: string, options: FormatMoneyOptions = {}): string {
  const decimal = minorToDecimalString(minor, currency);
  // Intl.NumberFormat#format takes a decimal string as an exact value (ECMA-402 "Intl.NumberFormat v3").
  return formatterFor(currency, locale, options.display ?? 'symbol').format(decimal as unknown as number);
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
