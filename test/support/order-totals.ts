// The brute-force totals per currency of a list of orders, summed field by field from the platform's own
// order objects: the oracle the orders index and the data handlers are checked against (never their code).
import type { CurrencyTotals } from '../../shared/ipc/data';
import type { Order } from '../../shared/platform/resources';

export function currencyTotalsOf(orders: readonly Order[]): CurrencyTotals[] {
  const map = new Map<string, CurrencyTotals>();
  for (const o of orders) {
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
