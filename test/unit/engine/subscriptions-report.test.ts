// The subscription figures, two ways, each held to the figures oracle (test/support/figures-oracle.ts: the
// definitions of docs/business-api.md computed from the platform's raw listSubscriptions, read over HTTP): the
// engine's, after it synced every subscription page by page over HTTP (MRR, active, past due and canceling as of
// now; new, churned and churn rate over the range; MRR and active subscribers over the range by day, week and
// month), and the platform's getSubscriptionsReport, for random ranges, in every currency, JPY included.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrdersEngine } from '../../../electron/services/engine/worker/orders-engine';
import type { EngineEvent } from '../../../electron/services/engine/contract/protocol';
import { SnapshotStore } from '../../../electron/services/engine/worker/snapshot-store';
import { memoryLogger } from '../../../electron/services/log';
import { OPERATIONS } from '../../../shared/platform/endpoints';
import type { SubscriptionsReport } from '../../../shared/platform/resources';
import * as oracle from '../../support/figures-oracle';
import { reportQuery, type RawApi } from '../../support/raw-records';
import { startRawSandbox, type RawSandbox } from '../../support/raw-sandbox';
import { prng } from '../data/synthetic-orders';
import { NOW } from '../sandbox/helpers';

const DAY = 86_400_000;
const CLOCK = NOW.getTime() + 3_600_000;
const INTERVALS: oracle.Interval[] = ['day', 'week', 'month'];
const ZONES = ['America/New_York', 'Asia/Tokyo', 'Europe/Berlin', 'UTC'];

let rig: RawSandbox;
let dir: string;
/** Each test's engine: its snapshots are written in the background after a sync, so the folder goes after they are. */
const engines: OrdersEngine[] = [];
beforeAll(async () => {
  [rig, dir] = await Promise.all([startRawSandbox({ orders: 3000, dataNow: NOW, clock: () => CLOCK }), mkdtemp(join(tmpdir(), 'engine-subscriptions-'))]);
});
afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.idle()));
  await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  await rig?.close();
});

/** An engine whose pages come from the platform over HTTP (the test's token), as the main process would fetch them. */
function engineOver(api: RawApi, name: string, events: EngineEvent[]): OrdersEngine {
  const key = randomBytes(32);
  const engine = new OrdersEngine(
    {
      page: (request) => {
        const query: Record<string, string> = {};
        for (const [k, v] of Object.entries(request.query)) if (v !== undefined && v !== null) query[k] = String(v);
        return api.get(`${OPERATIONS[request.operation].path}?${new URLSearchParams(query).toString()}`);
      },
      emit: (event) => events.push(event),
      reachable: () => undefined,
      key: () => key,
      logger: memoryLogger(),
      now: () => CLOCK,
    },
    new SnapshotStore({ dir: join(dir, name) }),
  );
  engines.push(engine);
  return engine;
}

/** The oracle's figures as the app's model names them. */
function expectedFigures(f: oracle.SubscriptionFigures) {
  const { atStart: _atStart, ...figures } = f;
  return figures;
}

describe('subscription figures', () => {
  for (const k of [0, 1]) {
    it(`of the engine and of the platform's report equal the oracle for 20 random ranges, with MRR over each range (school ${k + 1})`, async () => {
      const school = rig.schools[k]!;
      const events: EngineEvent[] = [];
      const engine = engineOver(school.api, school.school.id, events);
      const synced = await engine.syncSubscriptions(school.school.id, 'subs');
      expect(synced.data.count).toBe(school.subscriptions.length);
      expect(events.filter((e) => e.event === 'data.progress').at(-1)).toMatchObject({ payload: { jobId: 'subs', done: true, loaded: synced.data.count } });
      const currencies = [...new Set(school.subscriptions.map((s) => s.currency))].sort();
      expect(currencies.length).toBeGreaterThan(0);
      const random = prng(k * 7 + 11);
      let moved = 0;
      let trended = 0;
      for (let round = 0; round < 20; round++) {
        const from = Date.UTC(2023, 0, 1) + Math.floor(random() * 1400 * DAY);
        // Some ranges run past now: MRR after now is MRR now.
        const to = round % 5 === 0 ? CLOCK + Math.floor(random() * 20 * DAY) + DAY : from + Math.floor((1 + random() * 400) * DAY);
        const interval = INTERVALS[round % 3]!;
        const timeZone = ZONES[Math.floor(random() * ZONES.length)]!;
        const range = { from, to };
        const what = JSON.stringify({ from: new Date(from).toISOString(), to: new Date(to).toISOString(), interval, timeZone });
        const overview = (await engine.api()['subscriptions.overview']({ accountId: school.school.id, from: new Date(from).toISOString(), to: new Date(to).toISOString(), interval, timeZone })).data;
        const raw = await school.api.get<SubscriptionsReport>(`/api/v1/analytics/subscriptions?${reportQuery({ from, to })}`);
        for (const currency of currencies) {
          const truth = oracle.subscriptionFigures(school.subscriptions, currency, range);
          expect(overview.report.currencies.find((c) => c.currency === currency), `engine ${what} ${currency}`).toEqual(expectedFigures(truth));
          const theirs = raw.currencies.find((c) => c.currency === currency);
          expect(theirs && {
            currency, mrr: theirs.mrr, activeSubscribers: theirs.active_subscribers, newSubscribers: theirs.new_subscribers, churnedSubscribers: theirs.churned_subscribers,
            churnRate: theirs.churn_rate, pastDue: theirs.past_due, canceling: theirs.canceling,
          }, `platform ${what} ${currency}`).toEqual(expectedFigures(truth));
          const trend = oracle.mrrTrend(school.subscriptions, currency, { ...range, interval, timeZone, now: CLOCK });
          expect(overview.trend.find((t) => t.currency === currency), `engine's MRR over ${what} ${currency}`).toEqual({
            ...trend,
            series: trend.series.map((p) => ({ ...p, periodStart: new Date(p.periodStart).toISOString() })),
          });
          if (truth.newSubscribers + truth.churnedSubscribers > 0) moved++;
          if (trend.start.mrr !== trend.end.mrr && trend.series.length > 1) trended++;
          // MRR at the end of a range that reaches now is MRR now.
          if (to >= CLOCK) expect(trend.end.mrr, `${what} ${currency}`).toBe(truth.mrr);
        }
        // Currencies the platform lists without a single subscription: all zeros.
        for (const c of raw.currencies) if (!currencies.includes(c.currency)) expect(c.mrr + c.active_subscribers + c.new_subscribers + c.churned_subscribers).toBe(0);
      }
      expect(moved).toBeGreaterThan(5);
      expect(trended).toBeGreaterThan(5);
    });
  }
});
