// Deterministic synthetic orders for the index tests and the in-process benchmark: several currencies,
// unpaid orders, coupons in mixed case, multi-item orders, repeated buyers, and a buyer named like a formula.
import { toOrder } from '../../../electron/services/platform/orders-mapping';
import type { Order as AppOrder } from '../../../shared/model/orders';
import type { Order, OrderState } from '../../../shared/platform/resources';

const STATES: OrderState[] = ['paid', 'paid', 'paid', 'paid', 'not_paid', 'expired', 'failed', 'manual_enrolled', 'refunded', 'refunding'];
const CURRENCIES = ['TWD', 'USD', 'JPY', 'EUR'];
const COUPONS = ['SPRING10', 'spring10', 'VIP', 'WELCOME'];
const NAMES = ['Ada Lovelace', 'Grace Hopper', '林小明', 'Émile Zola', '=HYPERLINK("x")', 'Bob "Quote" Smith', 'Ann, Comma'];

/** A small fast PRNG (mulberry32): same seed, same orders. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function syntheticOrders(count: number, seed = 1): Order[] {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const start = Date.UTC(2024, 0, 1);
  const span = 700 * 86_400_000;
  const orders: Order[] = [];
  for (let i = 0; i < count; i++) {
    const state = pick(STATES);
    const currency = pick(CURRENCIES);
    const created = start + Math.floor(random() * span / 1000) * 1000;
    const paid = state === 'not_paid' || state === 'expired' || state === 'failed' ? null : created + Math.floor(random() * 3600) * 1000;
    const itemCount = 1 + Math.floor(random() * 3);
    const items: Order['items'] = [];
    let original = 0;
    let discount = 0;
    for (let k = 0; k < itemCount; k++) {
      const courseNo = Math.floor(random() * 12);
      const isCourse = random() < 0.7;
      const price = currency === 'JPY' ? 1000 + Math.floor(random() * 20) * 500 : 1000 + Math.floor(random() * 900) * 10;
      const off = random() < 0.3 ? Math.floor(price / 10) : 0;
      items.push({
        id: `li_${i}_${k}`,
        kind: isCourse ? 'curriculum_plan' : 'digital_product',
        product_id: isCourse ? `plan_${courseNo}` : `dp_${courseNo}`,
        course_id: isCourse ? `course_${courseNo}` : null,
        name: isCourse ? `Course ${courseNo}` : `Ebook ${courseNo}`,
        original_amount: price,
        discount_amount: off,
        amount: price - off,
      });
      original += price;
      discount += off;
    }
    const paidAmount = paid === null ? 0 : original - discount;
    const refunded = state === 'refunded' ? paidAmount : state === 'refunding' ? Math.floor(paidAmount / 2) : 0;
    const buyerNo = Math.floor(random() * Math.max(1, count / 3));
    const name = `${pick(NAMES)} ${buyerNo}`;
    const couponCode = random() < 0.25 ? pick(COUPONS) : null;
    orders.push({
      id: `ord_${String(i).padStart(7, '0')}`,
      trade_number: `T${String(1_000_000 + i)}`,
      state,
      buyer: { id: `stu_${buyerNo}`, name, email: `buyer${buyerNo}@example.test` },
      payment_method: paid === null ? 'credit_card' : pick(['credit_card', 'atm', 'paypal', 'line_pay'] as const),
      currency,
      original_amount: original,
      discount_amount: discount,
      paid_amount: paidAmount,
      refunded_amount: refunded,
      coupon: couponCode ? { coupon_id: `cp_${couponCode.toLowerCase()}`, code: couponCode } : null,
      items,
      created_at: new Date(created).toISOString(),
      paid_at: paid === null ? null : new Date(paid).toISOString(),
      updated_at: new Date((paid ?? created) + 1000).toISOString(),
    });
  }
  return orders;
}

/** The same orders as the app's model holds them (what the engine's columns are filled from). */
export function syntheticAppOrders(count: number, seed = 1): AppOrder[] {
  return syntheticOrders(count, seed).map(toOrder);
}
