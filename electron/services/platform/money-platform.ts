// The money area's platform adapter: which operations the Coupons and Subscriptions pages read, with which
// query and paging, checked against which payload schema, and mapped (money-mapping.ts) to the app's model
// (shared/model/money.ts). The money handlers call these functions and never see a platform payload.
import type { CouponView, MemberView, SubscriptionView } from '../../../shared/model/money';
import { Coupon, Course, MembershipPlan, Person, School, Subscription } from '../../../shared/platform/resources';
import type { PlatformCaller } from '../api/platform-caller';
import { planNamesOf, toCouponView, toMemberView, toSubscriptionView } from './money-mapping';

/** What the Coupons page reads from the platform: every coupon, the school's currency, the course titles. */
interface CouponCatalog {
  coupons: CouponView[];
  currency: string;
  courses: { id: string; title: string }[];
}

async function listCoupons(caller: PlatformCaller, accountId: string, signal?: AbortSignal): Promise<CouponView[]> {
  return (await caller.paginate(accountId, 'listCoupons', Coupon, { query: { limit: 1000 }, signal })).map(toCouponView);
}

export async function readCouponCatalog(caller: PlatformCaller, accountId: string, signal?: AbortSignal): Promise<CouponCatalog> {
  const [coupons, school, courses] = await Promise.all([
    listCoupons(caller, accountId, signal),
    caller.call(accountId, 'getSchool', School, { signal }),
    caller.paginate(accountId, 'listCourses', Course, { query: { limit: 100 }, signal }),
  ]);
  return { coupons, currency: school.currency, courses: courses.map((c) => ({ id: c.id, title: c.title })) };
}

/** Plan names by id; a school whose plans cannot be read shows subscriptions without them. */
async function planNames(caller: PlatformCaller, accountId: string, signal?: AbortSignal): Promise<Map<string, string>> {
  return planNamesOf(await caller.paginate(accountId, 'listMembershipPlans', MembershipPlan, { query: { limit: 1000 }, signal }).catch(() => []));
}

/** The subscriptions that need the admin: past due, and canceling at period end (still running). */
export async function listSubscriptionsNeedingAttention(
  caller: PlatformCaller,
  accountId: string,
  signal?: AbortSignal,
): Promise<{ pastDue: SubscriptionView[]; canceling: SubscriptionView[] }> {
  const [pastDue, canceling, names] = await Promise.all([
    caller.paginate(accountId, 'listSubscriptions', Subscription, { query: { state: 'past_due', limit: 1000 }, signal }),
    caller.paginate(accountId, 'listSubscriptions', Subscription, { query: { canceling: true, limit: 1000 }, signal }),
    planNames(caller, accountId, signal),
  ]);
  return {
    pastDue: pastDue.map((s) => toSubscriptionView(s, names)),
    canceling: canceling.filter((s) => s.canceling && s.state !== 'canceled' && s.state !== 'expired').map((s) => toSubscriptionView(s, names)),
  };
}

/** One member with every subscription they have. */
export async function readMember(caller: PlatformCaller, accountId: string, memberId: string, signal?: AbortSignal): Promise<MemberView> {
  const [member, subscriptions, names] = await Promise.all([
    caller.call(accountId, 'getMember', Person, { path: { member_id: memberId }, signal }),
    caller.paginate(accountId, 'listSubscriptions', Subscription, { query: { member_id: memberId, limit: 1000 }, signal }),
    planNames(caller, accountId, signal),
  ]);
  return toMemberView(member, subscriptions.map((s) => toSubscriptionView(s, names)));
}
