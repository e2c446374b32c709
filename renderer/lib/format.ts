// How figures read on the dashboards: money in the currency's own minor unit and the admin's locale,
// counts with grouping, rates as percentages, times in the business time zone (the school's, or this computer's).
import { currencyExponent, formatMoney as formatSharedMoney } from '../../shared/currency-units';

export interface Locale {
  locale: string;
  timeZone: string;
}

/** The admin's locale and time zone, from the system the app runs on. */
export function systemLocale(): Locale {
  const resolved = new Intl.DateTimeFormat().resolvedOptions();
  return { locale: globalThis.navigator?.language || resolved.locale || 'en-US', timeZone: resolved.timeZone || 'UTC' };
}

const compactFormats = new Map<string, Intl.NumberFormat>();

export { currencyExponent };

/**
 * Integer minor units → display string, through shared/money (exact decimals, the school's currency
 * format). `compact` ("$12.3K") is for chart axes only, where ticks are not amounts anyone adds up.
 */
export function formatMoney(minor: number, currency: string, locale: string, options: { compact?: boolean } = {}): string {
  if (!options.compact) return formatSharedMoney(Math.round(minor), currency, locale);
  const key = `${locale}|${currency}`;
  let format = compactFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 });
    compactFormats.set(key, format);
  }
  return format.format(minor / 10 ** currencyExponent(currency));
}

// Building an Intl formatter costs far more than using one; tables format thousands of cells while
// scrolling, so each distinct formatter is built once.
const formatterCache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let format = formatterCache.get(key) as Intl.NumberFormat | undefined;
  if (!format) formatterCache.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let format = formatterCache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) formatterCache.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

export function formatCount(value: number, locale: string): string {
  return numberFormat(locale, {}).format(value);
}

/** The one percent format of the app: the locale's, with one decimal ("12.5%", "12,5 %" in German). */
export function formatPercent(ratio: number, locale: string): string {
  return numberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ratio);
}

/** A change in the same format, signed: "+12.5%", "-4.0%", "0.0%". */
export function formatChange(ratio: number, locale: string): string {
  return numberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(ratio);
}

/**
 * A change of a rate in percentage points, signed: "+1.2 pp", "-0.5 pp", "0.0 pp" (0.012 is 1.2 points). A
 * rate's change is never a percent of the rate: 2.5% → 3.6% is +1.1 pp, not +44%.
 */
export function formatPointsChange(ratioPoints: number, locale: string): string {
  return `${numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(ratioPoints * 100)} pp`;
}

/**
 * "Nov 21, 2026, 2:05 PM" in the time zone: the one way a moment reads on every screen (the locale's medium
 * date), so a table never shows "11/21/26" next to a drawer's "Nov 21, 2026".
 */
export function formatDateTime(iso: string | null, { locale, timeZone }: Locale): string {
  if (!iso) return '–';
  return dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}

/** Dense tables use the same format as everywhere else (kept as a name so callers need not change). */
export function formatShortDateTime(iso: string | null, locale: Locale): string {
  return formatDateTime(iso, locale);
}

/** A period's label: "Nov 3" (with the year only when the series spans several), or "Nov 2026" for months. */
export function formatDate(iso: string, { locale, timeZone }: Locale, interval: 'day' | 'week' | 'month' = 'day', withYear = false): string {
  const options: Intl.DateTimeFormatOptions =
    interval === 'month' ? { year: 'numeric', month: 'short', timeZone } : { month: 'short', day: 'numeric', ...(withYear ? { year: 'numeric' } : {}), timeZone };
  return dateFormat(locale, options).format(new Date(iso));
}

/** Labels for a series of period starts: the year is shown only when they span more than one. */
export function formatPeriods(isos: readonly string[], locale: Locale, interval: 'day' | 'week' | 'month'): string[] {
  const year = (iso: string) => dateFormat('en', { year: 'numeric', timeZone: locale.timeZone }).format(new Date(iso));
  const withYear = isos.length > 0 && year(isos[0] as string) !== year(isos[isos.length - 1] as string);
  return isos.map((iso) => formatDate(iso, locale, interval, withYear));
}

/**
 * Whole local days as the locale writes a span: "Oct 1 – 27", "Sep 28 – Oct 4", "Nov 26" for one day; the year
 * only when the days are not all in `currentYear` ("Nov 1 – 27, 2025"). The days are calendar dates, so they
 * are formatted as UTC dates: no zone can move them.
 */
export function formatDays(days: { startDay: string; endDay: string }, locale: string, currentYear: number = new Date().getFullYear()): string {
  const first = Date.parse(`${days.startDay}T00:00:00Z`);
  const last = Date.parse(`${days.endDay}T00:00:00Z`);
  const withYear = days.startDay.slice(0, 4) !== String(currentYear) || days.endDay.slice(0, 4) !== String(currentYear);
  const format = dateFormat(locale, { month: 'short', day: 'numeric', ...(withYear ? { year: 'numeric' } : {}), timeZone: 'UTC' });
  return first === last ? format.format(first) : format.formatRange(first, last);
}

/** "Europe/London, GMT+1": a zone's name and its offset at that instant (now by default). */
export function formatZone(timeZone: string, locale: string, at: number = Date.now()): string {
  const offset = dateFormat(locale, { timeZone, timeZoneName: 'shortOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
  return offset ? `${timeZone}, ${offset}` : timeZone;
}

/** A relative change: null when there is no base to compare with (0 before). */
export function relativeChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return (current - previous) / Math.abs(previous);
}
