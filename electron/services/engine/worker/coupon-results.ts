// What each coupon brought, from the school's synced orders, in the engine's worker (the Coupons page): per
// coupon and currency, the sale orders that used it (paid, refunding, refunded: the platform's own definition of
// a redemption) paid in the range, their price before discount, the discount, refunds and net (paid minus
// refunded). Never two currencies added. One pass over the order columns: no order object is built, and the
// main process only receives the totals.
import type { CouponCurrencyResult } from '../../../../shared/model/money';
import type { CouponResults } from '../contract/protocol';
import { saleStates, type OrderColumns } from './order-columns';



/** Without a range, every sale order counts (all time). */
export function couponResults(c: OrderColumns, range?: { from: number; to: number }): CouponResults {
  const sale = saleStates(c);
  const currencies = c.currency.dict.size;
  // Keyed by coupon code × currency code: a school has a few thousand coupons at most.
  const sums = new Map<number, CouponCurrencyResult>();
  const { couponId, currency } = c;
  for (let i = 0; i < c.count; i++) {
    const coupon = couponId.codes[i]!;
    if (coupon === couponId.none || !sale[c.state.codes[i]!]) continue;
    if (range && !(c.paidAt.ms[i]! >= range.from && c.paidAt.ms[i]! < range.to)) continue;
    const cur = currency.codes[i]!;
    const key = coupon * currencies + cur;
    let r = sums.get(key);
    if (!r) sums.set(key, (r = { currency: currency.dict.get(cur), orders: 0, gross: 0, discount: 0, refunded: 0, net: 0 }));
    r.orders++;
    r.gross += c.original[i]!;
    r.discount += c.discount[i]!;
    r.refunded += c.refunded[i]!;
    r.net += c.paid[i]! - c.refunded[i]!;
  }
  const byCode = new Map<number, CouponCurrencyResult[]>();
  for (const [key, r] of sums) {
    const code = Math.floor(key / currencies);
    let list = byCode.get(code);
    if (!list) byCode.set(code, (list = []));
    list.push(r);
  }
  const byCoupon: [string, CouponCurrencyResult[]][] = [];
  for (const [code, list] of byCode) byCoupon.push([couponId.dict.get(code), list.sort((a, b) => b.net - a.net || a.currency.localeCompare(b.currency))]);
  return { byCoupon, ordersCounted: c.count, currencies: currency.dict.values().sort() };
}
