// Words and numbers for coupons: the return of a coupon, and amounts typed in major units (5.50) turned into
// the integer minor units the platform counts in. The discount's words: shared/model/coupon-words.ts.
import type { CouponCurrencyResult } from '../../../shared/model/money';
import { t } from '../../../shared/i18n/i18n';

function currencyExponent(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** "5.50" in USD → 550; null with the reason when it is not an amount of that currency. */
export function parseMajorAmount(text: string, currency: string): { ok: true; minor: number } | { ok: false; error: string } {
  const trimmed = text.trim().replace(',', '.');
  const exponent = currencyExponent(currency);
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return { ok: false, error: t('money:problems.amountSuchAs', { example: exponent ? '5.00' : '500' }) };
  const [, decimals = ''] = trimmed.split('.');
  if (decimals.length > exponent) return { ok: false, error: exponent ? t('money:problems.decimals', { count: exponent, currency }) : t('money:problems.noDecimals', { currency }) };
  return { ok: true, minor: Math.round(Number(trimmed) * 10 ** exponent) };
}

export function minorToMajorText(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  return (minor / 10 ** exponent).toFixed(exponent);
}

/**
 * A coupon's return in one currency: net revenue of the orders that used it for each unit of discount
 * given (net ÷ discount). Null when it gave no discount (nothing to weigh against).
 */
export function couponReturn(result: CouponCurrencyResult): number | null {
  return result.discount > 0 ? result.net / result.discount : null;
}

export function formatReturn(ratio: number | null, locale: string): string {
  return ratio === null ? '—' : `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(ratio)}×`;
}
