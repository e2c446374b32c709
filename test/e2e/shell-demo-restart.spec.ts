// `npm start` stopped and started again: what start.mjs does, in process. The demo platform
// (test/sandbox/demo-default.ts) and the browser host share one data folder; each "start" starts both on it.
// - Same folder again: the demo platform is back at the same address, with the app's sign-in still valid,
//   so the school is online without signing in again, and what the admin changed in it is still changed
//   (its change journal, replayed), on the platform and on the screens.
// - Its port taken by another program: it starts elsewhere and says so; the account offers Reconnect, which
//   re-points it without a consent page. Two accounts of the same school tell their addresses apart.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { startBrowserHost, type BrowserHost } from '../../electron/browser-host/server';
import { memoryLogger } from '../../electron/services/log';
import { startDemoDefault, type DemoDefault } from '../sandbox/demo-default';
import { activeSchool, clickConnectDemoSchool, connectDemoSchool, connectedAccounts, openAccountMenu, openCourses } from './fixtures/app-actions';
import { consentOpener, newConsentRecord, type ConsentRecord, type ConsentSettings } from './fixtures/consent-tab';
import { platformClient } from './fixtures/platform-client';
import type { Coupon } from '../../shared/platform/resources';

const ORDERS = 2000;
const LABEL = 'Demo school (local sandbox)';

interface Started {
  demo: DemoDefault;
  host: BrowserHost;
  stop(): Promise<void>;
}

/** One `npm start` on `dataDir`: the demo platform, then the browser host on the same folder, then the app's tab. */
async function npmStart(dataDir: string, context: BrowserContext, consent: ConsentSettings, record: ConsentRecord): Promise<Started> {
  const demo = await startDemoDefault({ dataDir, orders: ORDERS, quiet: true });
  const host = await startBrowserHost({
    dataDir,
    school: demo.sandbox.url,
    schoolLabel: LABEL,
    formerSchoolAddresses: demo.formerAddresses,
    openExternal: consentOpener(context, consent, record),
    logger: memoryLogger(),
    demoPlatform: demo,
  });
  return {
    demo,
    host,
    async stop() {
      await host.close();
      await demo.close();
    },
  };
}

/** Another program on the demo platform's port: it holds the port and hangs up on whoever connects. */
async function occupy(port: number): Promise<Server> {
  const squatter = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
  return squatter;
}

async function openApp(page: Page, host: BrowserHost): Promise<void> {
  await page.goto(host.url);
  await page.waitForURL((url) => url.origin === host.origin && !url.pathname.startsWith('/launch'));
}

const test = base.extend<{ dataDir: string; consent: ConsentSettings; record: ConsentRecord }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
  dataDir: async ({}, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'sc-e2e-restart-'));
    await use(dir);
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
  consent: async ({}, use) => use({ decision: 'Allow' }),
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
  record: async ({}, use) => {
    const record = newConsentRecord();
    await use(record);
    expect(record.errors.map((e) => e.message), 'answering the consent page').toEqual([]);
  },
});

