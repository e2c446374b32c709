// The orders as the offline snapshot keeps them: one array of values per order (no repeated keys), which
// makes the JSON about half as long, so writing and reading it back (a start with cache, offline review)
// takes about half the time, and 1,000,000 orders fit in the cache's bound.
import type { LineItem, Order } from '../../../shared/platform/resources';

export const SNAPSHOT_ENCODING = 'order-tuples-1';

type Tuple = (string | number | null | (string | number | null)[])[];
const ITEM_FIELDS = 8;

export function encodeOrders(orders: readonly Order[]): Tuple[] {
  return orders.map((o) => {
    const items: (string | number | null)[] = [];
    for (const i of o.items) items.push(i.id, i.kind, i.product_id, i.course_id, i.name, i.original_amount, i.discount_amount, i.amount);
    return [
      o.id, o.trade_number, o.state, o.buyer.id, o.buyer.name, o.buyer.email, o.payment_method, o.currency,
      o.original_amount, o.discount_amount, o.paid_amount, o.refunded_amount,
      o.coupon?.coupon_id ?? null, o.coupon?.code ?? null, o.created_at, o.paid_at, o.updated_at, items,
    ];
  });
}

/** Throws on a tuple of the wrong shape (the caller then drops the snapshot and loads from the platform). */
export function decodeOrders(tuples: readonly unknown[]): Order[] {
  const out = new Array<Order>(tuples.length);
  for (let k = 0; k < tuples.length; k++) {
    const t = tuples[k];
    if (!Array.isArray(t) || t.length !== 18 || !Array.isArray(t[17]) || t[17].length % ITEM_FIELDS !== 0) throw new Error('not an order tuple');
    const flat = t[17] as unknown[];
    const items: LineItem[] = [];
    for (let j = 0; j < flat.length; j += ITEM_FIELDS) {
      items.push({
        id: flat[j] as string,
        kind: flat[j + 1] as LineItem['kind'],
        product_id: flat[j + 2] as string,
        course_id: flat[j + 3] as string | null,
        name: flat[j + 4] as string,
        original_amount: flat[j + 5] as number,
        discount_amount: flat[j + 6] as number,
        amount: flat[j + 7] as number,
      });
    }
    out[k] = {
      id: t[0] as string,
      trade_number: t[1] as string,
      state: t[2] as Order['state'],
      buyer: { id: t[3] as string, name: t[4] as string, email: t[5] as string },
      payment_method: t[6] as Order['payment_method'],
      currency: t[7] as string,
      original_amount: t[8] as number,
      discount_amount: t[9] as number,
      paid_amount: t[10] as number,
      refunded_amount: t[11] as number,
      coupon: t[12] === null ? null : { coupon_id: t[12] as string, code: t[13] as string },
      items,
      created_at: t[14] as string,
      paid_at: t[15] as string | null,
      updated_at: t[16] as string,
    };
  }
  return out;
}
