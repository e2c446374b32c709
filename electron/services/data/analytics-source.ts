// Where each analytics answer comes from (docs/data-and-offline.md, "Where each figure comes from"): the
// engine, from the school's synced records, whenever it holds them — online and offline alike; the platform's
// report endpoint only while nothing is synced yet; and when the platform has no such endpoint (the platform
// spec has none: only our sandbox does), the engine syncs the records first (progress as data.progress) and
// computes the figures itself.
import { isAppError } from '../../../shared/errors';
import type { Answer } from '../../../shared/ipc/data';
import type { SalesReport, SalesTotals, SubscriptionsOverview } from '../../../shared/model/analytics';
import type { CourseRevenue } from '../../../shared/model/courses';
import type { EngineClient } from '../engine/client/engine-client';
import type { Logger } from '../log';

/** A report operation the platform does not have answers 404: the engine computes the figures instead. */
export function notOffered(error: unknown): boolean {
  return isAppError(error) && error.code === 'not_found';
}

export interface SalesInput {
  from: string;
  to: string;
  interval: 'day' | 'week' | 'month';
  timeZone: string;
  courseId?: string | undefined;
  previous: { from: string; to: string };
  lastYear: { from: string; to: string };
}

const NO_SALES: SalesTotals = { gross: 0, discounts: 0, refunds: 0, net: 0, orders: 0, refundedOrders: 0, averageOrderValue: 0, refundRate: 0 };

/**
 * A platform's report compared with the app's periods: the platform compares with periods of its own, so the
 * app asks it for each of its periods too and takes their current figures as `previous` and `lastYear`.
 */
export function withComparisons(report: SalesReport, previous: SalesReport, lastYear: SalesReport): SalesReport {
  const current = (other: SalesReport, currency: string) => other.currencies.find((c) => c.currency === currency)?.current ?? NO_SALES;
  return {
    ...report,
    currencies: report.currencies.map((entry) => ({ ...entry, previous: current(previous, entry.currency), lastYear: current(lastYear, entry.currency) })),
  };
}

export class LocalAnalytics {
  constructor(private readonly engine: EngineClient, private readonly logger: Logger) {}

  /** Whether the engine holds the school's orders (in memory or in its snapshot). */
  async ordersSynced(accountId: string): Promise<boolean> {
    return (await this.engine.call('orders.status', { accountId })).count !== null;
  }

  /**
   * A figure from a copy restored from disk is shown at once, and the orders are brought up to date behind
   * it (only what changed: updated_since); when anything changed, data.invalidated makes the screen ask again.
   */
  #refreshIfRestored(accountId: string, answer: Answer<unknown>): void {
    if (!answer.fromCache) return;
    this.engine.call('orders.load', { accountId, mode: 'incremental' }).catch((error: unknown) => {
      this.logger.info('the saved orders could not be brought up to date', { code: isAppError(error) ? error.code : 'unknown' });
    });
  }

  /** Sales from the synced orders; syncs them first when none are (a platform without the report). */
  async sales(accountId: string, input: SalesInput): Promise<Answer<SalesReport>> {
    const answer = await this.engine.call('sales.report', { accountId, ...input });
    this.#refreshIfRestored(accountId, answer);
    return answer;
  }

  /** Every course's revenue per currency in the range from the synced orders, or null when none are synced. */
  async courseRevenue(accountId: string, from: string, to: string): Promise<Answer<Record<string, CourseRevenue[]>> | null> {
    if (!(await this.ordersSynced(accountId))) return null;
    const answer = await this.engine.call('sales.courseRevenue', { accountId, from, to });
    this.#refreshIfRestored(accountId, answer);
    return answer;
  }

  /** Subscriptions from the synced subscriptions; null when none are synced and `sync` is false. */
  subscriptions(accountId: string, input: { from: string; to: string }, sync: boolean): Promise<Answer<SubscriptionsOverview> | null> {
    return this.engine.call('subscriptions.overview', { accountId, from: input.from, to: input.to, sync });
  }
}
