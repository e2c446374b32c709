// The poller with the platform played by a script (the PlatformCaller seam): what it asks, when, and what
// it delivers across a restart. The real platform path is covered by test/e2e/notifications.spec.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccountView } from '../../../shared/model/accounts';
import { AppError } from '../../../shared/errors';
import { DEFAULT_NOTIFICATION_SETTINGS, type AppNotification, type NotificationSettings } from '../../../shared/ipc/notifications';
import type { Order } from '../../../shared/platform/resources';
import type { CallArgs, PlatformCaller } from '../../../electron/services/api/platform-caller';
import { memoryLogger } from '../../../electron/services/log';
import { createNotifier } from '../../../electron/services/notifications/notifier';
import { NotifyStore } from '../../../electron/services/notifications/notify-store';

const T0 = new Date('2026-11-20T10:00:00.000Z');

function account(scopes: string[] = ['orders:read']): AccountView {
  return {
    id: 'acc1',
    issuer: 'https://school.example',
    school: { id: 'sch_1', name: 'Lumen Academy', url: null },
    admin: { sub: 'adm', name: 'Alex Morgan', email: null, picture: null },
    grantedScopes: scopes,
    status: 'signed_in',
    connectedAt: T0.toISOString(),
    lastSyncAt: null,
  };
}

function refund(id: string, at: string): Order {
  return {
    id, trade_number: `T${id}`, state: 'refunded', buyer: { id: 'stu_1', name: 'Dana', email: 'dana@example.com' }, payment_method: 'credit_card', currency: 'USD',
    original_amount: 5000, discount_amount: 0, paid_amount: 5000, refunded_amount: 5000, coupon: null, items: [], created_at: '2026-11-01T00:00:00Z', paid_at: '2026-11-01T00:00:00Z', updated_at: at,
  };
}

/** The platform, scripted: answers per operation, and a log of what was asked. */
function scriptedPlatform() {
  const asked: { operation: string; query: CallArgs['query'] }[] = [];
  let orders: Order[] = [];
  let failWith: AppError | null = null;
  const caller: PlatformCaller = {
    call: (async (_account: string, operation: string, _schema: unknown, args: CallArgs = {}) => {
      asked.push({ operation, query: args.query });
      if (failWith) throw failWith;
      throw new Error(`unexpected call ${operation}`);
    }) as PlatformCaller['call'],
    paginate: (async (_account: string, operation: string, _item: unknown, args: CallArgs = {}) => {
      asked.push({ operation, query: args.query });
      if (failWith) throw failWith;
      if (operation === 'listOrders') return orders.filter((o) => o.updated_at >= String(args.query?.updated_since));
      return [];
    }) as PlatformCaller['paginate'],
  };
  return {
    caller,
    asked,
    setOrders: (next: Order[]) => (orders = next),
    fail: (error: AppError | null) => (failWith = error),
  };
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sc-notify-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function notifierFor(platform: ReturnType<typeof scriptedPlatform>, options: { online?: () => boolean; settings?: NotificationSettings; accounts?: AccountView[]; now?: () => Date; later?: (task: () => void, ms: number) => () => void } = {}) {
  const delivered: AppNotification[] = [];
  const store = await NotifyStore.open(dir);
  const notifier = createNotifier({
    caller: platform.caller,
    store,
    accounts: () => options.accounts ?? [account()],
    isOnline: options.online ?? (() => true),
    settings: () => options.settings ?? DEFAULT_NOTIFICATION_SETTINGS,
    emit: ((event: string, payload: unknown) => {
      if (event === 'app.notification') delivered.push(payload as AppNotification);
    }) as never,
    logger: memoryLogger(),
    intervalMs: 60_000,
    now: options.now ?? (() => new Date()),
    random: () => 0,
    todaySales: async () => null,
    ...(options.later ? { later: options.later } : {}),
  });
  return { notifier, delivered };
}

describe('the notifier', () => {
  it('takes a baseline at the first poll (asking nothing), then notifies a later refund once, also after a restart', async () => {
    const platform = scriptedPlatform();
    let now = T0;
    const first = await notifierFor(platform, { now: () => now });
    platform.setOrders([refund('ord_old', '2026-11-19T00:00:00Z')]);
    await first.notifier.pollNow('acc1');
    expect(platform.asked).toEqual([]);

    now = new Date('2026-11-20T10:05:00Z');
    platform.setOrders([refund('ord_old', '2026-11-19T00:00:00Z'), refund('ord_new', '2026-11-20T10:01:00Z')]);
    await first.notifier.pollNow('acc1');
    expect(platform.asked[0]).toEqual({ operation: 'listOrders', query: expect.objectContaining({ updated_since: T0.toISOString() }) });
    expect(first.delivered).toEqual([expect.objectContaining({ id: 'refund:ord_new', route: '/orders/ord_new', schoolName: 'Lumen Academy', silent: false })]);
    await first.notifier.pollNow('acc1');
    expect(first.delivered).toHaveLength(1);
    // Asked from the newest change seen, not from the baseline again.
    expect(platform.asked.at(-1)?.query).toMatchObject({ updated_since: '2026-11-20T10:01:00Z' });

    const restarted = await notifierFor(platform, { now: () => now });
    await restarted.notifier.pollNow('acc1');
    expect(restarted.delivered).toEqual([]);
    expect(restarted.notifier.attention()).toMatchObject({ total: 1 });
    await restarted.notifier.markSeen('acc1', 'refund:ord_new');
    expect(restarted.notifier.attention()).toMatchObject({ total: 0 });
  });

  it('asks nothing while offline', async () => {
    const platform = scriptedPlatform();
    const { notifier } = await notifierFor(platform, { online: () => false });
    await notifier.pollNow('acc1');
    await notifier.pollNow('acc1');
    expect(platform.asked).toEqual([]);
  });

  it('asks only for what granted scopes and the settings allow: no step-up, no comments without comments:read', async () => {
    const platform = scriptedPlatform();
    const { notifier } = await notifierFor(platform, { accounts: [account(['orders:read', 'subscriptions:read'])], settings: { ...DEFAULT_NOTIFICATION_SETTINGS, off: { acc1: ['paymentProblem'] } } });
    await notifier.pollNow('acc1');
    await notifier.pollNow('acc1');
    expect(platform.asked.map((a) => a.operation)).toEqual(['listOrders']);
  });

  it('honours Retry-After and backs off after failures, then returns to the interval', async () => {
    const platform = scriptedPlatform();
    const delays: number[] = [];
    const { notifier } = await notifierFor(platform, { later: (_task, ms) => (delays.push(ms), () => undefined) });
    notifier.start();
    expect(delays).toEqual([0]);
    await notifier.pollNow('acc1'); // the baseline
    await notifier.pollNow('acc1');
    expect(delays.slice(1)).toEqual([60_000, 60_000]);

    platform.fail(new AppError('rate_limited', 'slow down', { retryAfterSeconds: 600 }));
    await notifier.pollNow('acc1');
    expect(delays.at(-1)).toBe(600_000); // Retry-After, longer than the first backoff (120 s)
    platform.fail(new AppError('server_error', 'down'));
    await notifier.pollNow('acc1');
    expect(delays.at(-1)).toBe(240_000); // the second failure in a row: 60 s × 2²
    await notifier.pollNow('acc1');
    expect(delays.at(-1)).toBe(480_000);

    // The probe seeing the platform again does not cut a backoff short.
    notifier.online();
    expect(delays.at(-1)).toBe(480_000);

    platform.fail(null);
    await notifier.pollNow('acc1');
    expect(delays.at(-1)).toBe(60_000);
    notifier.stop();
  });
});
