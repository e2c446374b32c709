// How figures read on the dashboards, all from the UI locale (state/ui-language): money in the currency's own
// minor unit (TWD in whole dollars), counts with grouping, rates as percentages, times in the business time
// zone given (the school's, or this computer's), relative times through Intl.RelativeTimeFormat, names sorted
// with Intl.Collator (zh-Hant order for Chinese names).
import { currencyExponent, formatMoney as formatSharedMoney } from '../../shared/currency-units';
import { currentUiLocale, t } from '../../shared/i18n/i18n';

export interface Locale {
  locale: string;
  timeZone: string;
}

/** The UI locale in force (state/ui-language keeps it) and the computer's time zone. */
export function systemLocale(): Locale {
  const resolved = new Intl.DateTimeFormat().resolvedOptions();
  return { locale: currentUiLocale().locale, timeZone: resolved.timeZone || 'UTC' };
}

const compactFormats = new Map<string, Intl.NumberFormat>();

export { currencyExponent };

/**
 * Integer minor units → display string, through shared/money (exact decimals, the school's currency
 * format). `compact` ("$12.3K") is for chart axes only, where ticks are not amounts anyone adds up;
 * `nameCurrency` where amounts of several currencies are on screen ("US$49.00" beside "NT$1,200").
 */
export function formatMoney(minor: number, currency: string, locale: string, options: { compact?: boolean; nameCurrency?: boolean } = {}): string {
  if (!options.compact) return formatSharedMoney(Math.round(minor), currency, locale, { nameCurrency: options.nameCurrency });
  const key = `${locale}|${currency}`;
  let format = compactFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 });
    compactFormats.set(key, format);
  }
  const parts = format.formatToParts(minor / 10 ** currencyExponent(currency));
  // TWD names itself, as in formatMoney (zh-TW's own symbol for it is a bare "$").
  return parts.map((part) => (part.type === 'currency' && currency === 'TWD' && part.value === '$' ? 'NT$' : part.value)).join('');
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

/** Chinese reads dates as numbers: 2026/11/26 22:46, not 2026年11月26日 晚上10:46 (which overflows a column). */
function isChinese(locale: string): boolean {
  return /^zh\b/i.test(locale);
}

/**
 * A change of a rate in percentage points, signed: "+1.2 pp", "-0.5 pp", "0.0 pp" (0.012 is 1.2 points). A
 * rate's change is never a percent of the rate: 2.5% → 3.6% is +1.1 pp, not +44%. `spoken` writes the unit
 * out ("1.2 percentage points") for screen readers.
 */
export function formatPointsChange(ratioPoints: number, locale: string, form: 'short' | 'spoken' = 'short'): string {
  const value = numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: form === 'short' ? 'exceptZero' : 'auto' }).format(ratioPoints * 100);
  return t(form === 'short' ? 'common:delta.points' : 'common:delta.pointsSpoken', { value });
}

/**
 * "Nov 21, 2026, 2:05 PM" (English) or "2026/11/21 14:05" (中文) in the time zone: the one way a moment reads
 * on every screen, so a table never shows "11/21/26" next to a drawer's "Nov 21, 2026".
 */
export function formatDateTime(iso: string | null, { locale, timeZone }: Locale): string {
  if (!iso) return '–';
  const options: Intl.DateTimeFormatOptions = isChinese(locale)
    ? { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }
    : { dateStyle: 'medium', timeStyle: 'short', timeZone };
  return dateFormat(locale, options).format(new Date(iso));
}

/** A day without its time: "Nov 21, 2026" / "2026/11/21". */
export function formatDateOnly(iso: string, { locale, timeZone }: Locale): string {
  const options: Intl.DateTimeFormatOptions = isChinese(locale) ? { year: 'numeric', month: '2-digit', day: '2-digit', timeZone } : { dateStyle: 'medium', timeZone };
  return dateFormat(locale, options).format(new Date(iso));
}

/** The time of day of a moment, as formatDateTime writes it: "2:05 PM" / "14:05" (a table's second line under the day). */
export function formatTimeOnly(iso: string, { locale, timeZone }: Locale): string {
  const options: Intl.DateTimeFormatOptions = isChinese(locale) ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone } : { timeStyle: 'short', timeZone };
  return dateFormat(locale, options).format(new Date(iso));
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

/** "Europe/London, GMT+1" / "Europe/London，GMT+1": a zone's name and its offset at that instant (now by default). */
export function formatZone(timeZone: string, locale: string, at: number = Date.now()): string {
  const offset = dateFormat(locale, { timeZone, timeZoneName: 'shortOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
  return offset ? t('common:timeZone.zone', { zone: timeZone, offset }) : timeZone;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/**
 * How long ago, in the locale's words: "5 min. ago", "2 hr. ago", "yesterday" / "5 分鐘前", "昨天". Under a
 * minute (and a future time: clock skew) is null, for the caller's own "just now".
 */
export function formatAgo(fromMs: number, nowMs: number, locale: string): string | null {
  const age = nowMs - fromMs;
  if (!Number.isFinite(age) || age < MINUTE) return null;
  let format = relativeFormats.get(locale);
  if (!format) relativeFormats.set(locale, (format = new Intl.RelativeTimeFormat(locale, { style: 'short', numeric: 'auto' })));
  if (age < HOUR) return format.format(-Math.floor(age / MINUTE), 'minute');
  if (age < DAY) return format.format(-Math.floor(age / HOUR), 'hour');
  return format.format(-Math.floor(age / DAY), 'day');
}

const collators = new Map<string, Intl.Collator>();

/** Sorting by name in the UI locale's order (zh-Hant's for Chinese names), numbers in text by value. */
export function nameCollator(locale: string): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) collators.set(locale, (collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' })));
  return collator;
}

/** A list in the UI locale's order of its names: every course picker and course drop-down reads A to Z (or 筆畫). */
export function sortedByName<T>(items: readonly T[], nameOf: (item: T) => string, locale: string): T[] {
  const collator = nameCollator(locale);
  return [...items].sort((a, b) => collator.compare(nameOf(a), nameOf(b)));
}

/** A relative change: null when there is no base to compare with (0 before). */
export function relativeChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return (current - previous) / Math.abs(previous);
}
