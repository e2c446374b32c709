// The Coupons table in one currency: each coupon's status at a moment and what it brought in the range in that
// currency (its redemptions, net revenue, discount given and return), filtered by code and status and sorted by
// any column. Pure, so it is unit-tested against hand-made lists.
import { couponStatus, type CouponCurrencyResult, type CouponRow, type CouponStatus } from '../../../shared/model/money';
import { t } from '../../../shared/i18n/i18n';
import { couponReturn } from './coupon-format';

/** The statuses in the order the filter lists them. */
export const COUPON_STATUSES: readonly CouponStatus[] = ['scheduled', 'active', 'expired', 'used_up', 'disabled'];

/** A status as the admin reads it, in the UI language. */
export function couponStatusLabel(status: CouponStatus): string {
  return t(`money:coupons.status.${status}`);
}

export type CouponSortKey = 'code' | 'status' | 'redemptions' | 'net' | 'discount' | 'return';
export interface CouponSort {
  key: CouponSortKey;
  direction: 'asc' | 'desc';
}

export interface CouponLine {
  coupon: CouponRow;
  status: CouponStatus;
  /** Its figures in the table's currency over the range (zeros when no sale order in it used the coupon). */
  result: CouponCurrencyResult;
  /** Net revenue per unit of discount; null without a discount. */
  ratio: number | null;
}

/** Which write the row offers: a coupon that can still be used can be switched off; a switched-off one that has not ended, on. */
export function couponAction(status: CouponStatus, coupon: Pick<CouponRow, 'endsAt'>, now: number): 'disable' | 'enable' | null {
  if (status === 'active' || status === 'scheduled') return 'disable';
  if (status === 'disabled' && (coupon.endsAt === null || Date.parse(coupon.endsAt) > now)) return 'enable';
  return null;
}

export function couponLines(coupons: readonly CouponRow[], currency: string, now: number): CouponLine[] {
  return coupons.map((coupon) => {
    const result = coupon.results.find((r) => r.currency === currency) ?? { currency, orders: 0, gross: 0, discount: 0, refunded: 0, net: 0 };
    return { coupon, status: couponStatus(coupon, now), result, ratio: couponReturn(result) };
  });
}

export function filterCouponLines(lines: readonly CouponLine[], text: string, status: CouponStatus | ''): CouponLine[] {
  const q = text.trim().toUpperCase();
  return lines.filter((l) => (!status || l.status === status) && (!q || l.coupon.code.toUpperCase().includes(q)));
}

const STATUS_ORDER: CouponStatus[] = ['active', 'scheduled', 'used_up', 'expired', 'disabled'];

export function sortCouponLines(lines: readonly CouponLine[], sort: CouponSort): CouponLine[] {
  const value = (l: CouponLine): number | string => {
    switch (sort.key) {
      case 'code': return l.coupon.code.toUpperCase();
      case 'status': return STATUS_ORDER.indexOf(l.status);
      case 'redemptions': return l.result.orders;
      case 'net': return l.result.net;
      case 'discount': return l.result.discount;
      // No discount given, no return: below every ratio.
      case 'return': return l.ratio ?? -Infinity;
    }
  };
  const sign = sort.direction === 'asc' ? 1 : -1;
  // Ties keep a predictable order: by code.
  return [...lines].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va < vb) return -sign;
    if (va > vb) return sign;
    return a.coupon.code.localeCompare(b.coupon.code);
  });
}
