// One online state, one offline notice (issue 9, items 3 and 9). Online or offline is the main process's
// probe of the platform, delivered to the page as app.status; the browser's own idea (the window's
// online/offline events) pauses nothing and decides nothing. With the platform really gone (the sandbox
// closed, its port refusing connections), a reload never shows a green "Online", there is exactly one
// offline notice, and a view never opened says that nothing is saved for it yet, and what to do.
// Run at 1440×900 and 1280×720.
import type { Page } from '@playwright/test';
import { expect as baseExpect } from './fixtures/app';
import { restartableSandboxTest } from './fixtures/restartable-sandbox';
import { activeSchool, clickConnectDemoSchool, connectedAccounts, openAccountMenu, openCourses } from './fixtures/app-actions';

const expect = baseExpect.configure({ timeout: 15_000 });

const test = restartableSandboxTest({ seed: 11, orders: 2000 });

/** Every live region or alert that talks about being offline or the platform being out of reach. */
function offlineNotices(page: Page) {
  return page.locator('[role="status"], [role="alert"]').filter({ hasText: /offline|can.t be reached|cannot be reached|could not be reached/i });
}

/** Records, from the first paint of every page load on, whether the sidebar ever showed a green "Online". */
async function watchForGreenOnline(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = () => {
      if (document.querySelector('.status-dot-online')) (window as unknown as { __sawOnline: boolean }).__sawOnline = true;
    };
    (window as unknown as { __sawOnline: boolean }).__sawOnline = false;
    new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
}

async function sawGreenOnline(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __sawOnline: boolean }).__sawOnline);
}