test('stopped and started again on the same data folder: same address, the school online, no new sign-in, its changes kept', async ({ page, context, dataDir, consent, record }) => {
  test.setTimeout(180_000);
  const first = await npmStart(dataDir, context, consent, record);
  const school = first.demo.sandbox.platform.schools[0]!;
  const address = first.demo.sandbox.url;
  let couponId: string;
  try {
    await openApp(page, first.host);
    await connectDemoSchool(page, school.name);
    await openCourses(page);
    await expect(page.getByTestId('courses-table')).toBeVisible({ timeout: 30_000 });
    // A write in the demo school: a coupon disabled (coupons:write granted on the way, a second consent page).
    await page.goto(`${first.host.origin}/#/coupons`);
    const row = page.locator('tr[data-coupon-id]').filter({ has: page.locator('[data-state="active"]') }).first();
    couponId = (await row.getAttribute('data-coupon-id'))!;
    const code = (await row.getAttribute('data-code'))!;
    await row.getByRole('button', { name: `Disable ${code}` }).click();
    const dialog = page.getByRole('dialog', { name: `Disable coupon “${code}”?` });
    await dialog.getByRole('button', { name: 'Disable', exact: true }).click();
    await dialog.getByRole('button', { name: 'Grant access' }).click();
    await expect(page.locator('.notice').filter({ hasText: `Disabled coupon “${code}”` })).toBeVisible({ timeout: 30_000 });
    expect(first.demo.status().changes).toBe(1);
  } finally {
    await first.stop();
  }
  expect(record.opened).toHaveLength(2);

  const second = await npmStart(dataDir, context, consent, record);
  try {
    expect(second.demo.sandbox.url).toBe(address);
    expect(second.demo.movedFrom).toBeNull();
    await openApp(page, second.host);
    await expect(activeSchool(page)).toHaveText(school.name);
    await openCourses(page);
    await expect(page.getByTestId('courses-table').locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('app-status')).toContainText('Online');
    await expect(page.getByText(/can't be reached|Sign in again|moved to/)).toHaveCount(0);
    // The dashboards read the platform with the token from before the restart: no consent page, no new token.
    expect(record.opened).toHaveLength(2);
    expect(second.demo.sandbox.stats.byPath()['/api/oauth/token'] ?? 0).toBe(0);
    expect((await connectedAccounts(second.host))[0]!.status).toBe('signed_in');

    // The coupon disabled before the restart is still disabled: on the platform (the test's own client) and on the screen.
    const api = await platformClient(second.demo.sandbox.url, context, ['coupons:read']);
    expect((await api.get<Coupon>(`/api/v1/coupons/${couponId}`)).state).toBe('disabled');
    await page.goto(`${second.host.origin}/#/coupons`);
    await expect(page.locator(`tr[data-coupon-id="${couponId}"] [data-state]`)).toHaveAttribute('data-state', 'disabled');
    // Settings says what the demo keeps; it takes the demo platform offline and back; Reset drops what it keeps.
    await page.goto(`${second.host.origin}/#/settings`);
    await expect(page.getByTestId('demo-platform-state')).toContainText('It keeps the one change');
    await page.getByRole('button', { name: 'Take it offline' }).click();
    await expect(page.getByTestId('app-status')).toContainText(/offline/i);
    expect(second.demo.status().offline).toBe(true);
    await page.getByRole('button', { name: 'Bring it back online' }).click();
    await expect(page.getByTestId('app-status')).toContainText('Online');
    await page.getByRole('button', { name: 'Reset the demo school…' }).click();
    await page.getByRole('dialog', { name: 'Reset the demo school?' }).getByRole('button', { name: 'Reset the demo school' }).click();
    await expect(page.getByTestId('demo-platform-state')).toContainText('Nothing was changed');
    expect((await api.get<Coupon>(`/api/v1/coupons/${couponId}`)).state).toBe('active');
  } finally {
    await second.stop();
  }
});

test('its port taken by another program: it starts elsewhere, the account offers Reconnect and is back without a consent page', async ({ page, context, dataDir, consent, record }) => {
  test.setTimeout(120_000);
  const first = await npmStart(dataDir, context, consent, record);
  const school = first.demo.sandbox.platform.schools[0]!;
  const oldAddress = first.demo.sandbox.url;
  let accountId: string;
  try {
    await openApp(page, first.host);
    await connectDemoSchool(page, school.name);
    accountId = (await connectedAccounts(first.host))[0]!.id;
  } finally {
    await first.stop();
  }

  const squatter = await occupy(first.demo.sandbox.port);
  const second = await npmStart(dataDir, context, consent, record);
  try {
    expect(second.demo.movedFrom).toBe(oldAddress);
    expect(second.demo.sandbox.url).not.toBe(oldAddress);
    expect(second.demo.formerAddresses).toContain(oldAddress);
    const newHost = new URL(second.demo.sandbox.url).host;

    await openApp(page, second.host);
    await expect(activeSchool(page)).toHaveText(school.name);
    const banner = page.getByRole('status').filter({ hasText: 'moved to' });
    await expect(banner).toContainText(`${school.name} moved to ${newHost}.`);
    await banner.getByRole('button', { name: 'Reconnect' }).click();
    await expect(banner).toHaveCount(0, { timeout: 30_000 });
    await openCourses(page);
    await expect(page.getByTestId('courses-table').locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });

    // The same account (same id, so its saved data and choice stay), now at the new address; no consent page.
    const [account] = await connectedAccounts(second.host);
    expect(account).toMatchObject({ id: accountId, issuer: second.demo.sandbox.url, status: 'signed_in' });
    expect(record.opened).toHaveLength(1);
  } finally {
    await second.stop();
    await new Promise<void>((resolve) => squatter.close(() => resolve()));
  }

  // The next start keeps the new address.
  const third = await npmStart(dataDir, context, consent, record);
  try {
    expect(third.demo.sandbox.url).toBe(second.demo.sandbox.url);
    expect(third.demo.movedFrom).toBeNull();
  } finally {
    await third.stop();
  }
});

test('the same school at two addresses: the switcher shows where each one is', async ({ page, context, dataDir, consent, record }) => {
  test.setTimeout(120_000);
  const first = await npmStart(dataDir, context, consent, record);
  const school = first.demo.sandbox.platform.schools[0]!;
  try {
    await openApp(page, first.host);
    await connectDemoSchool(page, school.name);
  } finally {
    await first.stop();
  }
  const squatter = await occupy(first.demo.sandbox.port);
  const second = await npmStart(dataDir, context, consent, record);
  try {
    await openApp(page, second.host);
    await expect(activeSchool(page)).toHaveText(school.name);
    // Instead of Reconnect, the admin connects the demo school again: a second account of the same school.
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Add a school' }).click();
    await clickConnectDemoSchool(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Add a school' })).toHaveCount(0, { timeout: 30_000 });
    expect(await connectedAccounts(second.host)).toHaveLength(2);

    await openAccountMenu(page);
    const items = page.getByRole('menuitemradio');
    await expect(items).toHaveCount(2);
    await expect(items.filter({ hasText: new URL(first.demo.sandbox.url).host })).toHaveCount(1);
    await expect(items.filter({ hasText: new URL(second.demo.sandbox.url).host })).toHaveCount(1);
  } finally {
    await second.stop();
    await new Promise<void>((resolve) => squatter.close(() => resolve()));
  }
});

test('a platform that moved without the app being told: Settings › Moved? signs in at the new address for the same school and keeps the account', async ({ page, context, dataDir, consent, record }) => {
  test.setTimeout(120_000);
  const first = await npmStart(dataDir, context, consent, record);
  const school = first.demo.sandbox.platform.schools[0]!;
  let accountId: string;
  try {
    await openApp(page, first.host);
    await connectDemoSchool(page, school.name);
    accountId = (await connectedAccounts(first.host))[0]!.id;
  } finally {
    await first.stop();
  }
  const squatter = await occupy(first.demo.sandbox.port);
  // As for a school whose platform changed domain: the app is not told where it went.
  const demo = await startDemoDefault({ dataDir, orders: ORDERS, quiet: true });
  const host = await startBrowserHost({ dataDir, school: 'https://elsewhere.example.com', schoolLabel: 'Elsewhere', openExternal: consentOpener(context, consent, record), logger: memoryLogger() });
  try {
    await openApp(page, host);
    await expect(activeSchool(page)).toHaveText(school.name);
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('button', { name: `${school.name} moved to a new address?` }).click({ timeout: 30_000 });
    const form = page.getByRole('form', { name: `New address for ${school.name}` });
    await form.getByLabel(`${school.name}'s new address`).fill(demo.sandbox.url);
    await form.getByRole('button', { name: 'Reconnect' }).click();
    await expect(form).toHaveCount(0, { timeout: 30_000 });

    // A sign-in at the new address (the consent page named the school), the same account now there.
    expect(record.opened).toHaveLength(2);
    expect(new URL(record.opened[1]!).origin).toBe(demo.sandbox.url);
    expect(new URL(record.opened[1]!).searchParams.get('school')).toBe(school.id);
    const accounts = await connectedAccounts(host);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ id: accountId, issuer: demo.sandbox.url, status: 'signed_in' });
  } finally {
    await host.close();
    await demo.close();
    await new Promise<void>((resolve) => squatter.close(() => resolve()));
  }
});
