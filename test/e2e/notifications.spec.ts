// A refund on the platform becomes a notification: the sandbox records a refund the way the platform's admin
// would (POST /__sandbox/orders/record), the app's poller finds it, the page shows a Web Notification (the
// browser's permission granted in the context), and clicking it opens the order's drawer. Started again on
// the same data folder, the app does not notify that refund again, but does notify the next one.
// Web Notifications are the OS's: an init script wraps window.Notification so each construction is recorded
// and still goes to the real one; the click is dispatched on the recorded notification.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { startBrowserHost, type BrowserHost } from '../../electron/browser-host/server';
import { memoryLogger } from '../../electron/services/log';
import { startSandbox, type Sandbox } from '../sandbox';
import { connectDemoSchool } from './fixtures/app-actions';
import { consentOpener, newConsentRecord, type ConsentRecord } from './fixtures/consent-tab';

const LABEL = 'Demo school (local sandbox)';
const POLL_MS = 500;

interface Recorded {
  title: string;
  body: string;
}
declare global {
  interface Window {
    __notifications?: { title: string; body: string; notification: Notification }[];
  }
}

/** Records each Notification the page constructs, and constructs the real one too. */
function recordNotifications(): void {
  const Real = window.Notification;
  const seen: NonNullable<Window['__notifications']> = [];
  window.__notifications = seen;
  class Recording extends Real {
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      seen.push({ title, body: options?.body ?? '', notification: this });
    }
  }
  Object.defineProperty(Recording, 'permission', { get: () => Real.permission });
  Object.defineProperty(Recording, 'requestPermission', { value: Real.requestPermission.bind(Real) });
  window.Notification = Recording;
}

async function shown(page: Page): Promise<Recorded[]> {
  return page.evaluate(() => (window.__notifications ?? []).map(({ title, body }) => ({ title, body })));
}

async function recordRefund(sandbox: Sandbox): Promise<{ school_id: string; order_id: string }> {
  const response = await fetch(`${sandbox.url}/__sandbox/orders/record`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Sandbox-Admin': sandbox.adminSecret },
    body: JSON.stringify({ kind: 'refund' }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { school_id: string; order_id: string };
}

function tradeNumber(sandbox: Sandbox, schoolId: string, orderId: string): string {
  const orders = sandbox.platform.data.get(schoolId)!.orders;
  return orders.tradeNumber(orders.indexOf(orderId));
}

/** The school has its baseline on disk: from here on, what happens on the platform is news. */
async function waitForBaseline(dataDir: string): Promise<void> {
  await expect
    .poll(async () => {
      const text = await readFile(join(dataDir, 'notifications.json'), 'utf8').catch(() => '{}');
      return Object.keys((JSON.parse(text) as { schools?: object }).schools ?? {}).length;
    }, { timeout: 15_000 })
    .toBe(1);
}

const test = base.extend<{ sandbox: Sandbox; dataDir: string; record: ConsentRecord }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
  sandbox: async ({}, use) => {
    const sandbox = await startSandbox({ orders: 2000, quiet: true });
    await use(sandbox);
    await sandbox.close();
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
  dataDir: async ({}, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'sc-e2e-notify-'));
    await use(dir);
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
  record: async ({}, use) => {
    const record = newConsentRecord();
    await use(record);
    expect(record.errors.map((e) => e.message), 'answering the consent page').toEqual([]);
  },
});

async function startApp(sandbox: Sandbox, dataDir: string, context: BrowserContext, record: ConsentRecord): Promise<BrowserHost> {
  return startBrowserHost({
    dataDir,
    school: sandbox.url,
    schoolLabel: LABEL,
    openExternal: consentOpener(context, { decision: 'Allow' }, record),
    logger: memoryLogger(),
    notifyIntervalMs: POLL_MS,
  });
}

async function openApp(page: Page, host: BrowserHost): Promise<void> {
  await page.goto(host.url);
  await page.waitForURL((url) => url.origin === host.origin && !url.pathname.startsWith('/launch'));
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
}