async function expectOneOfflineNotice(page: Page): Promise<void> {
  await expect(page.getByTestId('offline-banner')).toHaveCount(1);
  await expect(offlineNotices(page)).toHaveCount(1);
  await expect(page.getByText(/what was loaded before is still shown/i)).toHaveCount(0);
  await expect(page.getByTestId('app-status')).toContainText('Offline');
  await expect(page.locator('.status-dot-online')).toHaveCount(0);
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
]) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("the window's offline event pauses nothing: a dashboard not opened before loads, and sign-out still runs", async ({ page, sandbox, host }) => {
      await clickConnectDemoSchool(page);
      const school = sandbox.platform.schools[0]!;
      await expect(activeSchool(page)).toHaveText(school.name, { timeout: 30_000 });
      await openCourses(page);
      await expect(page.getByTestId('courses-table')).toBeVisible();

      // Wi-Fi off, as far as the page can tell (the event the OS sends through Chromium). Not
      // context.setOffline: that would cut the page from the app itself (the loopback bridge), which no
      // Wi-Fi switch does. The platform is still reachable, and the probe says so.
      await page.evaluate(() => window.dispatchEvent(new Event('offline')));

      // Never opened: loads from the platform (before the fix react-query paused it for good).
      await page.getByRole('link', { name: 'Analytics', exact: true }).click();
      await expect(page.getByTestId('sales-tiles').locator('[data-tile="net"]')).toHaveAttribute('data-value', /\d/);
      await expect(page.getByTestId('figure-age').first()).toHaveAttribute('data-from-cache', 'false');
      await page.getByRole('link', { name: 'Orders', exact: true }).click();
      await expect(page.getByTestId('orders-match-count')).toHaveAttribute('data-count', /[1-9]/);
      // The browser's opinion decides nothing: the app says online because the platform answers.
      await expect(page.getByTestId('app-status')).toContainText('Online');
      await expect(page.getByTestId('offline-banner')).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath('window-offline-orders.png') });

      // A mutation runs too: sign out completes and the main process no longer holds the school.
      await openAccountMenu(page);
      await page.getByRole('menuitem', { name: `Sign out of ${school.name}` }).click();
      await page.getByRole('dialog', { name: `Sign out of ${school.name}?` }).getByRole('button', { name: 'Sign out', exact: true }).click();
      await expect(page.getByText(`Signed out of ${school.name}`, { exact: true })).toBeVisible();
      expect(await connectedAccounts(host)).toEqual([]);
    });

    test('platform gone and the page reloaded: never a green "Online", one offline notice, and a view never opened says nothing is saved for it', async ({
      page,
      sandbox,
    }) => {
      // Reads with the platform gone may wait out the engine's retries before they fail: allow for that.
      test.setTimeout(120_000);
      // Sign-in lands on Today, which starts the first sync of the orders: the platform goes away in the
      // middle of it (its order pages held unanswered), so the views built on the orders have nothing saved.
      sandbox.holdList('listOrders');
      await clickConnectDemoSchool(page);
      await expect(activeSchool(page)).toHaveText(sandbox.platform.schools[0]!.name, { timeout: 30_000 });
      await openCourses(page);
      await expect(page.getByTestId('courses-table')).toBeVisible();
      const courseCount = (await page.getByTestId('course-count').textContent())!;
      await expect(page.getByTestId('app-status')).toContainText('Online');

      // The platform dies; nobody nudges the probe (its interval is 30 s). The admin reloads the page.
      await sandbox.close();
      await watchForGreenOnline(page);
      await page.reload();

      // The view seen before answers from the saved copy, under exactly one offline notice.
      await expect(page.getByTestId('course-count')).toHaveText(courseCount);
      await expect(page.getByTestId('figure-age').first()).toContainText('offline: shown from the copy saved');
      await expectOneOfflineNotice(page);
      await page.screenshot({ path: test.info().outputPath('reload-courses-offline.png') });

      // Views never opened: nothing saved for them yet, and what to do about it; not "still shown".
      await page.getByRole('link', { name: 'Analytics', exact: true }).click();
      const nothingSaved = page.getByTestId('nothing-saved-offline');
      await expect(nothingSaved).toContainText('Nothing saved for the sales report yet');
      await expect(nothingSaved).toContainText('Reconnect to load it');
      await expect(nothingSaved.getByRole('button', { name: 'Try again' })).toBeVisible();
      await expectOneOfflineNotice(page);
      await page.screenshot({ path: test.info().outputPath('reload-analytics-nothing-saved.png') });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.screenshot({ path: test.info().outputPath('reload-analytics-nothing-saved-dark.png') });
      await page.emulateMedia({ colorScheme: 'light' });

      await page.getByRole('link', { name: 'Orders', exact: true }).click();
      await expect(nothingSaved).toContainText('Nothing saved for the Orders dashboard yet');
      await expectOneOfflineNotice(page);
      await page.screenshot({ path: test.info().outputPath('reload-orders-nothing-saved.png') });

      expect(await sawGreenOnline(page), 'a green "Online" was drawn while the platform was gone').toBe(false);
    });
  });
}

test.describe('1280×720', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('a read that cannot reach the platform makes the probe look again at once: Offline without waiting for its interval', async ({ page, sandbox }) => {
    test.setTimeout(90_000);
    // Today's first sync of the orders never finishes before the platform goes (see above).
    sandbox.holdList('listOrders');
    await clickConnectDemoSchool(page);
    await expect(activeSchool(page)).toHaveText(sandbox.platform.schools[0]!.name, { timeout: 30_000 });
    await openCourses(page);
    await expect(page.getByTestId('courses-table')).toBeVisible();
    await expect(page.getByTestId('app-status')).toContainText('Online');

    // No reload, no nudge of the probe (its interval is 30 s): only the failed reads tell the main process.
    await sandbox.close();
    await page.getByRole('link', { name: 'Analytics', exact: true }).click();
    await expect(page.getByTestId('nothing-saved-offline')).toContainText('Nothing saved for the sales report yet', { timeout: 20_000 });
    await expect(page.getByTestId('app-status')).toContainText('Offline', { timeout: 5_000 });
    await expectOneOfflineNotice(page);
  });
});
