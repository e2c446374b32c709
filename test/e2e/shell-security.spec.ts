// Settings › Security in browser mode, as the admin sees it: how saved sign-ins are protected on this
// computer, each browser's own session (sign out another browser, whose open tab says at once that its
// session ended and which then needs a new launch link), and a
// plain message when the saved sign-ins could not be read (never a silent empty start).
import { mkdtemp, rm, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBrowserHost } from '../../electron/browser-host/server';
import { memoryLogger } from '../../electron/services/log';
import { VAULT_FILE } from '../../electron/services/store/vault';
import { connectDemoSchool } from './fixtures/app-actions';
import { expect, test } from './fixtures/app';
import { consentOpener, newConsentRecord } from './fixtures/consent-tab';

test('Settings says how sign-ins are protected, lists each browser\'s session, and signs another browser out', async ({ page, sandbox, host, browser }) => {
  await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
  await page.getByRole('link', { name: 'Settings' }).first().click();
  const protection = page.getByTestId('secret-protection');
  await expect(protection).toContainText('Saved sign-ins have weak protection on this computer');
  await expect(protection).toContainText('vault.key');

  // A second browser opens its own launch link.
  const otherContext = await browser.newContext();
  try {
    const other = await otherContext.newPage();
    await other.goto(host.issueLaunchUrl());
    await other.getByRole('heading', { level: 1 }).first().waitFor();

    await page.reload();
    const sessions = page.getByRole('region', { name: 'Browser sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions.getByText('This browser')).toHaveCount(1);
    await sessions.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('settings-security-light.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: test.info().outputPath('settings-security-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });
    await sessions.getByRole('button', { name: 'Sign out all other browsers' }).click();
    await expect(page.getByText('Signed out 1 other browser')).toBeVisible();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);

    // The other browser is out, and its open tab says so at once, with the way back (not stale screens).
    await expect(other.getByTestId('session-ended')).toContainText('Press Enter in the terminal running npm start for a new link');
    // A reload asks for a launch link.
    await other.reload();
    await expect(other.getByRole('heading', { level: 1 })).toHaveText('Open School Companion from its launch link');
    // This one is still in.
    await page.reload();
    await expect(page.getByTestId('secret-protection')).toBeVisible();
  } finally {
    await otherContext.close();
  }
});

test('says plainly which sign-in was lost when the saved sign-ins cannot be read', async ({ page, sandbox, context }) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'sc-e2e-lost-'));
  const record = newConsentRecord();
  const start = () => startBrowserHost({ dataDir, school: sandbox.url, schoolLabel: 'Demo school (local sandbox)', openExternal: consentOpener(context, { decision: 'Allow' }, record), logger: memoryLogger() });
  let host = await start();
  try {
    await page.goto(host.url);
    const school = sandbox.platform.schools[0]!.name;
    await connectDemoSchool(page, school);
    await host.close();
    await truncate(join(dataDir, VAULT_FILE), 20); // the vault file is damaged while the app is stopped

    host = await start();
    await page.goto(host.url);
    const banner = page.getByRole('status').filter({ hasText: 'was lost on this computer' });
    await expect(banner).toContainText(`The sign-in to ${school} was lost on this computer.`);
    await expect(banner).toContainText('could not be read');
    await expect(banner.getByRole('button', { name: 'Sign in again' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('lost-sign-in.png') });
    expect(record.errors).toEqual([]);
  } finally {
    await host.close();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
});
