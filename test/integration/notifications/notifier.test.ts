// The poller against the real sandbox over HTTP, through the app's own API client (signed in through a real
// Chromium on the consent page): what it asks the platform (the platform's own request counts), when, and what
// it delivers across a restart. A refund is recorded on the platform as its admin would; failures come from the
// platform's own knobs (503s, a rate limit with Retry-After). The app's path end to end: test/e2e/notifications.spec.ts.
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AccountView } from '../../../shared/model/accounts';
import { DEFAULT_NOTIFICATION_SETTINGS, type AppNotification, type NotificationSettings } from '../../../shared/ipc/notifications';
import { ApiClient } from '../../../electron/services/api/api-client';
import { memoryLogger } from '../../../electron/services/log';
import { createNotifier } from '../../../electron/services/notifications/notifier';
import { NotifyStore } from '../../../electron/services/notifications/notify-store';
import { startSandbox, type Sandbox } from '../../sandbox';
import { launchChromium } from '../../support/chromium';
import { consentClicker } from '../../support/consent-browser';
import { openSignIn, tempDir, type SignIn } from '../sign-in/harness';

let sandbox: Sandbox;
let browser: Browser;
let signInDir: Awaited<ReturnType<typeof tempDir>>;
let signIn: SignIn;
let account: AccountView;
let api: ApiClient;

beforeAll(async () => {
  [sandbox, browser, signInDir] = await Promise.all([startSandbox({ orders: 300, quiet: true }), launchChromium(), tempDir('sc-notify-sign-in-')]);
  signIn = await openSignIn(signInDir.path, { openExternal: consentClicker(browser, { decision: 'Allow' }) });
  account = await signIn.auth.connect(sandbox.url);
  api = new ApiClient(signIn.auth, { logger: signIn.logger, sleep: async () => undefined, maxRetries: 0 });
}, 120_000);
afterAll(async () => {
  await Promise.all([sandbox?.close().catch(() => undefined), browser?.close()]);
  await signInDir?.remove();
});

let dir: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => {
  dir = await tempDir('sc-notify-');
  sandbox.knobs.set({ errorRate: 0, rateLimitPerMinute: null });
  sandbox.stats.reset();
});
afterEach(async () => {
  await dir.remove();
});

/** How many times the platform was asked for each list, by its own count. */
function asked(): Record<string, number> {
  return Object.fromEntries(Object.entries(sandbox.stats.byPath()).filter(([path]) => path.startsWith('/api/')));
}

