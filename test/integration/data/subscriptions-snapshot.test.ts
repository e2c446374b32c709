// The engine keeps the school's subscriptions as a sealed snapshot, like its orders: synced through a real worker
// thread and the app's real API client (its OAuth token, paging and response validation) from the sandbox over
// HTTP; with the platform really gone (the sandbox closed), an engine restarted (a new worker) still answers the
// subscription figures, the same as online and as the figures oracle's; a later sync that changed a subscription
// (cancelled on the platform by another admin) tells the screens (subscriptions_refreshed), one that changed
// nothing does not; a truncated or altered snapshot is refused, deleted and rebuilt from the platform, never shown.
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineClient } from '../../../electron/services/engine/client/engine-client';
import { SnapshotStore } from '../../../electron/services/engine/worker/snapshot-store';
import { subscriptionsSnapshotId } from '../../../electron/services/engine/worker/subscriptions-engine';
import { randomBytes } from 'node:crypto';
import type { Subscription } from '../../../shared/platform/resources';
import { startSandbox, type Sandbox } from '../../sandbox';
import { freePort } from '../../support/free-port';
import * as oracle from '../../support/figures-oracle';
import { FIGURE_SCOPES, platformToken, rawApi, type RawApi } from '../../support/raw-records';
import { startSignedInDataService, type SignedInDataService } from './signed-in-data-service';

const RANGE = { from: '2025-01-01T00:00:00.000Z', to: '2026-01-01T00:00:00.000Z' };
const range = { from: Date.parse(RANGE.from), to: Date.parse(RANGE.to) };
let world: SignedInDataService;
/** The platform now: the signed-in service's sandbox, or the one started again on its port. */
let platform: Sandbox;
let raw: RawApi;
let dir: string;
const key = randomBytes(32);

beforeAll(async () => {
  world = await startSignedInDataService('subs-snapshot-', {}, { port: await freePort() });
  platform = world.sandbox;
  raw = rawApi(platform.url, await platformToken(platform.url, world.browser, { scopes: [...FIGURE_SCOPES, 'subscriptions:write'] }));
  dir = await mkdtemp(join(tmpdir(), 'engine-subscriptions-snapshot-'));
}, 90_000);
afterAll(async () => {
  await platform?.close().catch(() => undefined);
  await world?.close();
  await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
});

/** The platform goes away for real: its server closes. */
async function goOffline(): Promise<void> {
  await platform.close();
}

/** The same platform comes back on its port: same data, clients and tokens (the sandbox resumes them). */
async function comeBack(): Promise<void> {
  platform = await startSandbox({ port: world.sandbox.port, orders: 2000, quiet: true });
}

function engine(events: { event: string; payload: unknown }[] = []) {
  return new EngineClient({ caller: world.api, keyFor: async () => key, emit: (event, payload) => events.push({ event, payload }), logger: world.engine.logger, snapshotDir: dir });
}
const snapshotPath = () => new SnapshotStore({ dir }).path(subscriptionsSnapshotId(world.account.id));

/** Every currency's figures as the oracle computes them from the platform's raw list. */
function expected(subscriptions: Subscription[]) {
  return [...new Set(subscriptions.map((s) => s.currency))].sort().map((currency) => {
    const { atStart: _atStart, ...figures } = oracle.subscriptionFigures(subscriptions, currency, range);
    return figures;
  });
}

