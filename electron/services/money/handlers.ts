// Main-side handlers for the money part of the contract (shared/ipc/money.ts): coupons with what they
// brought, and the subscriptions that need the admin (past due, canceling). Reads go through the offline
// cache like the dashboards'; what is read from the platform, and how, is platform/money-platform.ts's.
import type { moneyMethods } from '../../../shared/ipc/money';
import type { CouponOverview, SubscriptionLists, SubscriptionView } from '../../../shared/model/money';
import type { PlatformCaller } from '../api/platform-caller';
import { CachedReader } from '../data/cached-read';
import type { EngineClient } from '../engine/client/engine-client';
import type { EmitEvent, MethodHandlers } from '../ipc/handler-types';
import type { Logger } from '../log';
import type { QueryCache } from '../store/query-cache';
import { listSubscriptionsNeedingAttention, readCouponCatalog, readMember } from '../platform/money-platform';

type MoneyMethodName = Extract<keyof typeof moneyMethods, string>;

/**
 * The coupon list's cache entry. Until the app model was cached here the entry held the platform's coupons;
 * a new key means such an old entry is never read back as app-model coupons (it ages out of the cache).
 */
export const COUPONS_CACHE_INPUT = { model: 2 } as const;

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
      const answer = await reader.read(accountId, 'money.coupons', COUPONS_CACHE_INPUT, () => readCouponCatalog(caller, accountId, signal));
      // The results come from the engine's synced orders (memory, or the offline snapshot), computed in its
      // worker: the main process only receives the totals.
      const { data: counted } = await deps.engine.call('orders.couponResults', { accountId });
      const results = new Map(counted.byCoupon);
      const currencies = new Set<string>([answer.data.currency, ...counted.currencies]);
      const overview: CouponOverview = {
        coupons: answer.data.coupons.map((c) => ({ ...c, results: results.get(c.id) ?? [] })),
        ordersCounted: counted.ordersCounted,
        currencies: [...currencies].sort(),
        courses: answer.data.courses,
      };
      return { data: overview, fetchedAt: answer.fetchedAt, fromCache: answer.fromCache };
    },
    'money.subscriptions': async ({ accountId }, { signal }) =>
      reader.read(accountId, 'money.subscriptions', {}, async (): Promise<SubscriptionLists> => {
        const lists = await listSubscriptionsNeedingAttention(caller, accountId, signal);
        return { ...lists, currencies: currenciesOf([...lists.pastDue, ...lists.canceling]) };
      }),
    'money.member': async ({ accountId, memberId }, { signal }) =>
      reader.read(accountId, 'money.member', { memberId }, () => readMember(caller, accountId, memberId, signal)),
  };
}
