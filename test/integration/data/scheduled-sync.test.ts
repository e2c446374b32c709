// The sync schedule with a real data engine (its worker thread) against the real sandbox over HTTP, signed in
// through a real Chromium: after the admin's first sync, a refund and a failed renewal made on the platform
// reach the engine without any page asking, and the screens are told (data.invalidated). Expected values come
// from the platform's own lists (the figures oracle), never written down.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../electron/services/api/api-client';
import type { DataService } from '../../../electron/services/data/handlers';
import { createSyncSchedule, engineSyncTargets, type SyncSchedule } from '../../../electron/services/engine/client/sync-schedule';
import type { AccountView } from '../../../shared/model/accounts';
import { Order, Subscription } from '../../../shared/platform/resources';
import type { Sandbox } from '../../sandbox';
import { consentClicker } from '../../support/consent-browser';
import { createAppServices } from '../../../electron/services/app-services';
import { createIpcRouter } from '../../../electron/services/ipc/router';
import { memoryLogger } from '../../../electron/services/log';
import { fakeCipher, tempDir, type SignIn } from '../sign-in/harness';
import { startSignedInDataService, type SignedInDataService } from './signed-in-data-service';
import { toOrder } from '../../../electron/services/platform/orders-mapping';
import { subscriptionFigures } from '../../support/figures-oracle';

let sandbox: Sandbox;
let browser: Browser;
let engine: SignIn;
let api: ApiClient;
let account: AccountView;
let service: DataService;
let schedule: SyncSchedule | null = null;
let events: SignedInDataService['events'];
let world: SignedInDataService | undefined;

beforeAll(async () => {
  world = await startSignedInDataService('scheduled-sync-');
  ({ sandbox, browser, engine, account, api, service, events } = world);
}, 90_000);

afterAll(async () => {
  schedule?.stop();
  await world?.close();
});

async function recordOnPlatform(body: object): Promise<{ order_id?: string; subscription_id?: string }> {
  const response = await fetch(`${sandbox.url}/__sandbox/orders/record`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Sandbox-Admin': sandbox.adminSecret },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { order_id?: string; subscription_id?: string };
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const invalidated = (reason: string) => events.some((e) => e.event === 'data.invalidated' && (e.payload as { reason: string }).reason === reason);

describe('scheduled sync against the sandbox', { timeout: 120_000 }, () => {
  it('picks up what changed on the platform without the page asking, and tells the screens', async () => {
    const client = service.engine!;
    // The admin's first syncs (the Orders and Subscriptions pages start them, with progress and Cancel).
    await client.call('orders.load', { accountId: account.id, mode: 'full', jobId: 'first-orders' });
    await client.call('subscriptions.sync', { accountId: account.id, jobId: 'first-subscriptions' });
    await client.call('engine.idle', {});

    const refund = await recordOnPlatform({ kind: 'refund' });
    const pastDue = await recordOnPlatform({ kind: 'subscription_past_due' });
    const order = await api.call(account.id, 'getOrder', Order, { path: { order_id: refund.order_id! } });
    const subscription = await api.call(account.id, 'getSubscription', Subscription, { path: { subscription_id: pastDue.subscription_id! } });
    expect(order.state).toBe('refunded');
    expect(subscription.state).toBe('past_due');
    // Nothing has asked yet: the engine still holds the order as it was.
    expect((await client.call('orders.peek', { accountId: account.id, orderId: order.id }))!.order.state).toBe('paid');
    events.length = 0;

    const synced: string[] = [];
    const targets = engineSyncTargets(client);
    schedule = createSyncSchedule({
      ...targets,
      sync: async (accountId, collection) => {
        await targets.sync(accountId, collection);
        synced.push(collection);
      },
      isOnline: () => true,
      logger: engine.logger,
      intervalMs: () => 1_000,
    });
    schedule.setAccounts([account.id]);

    await until('orders_refreshed and subscriptions_refreshed', () => invalidated('orders_refreshed') && invalidated('subscriptions_refreshed'));
    const peeked = await client.call('orders.peek', { accountId: account.id, orderId: order.id });
    expect(peeked!.order).toEqual(toOrder(order)); // the engine keeps the app's Order
    const pastDueNow = await client.call('subscriptions.report', { accountId: account.id, from: '2025-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' });
    // The figures of the platform's list as it is now (the oracle), the new past-due subscription among them.
    const { atStart: _atStart, ...figures } = subscriptionFigures(
      await api.paginate(account.id, 'listSubscriptions', Subscription, { query: { limit: 1000 } }),
      subscription.currency,
      { from: Date.parse('2025-01-01T00:00:00Z'), to: Date.parse('2026-01-01T00:00:00Z') },
    );
    expect(pastDueNow.data.currencies.find((c) => c.currency === subscription.currency)).toEqual(figures);
    // Students were never synced here: the schedule leaves their first, full sync to the admin.
    expect(synced).not.toContain('students');
    expect((await client.call('students.status', { accountId: account.id })).students).toBeNull();

    // Nothing changed since: the next turns sync again but tell no screen.
    const turns = synced.length;
    events.length = 0;
    await until('two more turns', () => synced.length >= turns + 2);
    expect(events.filter((e) => e.event === 'data.invalidated')).toEqual([]);

    // Sign-out: its turns stop (a turn already under way finishes, and no next one is armed).
    schedule.setAccounts([]);
    await client.call('engine.idle', {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = synced.length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(synced.length).toBe(after);
  });

  it('the app wires it: a signed-in school\'s synced orders follow the platform by themselves, and screens hear of it', async () => {
    const appDir = await tempDir('scheduled-app-');
    const logger = memoryLogger();
    const services = await createAppServices({
      mode: 'desktop', version: '0.0.0-test', dataDir: appDir.path, cipher: fakeCipher(), logger, defaultSchool: null,
      openExternal: consentClicker(browser, { decision: 'Allow' }), probeIntervalMs: 500, syncIntervalMs: 1_000,
    });
    const heard: { event: string; payload: unknown }[] = [];
    services.events.subscribe((event, payload) => heard.push({ event, payload }));
    const router = createIpcRouter({ handlers: services.handlers, logger, validateOutput: true });
    const call = async (method: string, input: unknown) => {
      const out = (await router.route({ method, input, isTrustedSender: () => true })) as { ok: boolean; value?: unknown; error?: unknown };
      if (!out.ok) throw new Error(`${method}: ${JSON.stringify(out.error)}`);
      return out.value as Record<string, unknown>;
    };
    try {
      const connected = await call('accounts.connect', { address: sandbox.url });
      const accountId = connected.id as string;
      // The Orders page's first sync.
      await call('data.orders.load', { accountId, jobId: 'orders-first', mode: 'full' });
      const refunded = async () => ((await call('data.orders.query', { accountId, filters: { states: ['refunded'] }, limit: 1000 })).data as { total: number; rows: { id: string }[] });
      const before = await refunded();
      heard.length = 0;
      const refund = await recordOnPlatform({ kind: 'refund' });
      await until('orders_refreshed from the app', () => heard.some((e) => e.event === 'data.invalidated' && (e.payload as { reason: string; accountId: string }).reason === 'orders_refreshed' && (e.payload as { accountId: string }).accountId === accountId));
      // The page's query (answered from the engine's synced copy) now holds it, without any page having asked for a sync.
      const after = await refunded();
      expect(after.total).toBe(before.total + 1);
      expect(after.rows.map((r) => r.id)).toContain(refund.order_id);
    } finally {
      await services.close();
      await appDir.remove();
    }
  });
});
