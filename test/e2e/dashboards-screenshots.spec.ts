// The README's pictures of each dashboard, light and dark. Runs only with SCREENSHOTS=1
// (`SCREENSHOTS=1 npx playwright test test/e2e/dashboards-screenshots.spec.ts`); writes
// docs/screenshots/dashboard-<name>-<theme>.png (SCREENSHOTS_DIR sends them elsewhere while polishing).
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { test, expect as baseExpect } from './fixtures/app';
import { activeSchool, clickConnectDemoSchool, openCourses } from './fixtures/app-actions';

const enabled = process.env.SCREENSHOTS === '1';
const out = process.env.SCREENSHOTS_DIR ?? fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const expect = baseExpect.configure({ timeout: 20_000 });

async function settled(page: Page) {
  // Nothing loading any more, no notice on top, no hover effect under the pointer.
  await expect(page.locator('[aria-busy="true"], .skeleton, .spinner, .progress')).toHaveCount(0);
  for (const dismiss of await page.getByRole('button', { name: 'Dismiss' }).all()) await dismiss.click();
  await page.mouse.move(0, 0);
}

test.describe('@screenshots dashboards', () => {
  test.skip(!enabled, 'set SCREENSHOTS=1 to write the dashboard screenshots');
  test.use({ viewport: { width: 1440, height: 960 }, deviceScaleFactor: 1, timezoneId: 'America/New_York', locale: 'en-US' });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`dashboards, ${colorScheme}`, async ({ page, sandbox }) => {
      test.setTimeout(120_000);
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await clickConnectDemoSchool(page);
      await expect(activeSchool(page)).toHaveText(sandbox.platform.schools[0]!.name);
      const nav = page.getByRole('navigation', { name: 'Main' });

      await openCourses(page);
      await expect(page.getByTestId('courses-table')).toBeVisible();
      await settled(page);
      await page.screenshot({ path: `${out}/dashboard-courses-${colorScheme}.png` });

      await page.getByTestId('courses-table').locator('tbody tr').filter({ has: page.locator('[data-currency]') }).first().getByRole('link').click();
      await expect(page.getByTestId('course-revenue')).toBeVisible();
      // A year shows where learners stall better than a month does.
      await page.getByLabel('Range', { exact: true }).selectOption('last12Months');
      await expect(page.getByTestId('range')).toHaveAttribute('data-from', /.+/);
      await expect(page.locator('figure[data-chart^="Enrollments per month"]')).toBeVisible();
      await settled(page);
      await page.screenshot({ path: `${out}/dashboard-course-${colorScheme}.png` });

      await nav.getByRole('link', { name: 'Orders' }).click();
      await expect(page.getByTestId('orders-table')).toBeVisible();
      await expect(page.getByTestId('orders-table').locator('.is-loading')).toHaveCount(0);
      await settled(page);
      await page.screenshot({ path: `${out}/dashboard-orders-${colorScheme}.png` });

      await nav.getByRole('link', { name: 'Analytics' }).click();
      await expect(page.getByTestId('sales-tiles')).toBeVisible();
      await settled(page);
      await page.screenshot({ path: `${out}/dashboard-analytics-${colorScheme}.png`, fullPage: true });
    });
  }
});
