// The Orders filter form ↔ the contract's OrderFilters: empty fields are left out, so "no filter" and
// "filter by nothing" never differ in the query key.
import type { OrderFacets, OrderFilters } from '../../../shared/ipc/data';
import type { OrderState } from '../../../shared/model/orders';

export interface OrderFilterForm {
  allTime: boolean;
  from: string | null; // ISO instants from the range picker
  to: string | null;
  states: OrderState[];
  courseId: string;
  productId: string;
  /** '' any, '\u0000none' orders without a coupon, else a code. */
  coupon: string;
  currency: string;
  text: string;
}

export const NO_COUPON = '\u0000none';

export function toOrderFilters(form: OrderFilterForm): OrderFilters {
  const out: OrderFilters = {};
  if (!form.allTime && form.from && form.to) {
    out.from = form.from;
    out.to = form.to;
  }
  if (form.states.length > 0) out.states = [...form.states].sort();
  if (form.courseId) out.courseId = form.courseId;
  if (form.productId) out.productId = form.productId;
  if (form.coupon === NO_COUPON) out.coupon = '';
  else if (form.coupon) out.coupon = form.coupon;
  if (form.currency) out.currency = form.currency;
  const text = form.text.trim();
  if (text) out.text = text;
  return out;
}

interface FilterOption {
  value: string;
  label: string;
}

/**
 * The PRODUCT filter's options: each product under its name; products that share a name (an event's
 * tickets, held again a year later) say when they last sold, and if even that is the same, a number.
 */
export function productOptions(products: OrderFacets['products'], describeDate: (iso: string) => string): FilterOption[] {
  const byName = new Map<string, number>();
  for (const p of products) byName.set(p.name, (byName.get(p.name) ?? 0) + 1);
  const labels = products.map((p) => ((byName.get(p.name) ?? 0) > 1 ? `${p.name} · last sold ${p.lastSoldAt ? describeDate(p.lastSoldAt) : 'never'}` : p.name));
  const seen = new Map<string, number>();
  const counts = new Map<string, number>();
  for (const l of labels) counts.set(l, (counts.get(l) ?? 0) + 1);
  return products.map((p, i) => {
    const label = labels[i]!;
    if ((counts.get(label) ?? 0) < 2) return { value: p.id, label };
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    return { value: p.id, label: `${label} (${n})` };
  });
}

/** True when any filter but the range is set, or the range is not "All time": what "Clear filters" resets. */
export function hasOrderFilters(form: Omit<OrderFilterForm, 'from' | 'to'>): boolean {
  return !form.allTime || form.states.length > 0 || form.courseId !== '' || form.productId !== '' || form.coupon !== '' || form.currency !== '' || form.text.trim() !== '';
}
