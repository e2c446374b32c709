// The engine keeps the school's subscriptions as a sealed snapshot, like its orders: synced through a real
// worker thread from the sandbox's list, the engine restarted (a new worker) with the platform away still
// answers the subscription figures, the same as online; a later sync that changed a subscription tells the
// screens (subscriptions_refreshed), one that changed nothing does not; a truncated or altered snapshot is
// refused, deleted and rebuilt from the platform, never shown.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors';
import type { CallArgs, PlatformCaller } from '../../../electron/services/api/platform-caller';
import { EngineClient } from '../../../electron/services/engine/client/engine-client';
import { SnapshotStore } from '../../../electron/services/engine/worker/snapshot-store';
import { subscriptionsSnapshotId } from '../../../electron/services/engine/worker/subscriptions-engine';
import { memoryLogger } from '../../../electron/services/log';
import type { SubscriptionsReport } from '../../../shared/platform/resources';
import { toSubscriptionsReport } from '../../../electron/services/platform/analytics-platform';
import { harness } from '../sandbox/helpers';

const h = harness({ orders: 500 });
const SCHOOL = h.platform.schools[0]!.id;
const RANGE = { from: '2025-01-01T00:00:00.000Z', to: '2026-01-01T00:00:00.000Z' };
let dir: string;
let online = true;
const key = randomBytes(32);

/** The sandbox's routes as the platform, reached through the engine's page requests; away when `online` is false. */
const platform: PlatformCaller = {
  async call<S extends z.ZodType>(accountId: string, operation: string, _schema: S, args: CallArgs = {}) {
    if (!online) throw new AppError('offline', 'The platform cannot be reached.');
    const query: Record<string, string> = {};
    for (const [name, value] of Object.entries(args.query ?? {})) if (value !== undefined && value !== null) query[name] = String(value);
    return (await h.call(operation, { school: accountId, query })).body as z.output<S>;
  },
  paginate: () => {
    throw new Error('not used by the engine');
  },
} as unknown as PlatformCaller;

function engine(events: { event: string; payload: unknown }[] = []) {
  return new EngineClient({ caller: platform, keyFor: async () => key, emit: (event, payload) => events.push({ event, payload }), logger: memoryLogger(), snapshotDir: dir });
}
const snapshotPath = () => new SnapshotStore({ dir }).path(subscriptionsSnapshotId(SCHOOL));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'engine-subscriptions-snapshot-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
});

describe('subscriptions snapshot', () => {
  it('answers the figures offline after a restart, sealed on disk; a sync tells the screens only when something changed', { timeout: 60_000 }, async () => {
    online = true;
    const subscriptions = h.platform.data.get(SCHOOL)!.subscriptions;
    const first = engine();
    const synced = await first.call('subscriptions.sync', { accountId: SCHOOL, jobId: 'subs' });
    expect(synced.data.count).toBe(subscriptions.length);
    const report = await first.call('subscriptions.report', { accountId: SCHOOL, ...RANGE });
    const movements = await first.call('subscriptions.movements', { accountId: SCHOOL, ...RANGE });
    await first.call('engine.idle', {});
    await first.close();
    const onDisk = await readFile(snapshotPath());
    expect(onDisk.includes(Buffer.from(subscriptions[0]!.member_name))).toBe(false);
    expect(onDisk.includes(Buffer.from(subscriptions[0]!.id))).toBe(false);

    online = false;
    const events: { event: string; payload: unknown }[] = [];
    const second = engine(events);
    try {
      expect(await second.call('subscriptions.status', { accountId: SCHOOL })).toMatchObject({ count: subscriptions.length, fetchedAt: synced.fetchedAt });
      const offline = await second.call('subscriptions.report', { accountId: SCHOOL, ...RANGE });
      expect(offline).toMatchObject({ data: report.data, fromCache: true, fetchedAt: synced.fetchedAt });
      expect((await second.call('subscriptions.movements', { accountId: SCHOOL, ...RANGE })).data).toEqual(movements.data);
      // An explicit sync offline answers from the snapshot too, and says so.
      expect(await second.call('subscriptions.sync', { accountId: SCHOOL })).toMatchObject({ data: { count: subscriptions.length }, fromCache: true });

      online = true;
      await second.call('subscriptions.sync', { accountId: SCHOOL });
      expect(events.filter((e) => e.event === 'data.invalidated')).toEqual([]);
      // The platform changes one subscription: the next sync picks it up and says so.
      const changed = subscriptions.find((s) => s.state === 'active')!;
      const was = { amount: changed.amount, updated_at: changed.updated_at };
      changed.amount += 500;
      changed.updated_at = new Date().toISOString();
      try {
        await second.call('subscriptions.sync', { accountId: SCHOOL });
        expect(events.filter((e) => e.event === 'data.invalidated')).toEqual([{ event: 'data.invalidated', payload: { accountId: SCHOOL, reason: 'subscriptions_refreshed' } }]);
        const after = (await second.call('subscriptions.report', { accountId: SCHOOL, ...RANGE })).data;
        const platformReport = toSubscriptionsReport((await h.call('getSubscriptionsReport', { school: SCHOOL, query: RANGE })).body as SubscriptionsReport);
        const mine = after.currencies.find((c) => c.currency === changed.currency)!;
        expect(mine).toEqual(platformReport.currencies.find((c) => c.currency === changed.currency));
        expect(mine.mrr).not.toBe(report.data.currencies.find((c) => c.currency === changed.currency)!.mrr);
      } finally {
        Object.assign(changed, was);
      }
    } finally {
      await second.close();
    }
  });

  for (const [name, damage] of [
    ['truncated', (path: string) => truncate(path, 100)],
    ['altered', async (path: string) => {
      const bytes = await readFile(path);
      bytes[bytes.length - 20] = bytes[bytes.length - 20]! ^ 0xff;
      await writeFile(path, bytes);
    }],
  ] as const) {
    it(`${name}: refused and deleted (offline it answers nothing rather than something wrong), then rebuilt from the platform`, { timeout: 60_000 }, async () => {
      online = true;
      const count = h.platform.data.get(SCHOOL)!.subscriptions.length;
      const first = engine();
      await first.call('subscriptions.sync', { accountId: SCHOOL });
      await first.call('engine.idle', {});
      await first.close();
      await damage(snapshotPath());

      online = false;
      const blind = engine();
      try {
        expect(await blind.call('subscriptions.status', { accountId: SCHOOL })).toMatchObject({ count: null });
        await expect(blind.call('subscriptions.report', { accountId: SCHOOL, ...RANGE })).rejects.toMatchObject({ code: 'offline' });
        await expect(readFile(snapshotPath())).rejects.toMatchObject({ code: 'ENOENT' });
        online = true;
        const rebuilt = await blind.call('subscriptions.report', { accountId: SCHOOL, ...RANGE });
        expect(rebuilt.fromCache).toBe(false);
        expect((await blind.call('subscriptions.status', { accountId: SCHOOL })).count).toBe(count);
        await blind.call('engine.idle', {});
        expect((await readFile(snapshotPath())).length).toBeGreaterThan(100);
      } finally {
        await blind.close();
      }
    });
  }

  it('sign-out deletes it', { timeout: 60_000 }, async () => {
    online = true;
    const client = engine();
    try {
      await client.call('subscriptions.sync', { accountId: SCHOOL });
      await client.call('engine.idle', {});
      await readFile(snapshotPath());
      await client.call('engine.forget', { accountId: SCHOOL });
      await expect(readFile(snapshotPath())).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await client.close();
    }
  });
});
