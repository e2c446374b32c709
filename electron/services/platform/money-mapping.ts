// The one place where the platform's coupon, subscription and member payloads (snake_case, as the API
// sends them) become the app's model (shared/model/money.ts) and back: nothing else reads those payloads.
import type { z } from 'zod';
import type { CouponDraft, CouponView, MemberView, SubscriptionView } from '../../../shared/model/money';
import type { Coupon, MembershipPlan, Person, Subscription } from '../../../shared/platform/resources';

type PlatformCoupon = z.output<typeof Coupon>;
type PlatformSubscription = z.output<typeof Subscription>;

export function toCouponView(coupon: PlatformCoupon): CouponView {
  const amounts = coupon.amounts_off ?? (coupon.amount_off !== null && coupon.currency !== null ? [{ currency: coupon.currency, amount: coupon.amount_off }] : []);
  return {
    id: coupon.id,
    code: coupon.code,
    discount:
      coupon.kind === 'percent'
        ? { kind: 'percent', percentOff: coupon.percent_off ?? 0 }
        : { kind: 'amount', amounts: amounts.map((a) => ({ currency: a.currency, amountOff: a.amount })) },
    startsAt: coupon.starts_at,
    endsAt: coupon.ends_at,
    usageLimit: coupon.usage_limit,
    perBuyerLimit: coupon.per_buyer_limit ?? null,
    courseIds: coupon.course_ids ?? [],
    redemptions: coupon.redemptions,
    state: coupon.state,
    updatedAt: coupon.updated_at ?? null,
  };
}

/** The body of POST /coupons for a draft; optional fields the admin left empty are left out. */
export function toCouponBody(draft: CouponDraft): Record<string, unknown> {
  const body: Record<string, unknown> = { code: draft.code.trim() };
  if (draft.discount.kind === 'percent') {
    body.kind = 'percent';
    body.percent_off = draft.discount.percentOff;
  } else {
    body.kind = 'fixed';
    const [first, ...rest] = draft.discount.amounts;
    // One currency in the platform's original shape; several as amounts_off.
    if (first && rest.length === 0) {
      body.amount_off = first.amountOff;
      body.currency = first.currency;
    } else {
      body.amounts_off = draft.discount.amounts.map((a) => ({ currency: a.currency, amount: a.amountOff }));
    }
  }
  if (draft.startsAt !== null) body.starts_at = draft.startsAt;
  if (draft.endsAt !== null) body.ends_at = draft.endsAt;
  if (draft.usageLimit !== null) body.usage_limit = draft.usageLimit;
  if (draft.perBuyerLimit !== null) body.per_buyer_limit = draft.perBuyerLimit;
  if (draft.courseIds.length > 0) body.course_ids = draft.courseIds;
  return body;
}

export function toSubscriptionView(subscription: PlatformSubscription, planNames: ReadonlyMap<string, string> = new Map()): SubscriptionView {
  return {
    id: subscription.id,
    memberId: subscription.member_id,
    memberName: subscription.member_name,
    planId: subscription.plan_id,
    planName: planNames.get(subscription.plan_id) ?? null,
    state: subscription.state,
    currency: subscription.currency,
    amount: subscription.amount,
    interval: subscription.interval,
    currentPeriodEnd: subscription.current_period_end,
    nextChargeAt: subscription.next_charge_at,
    canceling: subscription.canceling,
    canceledAt: subscription.canceled_at,
    updatedAt: subscription.updated_at ?? null,
  };
}

export function planNamesOf(plans: readonly z.output<typeof MembershipPlan>[]): Map<string, string> {
  return new Map(plans.map((p) => [p.id, p.name]));
}

export function toMemberView(member: z.output<typeof Person>, subscriptions: SubscriptionView[]): MemberView {
  return { id: member.id, name: member.name, email: member.email, tags: member.tags, joinedAt: member.created_at, subscriptions };
}
