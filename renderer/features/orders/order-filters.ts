// The Orders filter form ↔ the contract's OrderFilters: empty fields are left out, so "no filter" and
// "filter by nothing" never differ in the query key.
import type { OrderFilters } from '../../../shared/ipc/data';
import type { OrderState } from '../../../shared/platform/resources';

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

export function activeFilterCount(filters: OrderFilters): number {
  return Object.keys(filters).filter((k) => k !== 'from' && k !== 'to').length + (filters.from ? 1 : 0);
}