describe('subscriptions snapshot', { timeout: 120_000 }, () => {
  it('answers the figures offline after a restart, sealed on disk; a sync tells the screens only when something changed', async () => {
    const accountId = world.account.id;
    const subscriptions = await raw.list<Subscription>('/api/v1/subscriptions');
    const first = engine();
    const synced = await first.call('subscriptions.sync', { accountId, jobId: 'subs' });
    expect(synced.data.count).toBe(subscriptions.length);
    const report = await first.call('subscriptions.report', { accountId, ...RANGE });
    expect(report.data.currencies).toEqual(expected(subscriptions));
    const movements = await first.call('subscriptions.movements', { accountId, ...RANGE });
    await first.call('engine.idle', {});
    await first.close();
    const onDisk = await readFile(snapshotPath());
    expect(onDisk.includes(Buffer.from(subscriptions[0]!.member_name))).toBe(false);
    expect(onDisk.includes(Buffer.from(subscriptions[0]!.id))).toBe(false);

    await goOffline();
    const events: { event: string; payload: unknown }[] = [];
    const second = engine(events);
    try {
      expect(await second.call('subscriptions.status', { accountId })).toMatchObject({ count: subscriptions.length, fetchedAt: synced.fetchedAt });
      const offline = await second.call('subscriptions.report', { accountId, ...RANGE });
      expect(offline).toMatchObject({ data: report.data, fromCache: true, fetchedAt: synced.fetchedAt });
      expect((await second.call('subscriptions.movements', { accountId, ...RANGE })).data).toEqual(movements.data);
      // An explicit sync offline answers from the snapshot too, and says so.
      expect(await second.call('subscriptions.sync', { accountId })).toMatchObject({ data: { count: subscriptions.length }, fromCache: true });

      await comeBack();
      await second.call('subscriptions.sync', { accountId });
      expect(events.filter((e) => e.event === 'data.invalidated')).toEqual([]);
      // Another admin cancels an active subscription now: the next sync picks it up and says so.
      const cancelled = subscriptions.find((s) => s.state === 'active' && s.currency === report.data.currencies[0]!.currency)!;
      await raw.post(`/api/v1/subscriptions/${cancelled.id}/cancel`, { at_period_end: false });
      await second.call('subscriptions.sync', { accountId });
      expect(events.filter((e) => e.event === 'data.invalidated')).toEqual([{ event: 'data.invalidated', payload: { accountId, reason: 'subscriptions_refreshed' } }]);
      const after = (await second.call('subscriptions.report', { accountId, ...RANGE })).data;
      expect(after.currencies).toEqual(expected(await raw.list<Subscription>('/api/v1/subscriptions')));
      const currency = (r: typeof after) => r.currencies.find((c) => c.currency === cancelled.currency)!;
      expect(currency(after).mrr).toBeLessThan(currency(report.data).mrr);
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
    it(`${name}: refused and deleted (offline it answers nothing rather than something wrong), then rebuilt from the platform`, async () => {
      const accountId = world.account.id;
      const first = engine();
      const synced = await first.call('subscriptions.sync', { accountId });
      await first.call('engine.idle', {});
      await first.close();
      await damage(snapshotPath());

      await goOffline();
      const blind = engine();
      try {
        expect(await blind.call('subscriptions.status', { accountId })).toMatchObject({ count: null });
        await expect(blind.call('subscriptions.report', { accountId, ...RANGE })).rejects.toMatchObject({ code: expect.stringMatching(/^(offline|unreachable)$/) });
        await expect(readFile(snapshotPath())).rejects.toMatchObject({ code: 'ENOENT' });
        await comeBack();
        const rebuilt = await blind.call('subscriptions.report', { accountId, ...RANGE });
        expect(rebuilt.fromCache).toBe(false);
        expect((await blind.call('subscriptions.status', { accountId })).count).toBe(synced.data.count);
        await blind.call('engine.idle', {});
        expect((await readFile(snapshotPath())).length).toBeGreaterThan(100);
      } finally {
        await blind.close();
      }
    });
  }

  it('sign-out deletes it', async () => {
    const accountId = world.account.id;
    const client = engine();
    try {
      await client.call('subscriptions.sync', { accountId });
      await client.call('engine.idle', {});
      await readFile(snapshotPath());
      await client.call('engine.forget', { accountId });
      await expect(readFile(snapshotPath())).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await client.close();
    }
  });
});
