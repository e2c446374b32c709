// `npm start -- --school URL` while the app is signed in: the named school is what the person wants now.
// Connected already: it is the one on screen. Not connected: the app offers to connect it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { startBrowserHost, type BrowserHost } from '../../electron/browser-host/server';
import { memoryLogger } from '../../electron/services/log';
import { startSandbox, type Sandbox } from '../sandbox';
import { clickConnectDemoSchool, connectedAccounts, openAccountMenu } from './fixtures/app-actions';
import { consentOpener, newConsentRecord, type ConsentRecord } from './fixtures/consent-tab';

interface Fixtures {
  dataDir: string;
  record: ConsentRecord;
  /** Two platforms, as two different course platforms the admin works with. */
  platforms: [Sandbox, Sandbox];
}

const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
  dataDir: async ({}, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'sc-e2e-launch-'));
    await use(dir);
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
  record: async ({}, use) => {
    const record = newConsentRecord();
    await use(record);
    expect(record.errors.map((e) => e.message), 'answering the consent page').toEqual([]);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
  platforms: async ({}, use) => {
    const platforms: [Sandbox, Sandbox] = [await startSandbox({ orders: 200, quiet: true }), await startSandbox({ orders: 200, quiet: true })];
    await use(platforms);
    for (const platform of platforms) await platform.close();
  },
});

/** One start of the app on `dataDir`, as start.mjs does it: with --school `school` when `named`. */
async function startApp(page: Page, context: BrowserContext, dataDir: string, record: ConsentRecord, school: string, named: boolean): Promise<BrowserHost> {
  const host = await startBrowserHost({ dataDir, school, schoolLabel: named ? school : 'Demo school', schoolNamed: named, openExternal: consentOpener(context, { decision: 'Allow' }, record), logger: memoryLogger() });
  await page.goto(host.url);
  await page.waitForURL((url) => url.origin === host.origin && !url.pathname.startsWith('/launch'));
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  return host;
}

function switcher(page: Page) {
  return page.getByRole('button', { name: /switch school/i });
}

test('named on the command line and already connected: the app opens on that school', async ({ page, context, dataDir, record, platforms }) => {
  const [a, b] = platforms;
  const first = await startApp(page, context, dataDir, record, a.url, false);
  try {
    await clickConnectDemoSchool(page);
    await expect(switcher(page)).toBeVisible({ timeout: 30_000 });
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Add a school' }).click();
    await page.getByLabel("Your school's address").fill(b.url);
    await page.getByLabel("Your school's address").press('Enter');
    // Both platforms' first school has the same name: the switcher tells them apart by address.
    await expect(switcher(page)).toHaveAccessibleName(new RegExp(`, ${new URL(b.url).host}: `), { timeout: 30_000 });
  } finally {
    await first.close();
  }

  const second = await startApp(page, context, dataDir, record, a.url, true);
  try {
    await expect(switcher(page)).toHaveAccessibleName(new RegExp(`, ${new URL(a.url).host}: `));
    await expect(page.getByRole('region', { name: 'School named at start' })).toHaveCount(0);
    expect(await connectedAccounts(second)).toHaveLength(2);
  } finally {
    await second.close();
  }
});

test('named on the command line and not connected: the app offers to connect it', async ({ page, context, dataDir, record, platforms }) => {
  const [a, b] = platforms;
  const first = await startApp(page, context, dataDir, record, a.url, false);
  try {
    await clickConnectDemoSchool(page);
    await expect(switcher(page)).toBeVisible({ timeout: 30_000 });
  } finally {
    await first.close();
  }

  const second = await startApp(page, context, dataDir, record, b.url, true);
  try {
    const offer = page.getByRole('region', { name: 'School named at start' });
    await expect(offer).toContainText(`You started School Companion with ${new URL(b.url).host}.`);
    await offer.getByRole('button', { name: 'Connect it' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add a school' })).toBeVisible();
    await page.getByRole('region', { name: b.url }).getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(switcher(page)).toHaveAccessibleName(new RegExp(`, ${new URL(b.url).host}: `), { timeout: 30_000 });
    await expect(offer).toHaveCount(0);
    expect((await connectedAccounts(second)).map((account) => account.issuer).sort()).toEqual([a.url, b.url].sort());
  } finally {
    await second.close();
  }
});

test('"Not now" puts the offer away for this launch', async ({ page, context, dataDir, record, platforms }) => {
  const [a, b] = platforms;
  const first = await startApp(page, context, dataDir, record, a.url, false);
  await clickConnectDemoSchool(page);
  await expect(switcher(page)).toBeVisible({ timeout: 30_000 });
  await first.close();
  const second = await startApp(page, context, dataDir, record, b.url, true);
  try {
    const offer = page.getByRole('region', { name: 'School named at start' });
    await offer.getByRole('button', { name: 'Not now' }).click();
    await expect(offer).toHaveCount(0);
    await page.reload();
    await expect(switcher(page)).toBeVisible();
    await expect(offer).toHaveCount(0);
  } finally {
    await second.close();
  }
});