test('a refund recorded on the platform notifies once, opens the order when clicked, and not again after a restart', async ({ page, context, sandbox, dataDir, record }) => {
  test.setTimeout(120_000);
  await context.addInitScript(recordNotifications);
  const school = sandbox.platform.schools[0]!;

  let host = await startApp(sandbox, dataDir, context, record);
  try {
    await context.grantPermissions(['notifications'], { origin: host.origin });
    await openApp(page, host);
    await connectDemoSchool(page, school.name);
    await waitForBaseline(dataDir);

    const refund = await recordRefund(sandbox);
    const trade = tradeNumber(sandbox, refund.school_id, refund.order_id);
    await expect.poll(() => shown(page), { timeout: 15_000 }).toEqual([{ title: expect.stringMatching(/^Refund: /), body: expect.stringContaining(trade) }]);
    expect((await shown(page))[0]!.body).toContain(school.name);

    await page.evaluate(() => window.__notifications![0]!.notification.dispatchEvent(new Event('click')));
    const drawer = page.getByRole('dialog', { name: `Order ${trade}` });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId('order-details')).toContainText(/Refunded/i);
    expect(new URL(page.url()).hash).toBe(`#/orders/${refund.order_id}`);
  } finally {
    await host.close();
  }

  // Started again on the same data folder, against the same platform.
  host = await startApp(sandbox, dataDir, context, record);
  try {
    await context.grantPermissions(['notifications'], { origin: host.origin });
    await openApp(page, host);
    // A second refund proves the poller is running again; the first one must not come back with it.
    const second = await recordRefund(sandbox);
    const secondTrade = tradeNumber(sandbox, second.school_id, second.order_id);
    await expect.poll(() => shown(page), { timeout: 15_000 }).toEqual([{ title: expect.stringMatching(/^Refund: /), body: expect.stringContaining(secondTrade) }]);
    // A few more polls: still only the new one.
    await page.waitForTimeout(POLL_MS * 4);
    expect(await shown(page)).toHaveLength(1);
  } finally {
    await host.close();
  }
});

test('without the browser permission: Settings offers "Allow notifications", a refund shows in the app, and a kind turned off stays quiet', async ({ page, context, sandbox, dataDir, record }) => {
  test.setTimeout(120_000);
  await context.addInitScript(recordNotifications);
  const school = sandbox.platform.schools[0]!;
  const host = await startApp(sandbox, dataDir, context, record);
  try {
    await openApp(page, host);
    await connectDemoSchool(page, school.name);
    await waitForBaseline(dataDir);

    await page.goto(`${host.origin}/#/settings`);
    const card = page.getByTestId('notifications-card');
    await expect(card.getByRole('button', { name: 'Allow notifications' })).toBeVisible();
    await expect(card.getByRole('group', { name: school.name }).getByRole('checkbox', { name: 'Refunds' })).toBeChecked();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('settings-notifications.png'), fullPage: false });

    const refund = await recordRefund(sandbox);
    const trade = tradeNumber(sandbox, refund.school_id, refund.order_id);
    const notice = page.getByRole('status').filter({ hasText: trade });
    await expect(notice).toContainText(/Refund: /, { timeout: 15_000 });
    expect(await shown(page)).toEqual([]);
    await notice.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByRole('dialog', { name: `Order ${trade}` })).toBeVisible();
    await page.keyboard.press('Escape');

    // Refunds off for this school: the next refund does not show, while the poller keeps running.
    await page.goto(`${host.origin}/#/settings`);
    await card.getByRole('group', { name: school.name }).getByRole('checkbox', { name: 'Refunds' }).uncheck();
    await expect.poll(async () => Object.values((JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8')) as { notifications?: { off?: object } }).notifications?.off ?? {})).toEqual([['refund']]);
    const quiet = await recordRefund(sandbox);
    await page.waitForTimeout(POLL_MS * 6);
    await expect(page.getByRole('status').filter({ hasText: tradeNumber(sandbox, quiet.school_id, quiet.order_id) })).toHaveCount(0);
  } finally {
    await host.close();
  }
});
