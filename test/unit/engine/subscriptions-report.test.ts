// The engine syncs every subscription through the platform adapter (pages, progress) and computes the
// subscription figures itself; they agree with the platform's subscriptions report (the sandbox's
// getSubscriptionsReport over the same records) for random ranges, in every currency, JPY included.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrdersEngine } from '../../../electron/services/engine/worker/orders-engine';
import type { EngineEvent } from '../../../electron/services/engine/contract/protocol';
import { SnapshotStore } from '../../../electron/services/engine/worker/snapshot-store';
import { memoryLogger } from '../../../electron/services/log';
import { mrrMovements } from '../../../electron/services/engine/worker/subscriptions-report';
import { toSubscriptionRecord, toSubscriptionsReport } from '../../../electron/services/platform/analytics-platform';
import type { Subscription, SubscriptionsReport } from '../../../shared/platform/resources';
import { prng } from '../data/synthetic-orders';
import { harness } from '../sandbox/helpers';

const h = harness({ orders: 3000 });
let dir: string;
/** Each test's engine: its snapshots are written in the background after a sync, so the folder goes after they are. */
const engines: OrdersEngine[] = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'engine-subscriptions-'));
});
afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.idle()));
  await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
});

describe('local subscription figures', () => {
  for (const school of h.platform.schools) {
    it(`equal the platform's subscriptions report for 20 random ranges (${school.id})`, async () => {
      const events: EngineEvent[] = [];
      const key = randomBytes(32);
      const engine = new OrdersEngine(
        {
          // The sandbox's own routes stand for the platform: the pages the engine gets are the platform's.
          page: async (request) => {
            const query: Record<string, string> = {};
            for (const [name, value] of Object.entries(request.query)) if (value !== undefined && value !== null) query[name] = String(value);
            return (await h.call(request.operation, { school: school.id, query })).body;
          },
          emit: (event) => events.push(event),
          reachable: () => undefined,
          key: () => key,
          logger: memoryLogger(),
        },
        new SnapshotStore({ dir: join(dir, school.id) }),
      );
      engines.push(engine);
      const synced = await engine.syncSubscriptions(school.id, 'subs');
      expect(synced.data.count).toBe(h.platform.data.get(school.id)!.subscriptions.length);
      expect(synced.data.count).toBeGreaterThan(0);
      let moved = 0;
      expect(events.filter((e) => e.event === 'data.progress').at(-1)).toMatchObject({ payload: { jobId: 'subs', done: true, loaded: synced.data.count } });
      const random = prng(school.id.length * 7);
      for (let round = 0; round < 20; round++) {
        const from = Date.UTC(2023, 0, 1) + Math.floor(random() * 1400 * 86_400_000);
        const to = from + Math.floor((1 + random() * 400) * 86_400_000);
        const query = { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
        const platform = toSubscriptionsReport((await h.call('getSubscriptionsReport', { school: school.id, query })).body as SubscriptionsReport);
        const local = (await engine.api()['subscriptions.report']({ accountId: school.id, ...query })).data;
        const theirs = new Map(platform.currencies.map((c) => [c.currency, c]));
        for (const mine of local.currencies) expect(mine, JSON.stringify(query)).toEqual(theirs.get(mine.currency));
        expect(local.currencies.some((c) => c.mrr > 0)).toBe(true);
        if (local.currencies.some((c) => c.newSubscribers + c.churnedSubscribers > 0)) moved++;
        // Currencies the platform lists without a single subscription: all zeros.
        for (const c of platform.currencies) if (!local.currencies.some((m) => m.currency === c.currency)) expect(c.mrr + c.activeSubscribers + c.newSubscribers + c.churnedSubscribers).toBe(0);
      }
      expect(moved).toBeGreaterThan(5);
      // The MRR movements from the same synced list, through the engine's method.
      const range = { from: '2025-01-01T00:00:00.000Z', to: '2026-01-01T00:00:00.000Z' };
      const movements = (await engine.api()['subscriptions.movements']({ accountId: school.id, ...range })).data;
      expect(movements).toEqual(mrrMovements((h.platform.data.get(school.id)!.subscriptions as Subscription[]).map(toSubscriptionRecord), Date.parse(range.from), Date.parse(range.to)));
      expect(movements.some((m) => m.mrrAtEnd > 0)).toBe(true);
    });
  }
});
