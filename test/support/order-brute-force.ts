// The brute-force answers to the Orders filters and sorts, from the app's order objects (mapped from the
// platform's) with plain array filter, sort and sum: the oracle the engine's order table is checked against.
import { expect } from 'vitest';
import type { OrderFilters, OrderSort } from '../../shared/ipc/data';
import type { Order } from '../../shared/model/orders';

export function matches(o: Order, f: OrderFilters): boolean {
  if (f.from !== undefined || f.to !== undefined) {
    if (o.paidAt === null) return false;
    const t = Date.parse(o.paidAt);
    if (f.from !== undefined && t < Date.parse(f.from)) return false;
    if (f.to !== undefined && t >= Date.parse(f.to)) return false;
  }
  if (f.states?.length && !f.states.includes(o.state)) return false;
  if (f.currency !== undefined && o.currency !== f.currency) return false;
  if (f.buyerId !== undefined && o.buyer.id !== f.buyerId) return false;
  if (f.coupon !== undefined) {
    if (f.coupon === '' ? o.coupon !== null : o.coupon?.code.toLowerCase() !== f.coupon.toLowerCase()) return false;
  }
  if (f.courseId !== undefined || f.productId !== undefined) {
    const hit = o.items.some((it) => (f.courseId === undefined || it.courseId === f.courseId) && (f.productId === undefined || it.productId === f.productId));
    if (!hit) return false;
  }
  if (f.text) {
    const t = f.text.trim().toLowerCase();
    if (t && o.id !== f.text.trim() && ![o.tradeNumber, o.buyer.name, o.buyer.email].some((s) => s.toLowerCase().includes(t))) return false;
  }
  return true;
}

function sortValue(o: Order, key: OrderSort['key']): number | string | null {
  switch (key) {
    case 'paidAt': return o.paidAt === null ? null : Date.parse(o.paidAt);
    case 'createdAt': return Date.parse(o.createdAt);
    case 'updatedAt': return Date.parse(o.updatedAt);
    case 'paidAmount': return o.paidAmount;
    case 'originalAmount': return o.originalAmount;
    case 'discountAmount': return o.discountAmount;
    case 'refundedAmount': return o.refundedAmount;
    case 'buyerName': return o.buyer.name;
    case 'tradeNumber': return o.tradeNumber;
    case 'state': return o.state;
    case 'currency': return o.currency;
  }
}

/** Checks that `rows` are in order for the key, and that missing values (never paid) come last. */
export function expectSorted(rows: Order[], sort: OrderSort): void {
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  let seenNull = false;
  for (let i = 1; i < rows.length; i++) {
    const a = sortValue(rows[i - 1]!, sort.key);
    const b = sortValue(rows[i]!, sort.key);
    if (a === null) seenNull = true;
    if (seenNull) {
      expect(b, 'values after the first missing one are missing too').toBeNull();
      continue;
    }
    if (b === null) continue;
    const cmp = typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
    expect(sort.direction === 'asc' ? cmp <= 0 : cmp >= 0, `${sort.key} ${sort.direction} at ${i}: ${String(a)} vs ${String(b)}`).toBe(true);
  }
}


/** How the platform breaks ties: the shorter id first, then by code units. */
function byId(a: Order, b: Order): number {
  return a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The ids of the filtered, sorted orders for a numeric key: ties in id order (reversed with the direction), never-paid last. */
export function bruteIds(orders: readonly Order[], filters: OrderFilters, sort: OrderSort): string[] {
  const hits = orders.filter((o) => matches(o, filters));
  const valued = hits.filter((o) => sortValue(o, sort.key) !== null);
  const missing = hits.filter((o) => sortValue(o, sort.key) === null).sort(byId);
  valued.sort((a, b) => (sortValue(a, sort.key) as number) - (sortValue(b, sort.key) as number) || byId(a, b));
  if (sort.direction === 'desc') {
    valued.reverse();
    missing.reverse();
  }
  return [...valued, ...missing].map((o) => o.id);
}
