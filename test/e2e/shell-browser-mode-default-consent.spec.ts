// Browser mode exactly as `npm start` runs it: no test hook for the consent page. The host asks the app's
// tab (app.openUrl) and the tab's bridge opens the platform's consent page as a new tab of the same
// browser; after Allow that tab says it can be closed, and the app's tab updates by itself.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startBrowserHost } from '../../electron/browser-host/server';
import { memoryLogger } from '../../electron/services/log';
import { startSandbox } from '../sandbox';
import { signInToPlatformIfAsked } from '../support/consent-browser';

test('the consent page opens in a new tab of the same browser, and the app tab updates by itself', async ({ context }) => {
  const sandbox = await startSandbox({ orders: 300, quiet: true });
  const dataDir = await mkdtemp(join(tmpdir(), 'sc-e2e-default-consent-'));
  const host = await startBrowserHost({ school: sandbox.url, schoolLabel: 'Demo school', dataDir, logger: memoryLogger() });
  try {
    const page = await context.newPage();
    await page.goto(host.url);
    const consentTab = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Connect', exact: true }).first().click();
    const tab = await consentTab;
    await tab.waitForLoadState();
    expect(new URL(tab.url()).origin).toBe(sandbox.url);
    await signInToPlatformIfAsked(tab);
    await tab.getByRole('button', { name: 'Allow', exact: true }).click();
    await expect(tab.locator('body')).toContainText('close this tab');
    await expect(page.getByText(sandbox.platform.admin.name).first()).toBeVisible();
    expect(context.pages().map((p) => p.url())).toHaveLength(2); // the app and one consent tab
  } finally {
    await host.close();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
});
