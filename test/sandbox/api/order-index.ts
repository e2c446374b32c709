// Filtering and sorting a school's orders without building Order objects, as a database answers from its
// indexes: the store keeps its orders sorted by each key (data/sorted-orders.ts, built when the orders are
// generated, kept as they change). A query in creation order with a paid-time range, `updated_since` or states
// starts from the orders those leave (binary searches); otherwise it walks the sort key's list keeping the
// orders its filters accept, so the result comes out sorted. Results are cached per distinct query, so paging
// through a million orders costs one pass.
import type { SchoolData } from '../data';
import { ORDER_STATES, STATE, type OrderStore } from '../data/orders';

export const ORDER_SORTS = ['paid_at', '-paid_at', 'created_at', '-created_at', 'paid_amount', '-paid_amount', 'updated_at', '-updated_at'] as const;
type OrderSort = (typeof ORDER_SORTS)[number];
type SortField = 'paid_at' | 'created_at' | 'paid_amount' | 'updated_at';

export interface OrderFilter {
  states?: Set<string>;
  paidFrom?: number;
  paidTo?: number;
  updatedSince?: number;
  courseIndex?: number;
  couponIndexes?: Set<number>;
  currencyIndex?: number; // -1: a currency the school does not sell in
  q?: string;
  sort: OrderSort;
}

/** The orders sorted by a sort field (kept by the store as orders change): keyed ones first, `keyed` of them. */
export function permutation(orders: OrderStore, field: SortField): { order: Uint32Array; keyed: number } {
  const sorted = orders.sorted(field);
  return { order: sorted.order.subarray(0, sorted.count), keyed: sorted.keyed };
}

/**
 * The orders an indexed filter leaves (paid time range, updated since, states), in creation order, from the
 * narrowest of them by binary search in the sorted lists: a superset of the matches (the other filters still
 * apply), without looking at every order. Null when no such filter is given.
 */
function narrowed(orders: OrderStore, filter: OrderFilter): Uint32Array | null {
  const options: Uint32Array[][] = [];
  if (filter.paidFrom !== undefined || filter.paidTo !== undefined) {
    const paid = orders.sorted('paid_at');
    const from = filter.paidFrom === undefined ? 0 : paid.lowerBound(filter.paidFrom);
    const to = filter.paidTo === undefined ? paid.keyed : paid.lowerBound(filter.paidTo);
    options.push([paid.order.subarray(from, Math.max(from, to))]);
  }
  if (filter.updatedSince !== undefined) {
    const updated = orders.sorted('updated_at');
    options.push([updated.order.subarray(updated.lowerBound(filter.updatedSince), updated.keyed)]);
  }
  if (filter.states) {
    const byState = orders.sorted('state');
    options.push([...filter.states].map((s) => {
      const k = STATE[s as keyof typeof STATE];
      return byState.order.subarray(byState.lowerBound(k), byState.lowerBound(k + 1));
    }));
  }
  if (options.length === 0) return null;
  const size = (parts: Uint32Array[]) => parts.reduce((n, part) => n + part.length, 0);
  const narrowest = options.reduce((best, parts) => (size(parts) < size(best) ? parts : best));
  const out = new Uint32Array(size(narrowest));
  let at = 0;
  for (const part of narrowest) {
    out.set(part, at);
    at += part.length;
  }
  return out.sort();
}

/** The matching order indexes, in the requested order (descending: keyed ones reversed, then unkeyed by id descending). */
export function queryOrders(school: SchoolData, filter: OrderFilter): Uint32Array {
  const { orders, catalog, students } = school;
  const descending = filter.sort.startsWith('-');
  const stateMask = new Uint8Array(ORDER_STATES.length).fill(filter.states ? 0 : 1);
  if (filter.states) ORDER_STATES.forEach((s, k) => (stateMask[k] = filter.states!.has(s) ? 1 : 0));

  let buyerMatches: Uint8Array | null = null;
  const q = filter.q?.toLowerCase();
  if (q !== undefined) {
    buyerMatches = new Uint8Array(students.count);
    for (let s = 0; s < students.count; s++) if (students.searchText(s).includes(q)) buyerMatches[s] = 1;
  }
  const courseItem = filter.courseIndex;
  const accept = (i: number): boolean => {
    if (!stateMask[orders.state[i] as number]) return false;
    if (filter.currencyIndex !== undefined && orders.currency[i] !== filter.currencyIndex) return false;
    if (filter.paidFrom !== undefined || filter.paidTo !== undefined) {
      const paid = orders.paidAt[i] as number;
      if (Number.isNaN(paid)) return false;
      if (filter.paidFrom !== undefined && paid < filter.paidFrom) return false;
      if (filter.paidTo !== undefined && paid >= filter.paidTo) return false;
    }
    if (filter.updatedSince !== undefined && (orders.updatedAt[i] as number) < filter.updatedSince) return false;
    if (filter.couponIndexes && !filter.couponIndexes.has(orders.coupon[i] as number)) return false;
    if (courseItem !== undefined && !orders.hasCourse(i, courseItem, catalog)) return false;
    if (q !== undefined && !buyerMatches![orders.buyer[i] as number] && !orders.tradeNumber(i).toLowerCase().includes(q) && orders.id(i) !== filter.q) return false;
    return true;
  };

  const field = filter.sort.replace('-', '') as SortField;
  const candidates = field === 'created_at' ? narrowed(orders, filter) : null;
  const out = new Uint32Array(candidates?.length ?? orders.count);
  let n = 0;
  if (candidates) {
    // Creation order is index order.
    for (let p = 0; p < candidates.length; p++) {
      const i = candidates[descending ? candidates.length - 1 - p : p]!;
      if (accept(i)) out[n++] = i;
    }
    return out.slice(0, n);
  }
  const { order, keyed } = permutation(orders, field);
  const visit = (p: number) => {
    const i = order[p] as number;
    if (accept(i)) out[n++] = i;
  };
  if (!descending) {
    for (let p = 0; p < order.length; p++) visit(p);
  } else {
    for (let p = keyed - 1; p >= 0; p--) visit(p);
    for (let p = order.length - 1; p >= keyed; p--) visit(p);
  }
  return out.slice(0, n);
}
