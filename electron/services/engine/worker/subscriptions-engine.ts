// The engine's subscriptions, per school, beside its orders in the same worker: every page of the platform's
// list on each sync (the platform has no updated_since for subscriptions, so a sync is always a full one; a
// school has a few thousand), compared with what was held so that only a sync that changed something tells
// the screens (subscriptions_refreshed); kept as a sealed snapshot (record-columns.ts, snapshot-store.ts) that
// answers the subscription figures offline and after a restart. The flow is synced-collection.ts's.
import type { Answer } from '../../../../shared/ipc/data';
// The record's schema (the app's model), for checking a snapshot read back.
import { SubscriptionRecord } from '../../../../shared/model/analytics';
import type { JobRegistry } from './jobs';
import { readSubscriptionsBatch, subscriptionsBatchRequest } from '../../platform/subscriptions-feed';
import type { EngineArgs, SubscriptionsEngineApi } from '../contract/protocol';
import { decodeRecordColumns, encodeRecordColumns } from './record-columns';
import type { SnapshotStore } from './snapshot-store';
import { mrrMovements, subscriptionsOverview, subscriptionsReport } from './subscriptions-report';
import { latestOfEach, pageThrough, SyncedCollection, type EngineHost, type Synced } from './synced-collection';

type Subscriptions = readonly SubscriptionRecord[];

/** 2: the app's SubscriptionRecord (camelCase) instead of the platform's payload; a layout-1 snapshot is refused and rebuilt. */
const SUBSCRIPTIONS_LAYOUT = 'subscriptions-columns-2';

/** The snapshot's name in the store: its own file beside the school's orders and students. */
export const subscriptionsSnapshotId = (accountId: string) => `subscriptions\u0000${accountId}`;

export class SubscriptionsEngine {
  readonly #subscriptions: SyncedCollection<Subscriptions, SubscriptionRecord[], { count: number }>;

  constructor(host: EngineHost, store: SnapshotStore, jobs: JobRegistry) {
    this.#subscriptions = new SyncedCollection<Subscriptions, SubscriptionRecord[], { count: number }>(
      {
        name: 'subscriptions',
        snapshotId: subscriptionsSnapshotId,
        labels: { job: 'Loading the subscriptions', full: 'Loading subscriptions', incremental: 'Checking for changed subscriptions' },
        fetch: async (accountId, _base, signal, onPage) => {
          const list: SubscriptionRecord[] = [];
          await pageThrough(signal, 'subscriptions', async (position) => {
            const batch = readSubscriptionsBatch(await host.page(subscriptionsBatchRequest(accountId, position), signal));
            list.push(...batch.subscriptions);
            onPage(list.length, Math.max(batch.total, list.length));
            return batch.next;
          });
          return list;
        },
        fetchedCount: (fetched) => fetched.length,
        build: async (base, fetched) => {
          const list = latestOfEach(fetched);
          if (!base) return { table: list, changed: list.length };
          const changed = changedBetween(base, list);
          return { table: changed === 0 ? base : list, changed };
        },
        encode: (list, fetchedAt) => encodeRecordColumns(SUBSCRIPTIONS_LAYOUT, SubscriptionRecord, list, fetchedAt),
        decode: (plain) => {
          const { records, fetchedAt } = decodeRecordColumns(SUBSCRIPTIONS_LAYOUT, SubscriptionRecord, plain);
          return { table: records, fetchedAt };
        },
        result: (list) => ({ count: list.length }),
        invalidated: 'subscriptions_refreshed',
      },
      host,
      store,
      jobs,
    );
  }

  api(): { [M in keyof SubscriptionsEngineApi]: (args: EngineArgs<M>) => Promise<ReturnType<SubscriptionsEngineApi[M]>> } {
    return {
      'subscriptions.sync': ({ accountId, jobId }) => this.sync(accountId, jobId),
      'subscriptions.status': ({ accountId }) => this.status(accountId),
      'subscriptions.report': async ({ accountId, from, to }) => {
        const synced = await this.#subscriptions.ensureLoaded(accountId);
        return { data: subscriptionsReport(synced.table, Date.parse(from), Date.parse(to)), fetchedAt: synced.fetchedAt, fromCache: synced.fromCache };
      },
      'subscriptions.movements': async ({ accountId, from, to }) => {
        const synced = await this.#subscriptions.ensureLoaded(accountId);
        return { data: mrrMovements(synced.table, Date.parse(from), Date.parse(to)), fetchedAt: synced.fetchedAt, fromCache: synced.fromCache };
      },
      'subscriptions.overview': async ({ accountId, from, to, sync }) => {
        if (!sync && !(await this.#subscriptions.opened(accountId))) return null;
        const synced = await this.#subscriptions.ensureLoaded(accountId);
        return { data: subscriptionsOverview(synced.table, Date.parse(from), Date.parse(to)), fetchedAt: synced.fetchedAt, fromCache: synced.fromCache };
      },
    };
  }

  /** Every subscription of the school from the platform now (offline: the snapshot's, fromCache), progress under jobId. */
  sync(accountId: string, jobId?: string): Promise<Answer<{ count: number }>> {
    return this.#subscriptions.load(accountId, 'incremental', jobId);
  }

  async status(accountId: string): Promise<{ count: number | null; fetchedAt: string | null; loadingJobId: string | null }> {
    const loadingJobId = this.#subscriptions.loadingJobId(accountId);
    const synced = await this.#subscriptions.opened(accountId);
    return { count: synced?.table.length ?? null, fetchedAt: synced?.fetchedAt ?? null, loadingJobId };
  }

  ensureLoaded(accountId: string): Promise<Synced<Subscriptions>> {
    return this.#subscriptions.ensureLoaded(accountId);
  }

  forget(accountId: string): Promise<void> {
    return this.#subscriptions.forget(accountId);
  }

  idle(): Promise<void> {
    return this.#subscriptions.idle();
  }
}

/** Records added, removed or different in any field (compared whole, so it holds whatever a subscription carries). */
function changedBetween(before: Subscriptions, after: Subscriptions): number {
  const held = new Map(before.map((s) => [s.id, JSON.stringify(s)]));
  let changed = 0;
  for (const s of after) {
    const was = held.get(s.id);
    if (was !== JSON.stringify(s)) changed++;
    held.delete(s.id);
  }
  return changed + held.size;
}
