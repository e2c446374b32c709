// The brute-force totals per currency of a list of orders, summed field by field from the order objects (the
// platform's own, or the app's): the oracle the engine's table and the data handlers are checked against (never their code).
import type { CurrencyTotals } from '../../shared/model/orders';
import type { Order as AppOrder } from '../../shared/model/orders';
import type { Order } from '../../shared/platform/resources';

function amounts(o: Order | AppOrder): Pick<Order, 'currency' | 'original_amount' | 'discount_amount' | 'paid_amount' | 'refunded_amount'> {
  if ('original_amount' in o) return o;
  return { currency: o.currency, original_amount: o.originalAmount, discount_amount: o.discountAmount, paid_amount: o.paidAmount, refunded_amount: o.refundedAmount };
}

export function currencyTotalsOf(orders: readonly (Order | AppOrder)[]): CurrencyTotals[] {
  const map = new Map<string, CurrencyTotals>();
  for (const order of orders) {
    const o = amounts(order);
    const t = map.get(o.currency) ?? { currency: o.currency, count: 0, original: 0, discount: 0, paid: 0, refunded: 0, net: 0 };
    t.count += 1;
    t.original += o.original_amount;
    t.discount += o.discount_amount;
    t.paid += o.paid_amount;
    t.refunded += o.refunded_amount;
    t.net = t.paid - t.refunded;
    map.set(o.currency, t);
  }
  return [...map.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}
