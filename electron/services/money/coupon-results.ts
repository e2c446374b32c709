// What each coupon brought, from the school's orders (already loaded in the main process for the Orders
// dashboard): per coupon and currency, the sale orders that used it (paid, refunding, refunded: the
// platform's own definition of a redemption), their price before discount, the discount, refunds and net
// (paid minus refunded). Never two currencies added. Yields to the event loop on big schools.
import type { CouponCurrencyResult } from '../../../shared/model/money';
import type { Order } from '../../../shared/platform/resources';

const SALE_STATES = new Set(['paid', 'refunding', 'refunded']);
const CHUNK = 50_000;

export async function couponResults(orders: readonly Order[]): Promise<Map<string, CouponCurrencyResult[]>> {
  const byCoupon = new Map<string, Map<string, CouponCurrencyResult>>();
  for (let start = 0; start < orders.length; start += CHUNK) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    const end = Math.min(orders.length, start + CHUNK);
    for (let i = start; i < end; i++) {
      const order = orders[i]!;
      if (!order.coupon || !SALE_STATES.has(order.state)) continue;
      let perCurrency = byCoupon.get(order.coupon.coupon_id);
      if (!perCurrency) byCoupon.set(order.coupon.coupon_id, (perCurrency = new Map()));
      let r = perCurrency.get(order.currency);
      if (!r) perCurrency.set(order.currency, (r = { currency: order.currency, orders: 0, gross: 0, discount: 0, refunded: 0, net: 0 }));
      r.orders++;
      r.gross += order.original_amount;
      r.discount += order.discount_amount;
      r.refunded += order.refunded_amount;
      r.net += order.paid_amount - order.refunded_amount;
    }
  }
  const out = new Map<string, CouponCurrencyResult[]>();
  for (const [id, perCurrency] of byCoupon) out.set(id, [...perCurrency.values()].sort((a, b) => b.net - a.net || a.currency.localeCompare(b.currency)));
  return out;
}
