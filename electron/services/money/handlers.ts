// Main-side handlers for the money part of the contract (shared/ipc/money.ts): coupons with what they
// brought, and the subscriptions that need the admin (past due, canceling). Reads go through the offline
// cache like the dashboards'; payloads become the app's model in platform/money-mapping.ts.
import type { moneyMethods } from '../../../shared/ipc/money';
import type { CouponOverview, SubscriptionLists, SubscriptionView } from '../../../shared/model/money';
import { Coupon, Course, MembershipPlan, Person, School, Subscription } from '../../../shared/platform/resources';
import type { PlatformCaller } from '../api/platform-caller';
import { CachedReader } from '../data/cached-read';
import type { EngineClient } from '../engine/engine-client';
import type { EmitEvent, MethodHandlers } from '../ipc/handler-types';
import type { Logger } from '../log';
import type { QueryCache } from '../store/query-cache';
import { planNamesOf, toCouponView, toMemberView, toSubscriptionView } from '../platform/money-mapping';

export type MoneyMethodName = Extract<keyof typeof moneyMethods, string>;

export interface MoneyHandlerDeps {
  caller: PlatformCaller;
  cache: QueryCache;
  /** The data engine's worker (the data service's): the coupon results come from its synced orders. */
  engine: Pick<EngineClient, 'call'>;
  emit: EmitEvent;
  logger: Logger;
  onOnlineChange?(listener: (online: boolean) => void): void;
  now?: () => number;
}

/** Most rows first, then alphabetical: the tab an admin most likely wants comes first. */
function currenciesOf(rows: readonly SubscriptionView[]): string[] {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.currency, (counts.get(row.currency) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([currency]) => currency);
}

export function createMoneyHandlers(deps: MoneyHandlerDeps): MethodHandlers<MoneyMethodName> {
  const { caller } = deps;
  const reader = new CachedReader(deps.cache, deps.emit, deps.logger, deps.now);
  deps.onOnlineChange?.((online) => {
    if (online) reader.backOnline();
  });

  return {
    'money.coupons': async ({ accountId }, { signal }) => {
      const answer = await reader.read(accountId, 'money.coupons', {}, async () => {
        const [coupons, school, courses] = await Promise.all([
          caller.paginate(accountId, 'listCoupons', Coupon, { query: { limit: 1000 }, signal }),
          caller.call(accountId, 'getSchool', School, { signal }),
          caller.paginate(accountId, 'listCourses', Course, { query: { limit: 100 }, signal }),
        ]);
        return { coupons, currency: school.currency, courses: courses.map((c) => ({ id: c.id, title: c.title })) };
      });
      // The results come from the engine's synced orders (memory, or the offline snapshot), computed in its
      // worker: the main process only receives the totals.
      const { data: counted } = await deps.engine.call('orders.couponResults', { accountId });
      const results = new Map(counted.byCoupon);
      const currencies = new Set<string>([answer.data.currency, ...counted.currencies]);
      const overview: CouponOverview = {
        coupons: answer.data.coupons.map((c) => ({ ...toCouponView(c), results: results.get(c.id) ?? [] })),
        ordersCounted: counted.ordersCounted,
        currencies: [...currencies].sort(),
        courses: answer.data.courses,
      };
      return { data: overview, fetchedAt: answer.fetchedAt, fromCache: answer.fromCache };
    },
    'money.subscriptions': async ({ accountId }, { signal }) =>
      reader.read(accountId, 'money.subscriptions', {}, async (): Promise<SubscriptionLists> => {
        const [pastDue, canceling, plans] = await Promise.all([
          caller.paginate(accountId, 'listSubscriptions', Subscription, { query: { state: 'past_due', limit: 1000 }, signal }),
          caller.paginate(accountId, 'listSubscriptions', Subscription, { query: { canceling: true, limit: 1000 }, signal }),
          caller.paginate(accountId, 'listMembershipPlans', MembershipPlan, { query: { limit: 1000 }, signal }).catch(() => []),
        ]);
        const names = planNamesOf(plans);
        const lists = {
          pastDue: pastDue.map((s) => toSubscriptionView(s, names)),
          canceling: canceling.filter((s) => s.canceling && s.state !== 'canceled' && s.state !== 'expired').map((s) => toSubscriptionView(s, names)),
        };
        return { ...lists, currencies: currenciesOf([...lists.pastDue, ...lists.canceling]) };
      }),
    'money.member': async ({ accountId, memberId }, { signal }) =>
      reader.read(accountId, 'money.member', { memberId }, async () => {
        const [member, subscriptions, plans] = await Promise.all([
          caller.call(accountId, 'getMember', Person, { path: { member_id: memberId }, signal }),
          caller.paginate(accountId, 'listSubscriptions', Subscription, { query: { member_id: memberId, limit: 1000 }, signal }),
          caller.paginate(accountId, 'listMembershipPlans', MembershipPlan, { query: { limit: 1000 }, signal }).catch(() => []),
        ]);
        const names = planNamesOf(plans);
        return toMemberView(member, subscriptions.map((s) => toSubscriptionView(s, names)));
      }),
  };
}
