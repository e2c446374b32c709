// What happens on the platform that the app should hear about: an admin refunds a paid order, a buyer places a
// new order, pays one left unpaid or their payment fails, or a member's renewal payment fails (the subscription goes past due). Tests
// record them through POST /__sandbox/orders/record (admin.ts), or in-process while the app syncs, and then
// watch the app notice; `updated_at` becomes the platform's now.
import { z } from 'zod';
import type { DemoPlatform } from './data';
import { STATE } from './data/orders';
import { HttpError } from './http/request';

export const RecordOrderEvent = z
  .object({
    kind: z.enum(['refund', 'create', 'pay', 'payment_failed', 'subscription_past_due']),
    /** Default: the first school. */
    school_id: z.string().min(1).optional(),
    /** refund: default the school's most recently paid order; pay, payment_failed: default its newest unpaid one; create: the order the new one copies (buyer, items), default its newest. */
    order_id: z.string().min(1).optional(),
    /** create: the new order is paid at once (default: left unpaid). */
    paid: z.boolean().optional(),
    /** subscription_past_due: default the school's newest active subscription. */
    subscription_id: z.string().min(1).optional(),
    /** When it happens (default the platform's clock): after the demo data's own now when that is ahead of the clock. */
    at: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export type RecordOrderEvent = z.infer<typeof RecordOrderEvent>;

export function recordOrderEvent(platform: DemoPlatform, input: RecordOrderEvent): { school_id: string; order_id?: string; subscription_id?: string; state: string } {
  const schoolId = input.school_id ?? platform.schools[0]?.id ?? '';
  const school = platform.data.get(schoolId);
  if (!school) throw new HttpError(404, 'not_found', `No school ${JSON.stringify(schoolId)}.`);
  const at = input.at !== undefined ? Date.parse(input.at) : platform.clock();
  if (input.kind === 'subscription_past_due') {
    const subscription = input.subscription_id !== undefined ? school.subscriptions.find((s) => s.id === input.subscription_id) : school.subscriptions.findLast((s) => s.state === 'active');
    if (!subscription) throw new HttpError(404, 'not_found', `No ${input.subscription_id ? `subscription ${JSON.stringify(input.subscription_id)}` : 'active subscription'} in ${schoolId}.`);
    if (subscription.state !== 'active') throw new HttpError(409, 'conflict', `Subscription ${subscription.id} is not active (${subscription.state}).`);
    subscription.state = 'past_due';
    subscription.updated_at = new Date(at).toISOString();
    return { school_id: schoolId, subscription_id: subscription.id, state: 'past_due' };
  }
  const { orders } = school;
  if (input.kind === 'create') {
    const like = input.order_id !== undefined ? orders.indexOf(input.order_id) : orders.count - 1;
    if (like < 0) throw new HttpError(404, 'not_found', `No order ${JSON.stringify(input.order_id)} in ${schoolId}.`);
    const created = orders.recordCreated(like, at, input.paid ?? false);
    return { school_id: schoolId, order_id: orders.id(created), state: input.paid ? 'paid' : 'not_paid' };
  }
  if (input.kind === 'pay' || input.kind === 'payment_failed') {
    let unpaid = input.order_id !== undefined ? orders.indexOf(input.order_id) : -1;
    if (input.order_id !== undefined && unpaid < 0) throw new HttpError(404, 'not_found', `No order ${JSON.stringify(input.order_id)} in ${schoolId}.`);
    for (let i = orders.count - 1; i >= 0 && unpaid < 0; i--) if (orders.state[i] === STATE.not_paid) unpaid = i;
    const pay = input.kind === 'pay';
    if (unpaid < 0 || !(pay ? orders.recordPaid(unpaid, at) : orders.recordFailed(unpaid, at))) {
      throw new HttpError(409, 'conflict', `${unpaid < 0 ? `${schoolId} has no unpaid order` : `Order ${orders.id(unpaid)} is not unpaid`}, so its payment cannot ${pay ? 'be made' : 'fail'}.`);
    }
    return { school_id: schoolId, order_id: orders.id(unpaid), state: pay ? 'paid' : 'failed' };
  }
  let index = -1;
  if (input.order_id !== undefined) {
    index = orders.indexOf(input.order_id);
    if (index < 0) throw new HttpError(404, 'not_found', `No order ${JSON.stringify(input.order_id)} in ${schoolId}.`);
  } else {
    // Orders are generated in creation order: the newest paid one is the last one in that state.
    for (let i = orders.count - 1; i >= 0 && index < 0; i--) if (orders.state[i] === STATE.paid) index = i;
    if (index < 0) throw new HttpError(409, 'conflict', `${schoolId} has no paid order to refund.`);
  }
  if (!orders.recordRefund(index, at)) throw new HttpError(409, 'conflict', `Order ${orders.id(index)} is not paid, so it cannot be refunded.`);
  return { school_id: schoolId, order_id: orders.id(index), state: 'refunded' };
}
