// Filtering and sorting a school's orders without building Order objects: each sort key has a permutation
// computed once (lazily), and a query walks it keeping the orders its filters accept, so the result comes
// out sorted. Results are cached per distinct query, so paging through a million orders costs one pass.
import type { SchoolData } from '../data';
import { ORDER_STATES, type OrderStore } from '../data/orders';

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

/** Indexes sorted by key (ascending, ties by index), orders without a key last; `keyed` = how many have one. */
interface Permutation {
  order: Uint32Array;
  keyed: number;
}

const permutations = new WeakMap<OrderStore, { revision: number; fields: Map<SortField, Permutation> }>();
const INDEX_BITS = 2 ** 21;

export function permutation(orders: OrderStore, field: SortField): Permutation {
  let cached = permutations.get(orders);
  // A recorded change (a refund) moves keys: the permutations are built again.
  if (!cached || cached.revision !== orders.revision) permutations.set(orders, (cached = { revision: orders.revision, fields: new Map() }));
  const cache = cached.fields;
  let p = cache.get(field);
  if (!p) cache.set(field, (p = buildPermutation(orders, field)));
  return p;
}

function keyOf(orders: OrderStore, field: SortField, i: number): number {
  switch (field) {
    case 'paid_at': return (orders.paidAt[i] as number) / 1000;
    case 'created_at': return (orders.createdAt[i] as number) / 1000;
    case 'updated_at': return (orders.updatedAt[i] as number) / 1000;
    case 'paid_amount': return orders.paid[i] as number;
  }
}

function buildPermutation(orders: OrderStore, field: SortField): Permutation {
  const n = orders.count;
  const order = new Uint32Array(n);
  if (field === 'created_at') {
    // Orders are generated in creation order.
    for (let i = 0; i < n; i++) order[i] = i;
    return { order, keyed: n };
  }
  // Keyed indexes fill the front, unkeyed ones the back (in index order).
  let keyed = 0;
  let back = n;
  for (let i = n - 1; i >= 0; i--) if (Number.isNaN(keyOf(orders, field, i))) order[--back] = i;
  for (let i = 0; i < n; i++) if (!Number.isNaN(keyOf(orders, field, i))) order[keyed++] = i;
  if (n < INDEX_BITS) {
    // Pack (whole-second key, index) into one exactly representable double and sort natively: fast and stable.
    // Generated times are whole seconds; a change recorded later (a refund) may carry milliseconds: floored.
    const packed = new Float64Array(keyed);
    for (let k = 0; k < keyed; k++) packed[k] = Math.floor(keyOf(orders, field, order[k]!)) * INDEX_BITS + order[k]!;
    packed.sort();
    for (let k = 0; k < keyed; k++) order[k] = packed[k]! % INDEX_BITS;
  } else {
    const sorted = Array.from(order.subarray(0, keyed)).sort((a, b) => keyOf(orders, field, a) - keyOf(orders, field, b) || a - b);
    order.set(sorted, 0);
  }
  return { order, keyed };
}

/** The matching order indexes, in the requested order (descending: keyed ones reversed, then unkeyed by id descending). */
export function queryOrders(school: SchoolData, filter: OrderFilter): Uint32Array {
  const { orders, catalog, students } = school;
  const descending = filter.sort.startsWith('-');
  const { order, keyed } = permutation(orders, filter.sort.replace('-', '') as SortField);
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

  const out = new Uint32Array(orders.count);
  let n = 0;
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