async function recordRefund(): Promise<string> {
  const response = await fetch(`${sandbox.url}/__sandbox/orders/record`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Sandbox-Admin': sandbox.adminSecret },
    body: JSON.stringify({ kind: 'refund' }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { order_id: string }).order_id;
}

type Glance = (accountId: string, signal: AbortSignal) => Promise<{ sales: null; needs: [] }>;

async function notifierFor(options: { online?: () => boolean; settings?: NotificationSettings; accounts?: AccountView[]; intervalMs?: number; later?: (task: () => void, ms: number) => () => void; glance?: Glance } = {}) {
  const delivered: AppNotification[] = [];
  const store = await NotifyStore.open(dir.path);
  const notifier = createNotifier({
    caller: api,
    store,
    accounts: () => options.accounts ?? [account],
    isOnline: options.online ?? (() => true),
    settings: () => options.settings ?? DEFAULT_NOTIFICATION_SETTINGS,
    emit: ((event: string, payload: unknown) => {
      if (event === 'app.notification') delivered.push(payload as AppNotification);
    }) as never,
    logger: memoryLogger(),
    intervalMs: options.intervalMs ?? 60_000,
    now: () => new Date(),
    random: () => 0,
    glance: options.glance ?? (async () => ({ sales: null, needs: [] })),
    ...(options.later ? { later: options.later } : {}),
  });
  return { notifier, delivered };
}

const refunds = (delivered: AppNotification[]) => delivered.filter((n) => n.id.startsWith('refund:')).map((n) => n.id);

describe('the notifier against the platform', () => {
  it('takes a baseline at the first poll (asking nothing), then notifies a later refund once, also after a restart', async () => {
    const first = await notifierFor();
    await first.notifier.pollNow(account.id);
    expect(asked()).toEqual({});

    const orderId = await recordRefund();
    await first.notifier.pollNow(account.id);
    expect(refunds(first.delivered)).toEqual([`refund:${orderId}`]);
    expect(first.delivered.find((n) => n.id === `refund:${orderId}`)).toMatchObject({ route: `/orders/${orderId}`, schoolName: account.school.name, silent: false });
    await first.notifier.pollNow(account.id);
    expect(refunds(first.delivered)).toHaveLength(1);

    const restarted = await notifierFor();
    await restarted.notifier.pollNow(account.id);
    expect(restarted.delivered).toEqual([]);
    expect(restarted.notifier.attention()).toMatchObject({ total: 1 });
    await restarted.notifier.markSeen(account.id, `refund:${orderId}`);
    expect(restarted.notifier.attention()).toMatchObject({ total: 0 });

    // The next refund still comes, and only it.
    const next = await recordRefund();
    await restarted.notifier.pollNow(account.id);
    expect(refunds(restarted.delivered)).toEqual([`refund:${next}`]);
  });

  it('stop() tells the glance of a poll in flight to give up and resolves only once that poll has ended', async () => {
    let started = false;
    let ended = false;
    const glance: Glance = (_accountId, signal) =>
      new Promise((_resolve, reject) => {
        started = true;
        // A glance that answers only when told to stop (as Today's platform reads do when aborted).
        signal.addEventListener('abort', () => setTimeout(() => {
          ended = true;
          reject(signal.reason as Error);
        }, 50));
      });
    const { notifier } = await notifierFor({ glance });
    notifier.start();
    // The first poll takes the baseline, then reads the glance, which waits.
    await expect.poll(() => started).toBe(true);
    await notifier.stop();
    expect(ended).toBe(true);
  });

  it('asks nothing while offline', async () => {
    const { notifier } = await notifierFor({ online: () => false });
    await notifier.pollNow(account.id);
    await notifier.pollNow(account.id);
    expect(asked()).toEqual({});
  });

  it('asks only for what granted scopes and the settings allow: no step-up, no comments without comments:read', async () => {
    const narrow = { ...account, grantedScopes: ['orders:read', 'subscriptions:read'] };
    const { notifier } = await notifierFor({ accounts: [narrow], settings: { ...DEFAULT_NOTIFICATION_SETTINGS, off: { [account.id]: ['paymentProblem'] } } });
    await notifier.pollNow(account.id);
    await notifier.pollNow(account.id);
    expect(Object.keys(asked())).toEqual(['/api/v1/orders']);
  });

  it('honours Retry-After and backs off after failures, then returns to the interval', async () => {
    // A one-second interval, so the platform's Retry-After (up to a minute) is longer than the first backoff.
    const delays: number[] = [];
    const { notifier } = await notifierFor({ intervalMs: 1000, later: (_task, ms) => (delays.push(ms), () => undefined) });
    notifier.start();
    expect(delays).toEqual([0]);
    await notifier.pollNow(account.id); // the baseline
    await notifier.pollNow(account.id);
    expect(delays.slice(1)).toEqual([1000, 1000]);

    // The platform's rate limit: one request a minute, so of two in a row the second is told when to come back
    // (the time left in the minute), and the notifier waits that long, far past its first backoff (2 s).
    sandbox.knobs.set({ rateLimitPerMinute: 1 });
    await notifier.pollNow(account.id);
    await notifier.pollNow(account.id);
    expect(delays.at(-1)).toBeGreaterThan(2000 * 2);
    expect(delays.at(-1)).toBeLessThanOrEqual(60_000);
    sandbox.knobs.set({ rateLimitPerMinute: null });
    await notifier.pollNow(account.id);
    expect(delays.at(-1)).toBe(1000);

    // The platform failing: the interval doubled per failure in a row.
    sandbox.knobs.set({ errorRate: 1 });
    await notifier.pollNow(account.id);
    expect(delays.at(-1)).toBe(2000);
    await notifier.pollNow(account.id);
    expect(delays.at(-1)).toBe(4000); // the second failure in a row: 1 s × 2²

    // The probe seeing the platform again does not cut a backoff short.
    notifier.online();
    expect(delays.at(-1)).toBe(4000);

    sandbox.knobs.set({ errorRate: 0 });
    await notifier.pollNow(account.id);
    expect(delays.at(-1)).toBe(1000);
    notifier.stop();
  });
});
