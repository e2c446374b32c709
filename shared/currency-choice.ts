// Which currency a screen that shows one currency at a time shows first (Courses, Analytics, Subscriptions,
// Coupons): one rule everywhere, so two screens never open on different currencies (docs/business-api.md,
// "Which currency a screen shows").
import { currencyExponent } from './currency-units';

/** A currency's net revenue in the range (integer minor units of that currency). */
interface CurrencyNet {
  currency: string;
  net: number;
}

/**
 * The currencies in the order a screen offers them: the largest net revenue in the range first, the school's
 * currency first on a tie, then by code; a currency with no net in the range counts 0. The nets are read as
 * written, in whole units (US$56,991.91 before €9,057.05), with no exchange rate: this only picks what to show
 * first, and the admin's own choice wins (shownCurrency). Nothing is added or converted.
 */
export function rankCurrencies(currencies: readonly string[], nets: readonly CurrencyNet[], schoolCurrency: string | null): string[] {
  const units = new Map(nets.map((n) => [n.currency, n.net / 10 ** currencyExponent(n.currency)]));
  const tieRank = (c: string) => (c === schoolCurrency ? 0 : 1);
  return [...new Set(currencies)].sort((a, b) => (units.get(b) ?? 0) - (units.get(a) ?? 0) || tieRank(a) - tieRank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** The currency shown: the admin's choice for this school while the screen has it, else the first of the ranking. */
export function shownCurrency(ranked: readonly string[], chosen: string | null | undefined): string | null {
  if (chosen && ranked.includes(chosen)) return chosen;
  return ranked[0] ?? null;
}
