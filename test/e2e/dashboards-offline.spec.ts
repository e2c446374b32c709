// Offline review: what the admin has seen stays on screen with no platform, with its age and an offline
// notice; when the platform is back the dashboards refresh by themselves. The platform really goes away
// (the sandbox is closed, the port refuses connections) and comes back on the same port with the same data.
import type { Page } from '@playwright/test';
import { expect as baseExpect } from './fixtures/app';
import { restartableSandboxTest } from './fixtures/restartable-sandbox';
import { startSandbox } from '../sandbox';
import { activeSchool, clickConnectDemoSchool, openCourses } from './fixtures/app-actions';

const SEED = 11;
const ORDERS = 2000;
const expect = baseExpect.configure({ timeout: 15_000 });

// The same sandbox as the shared fixture, on an explicit port with a fixed seed, so a restart is the same
// platform, and a close the test may call first.
const test = restartableSandboxTest({ seed: SEED, orders: ORDERS });

function figureAges(page: Page) {
  return page.getByTestId('figure-age');
}

test('stop the platform, reload: the dashboards still show from the cache, with their age; restart it: they refresh by themselves', async ({ page, sandbox, host }) => {
  // Reads with the platform gone wait out the engine's retries before the cache answers: allow for that.
  test.setTimeout(120_000);
  await clickConnectDemoSchool(page);
  await expect(activeSchool(page)).toHaveText(sandbox.platform.schools[0]!.name);

  // Look at each dashboard once, online.
  await openCourses(page);
  await expect(page.getByTestId('courses-table')).toBeVisible();
  const courseCount = (await page.getByTestId('course-count').textContent())!;
  const firstCourse = (await page.getByTestId('courses-table').locator('tbody tr').first().textContent())!;
  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  // The first sync shows its rows as they arrive: look once every order is in (the platform's own count).
  const orderCount = String(sandbox.platform.data.get(sandbox.platform.schools[0]!.id)!.orders.count);
  await expect(page.getByTestId('orders-match-count')).toHaveAttribute('data-count', orderCount);
  await expect(page.getByTestId('partial-sync')).toHaveCount(0);
  await page.getByRole('link', { name: 'Analytics', exact: true }).click();
  await expect(page.getByTestId('sales-tiles')).toBeVisible();
  const net = (await page.getByTestId('sales-tiles').locator('[data-tile="net"]').getAttribute('data-value'))!;
  await expect(figureAges(page).first()).toHaveAttribute('data-from-cache', 'false');

  // The platform goes away; the app's probe notices (its interval, run now rather than waited for).
  const port = sandbox.port;
  await sandbox.close();
  await host.services.probe.check();
  await expect(page.getByTestId('app-status')).toContainText(/offline/i);
  await page.reload();

  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByTestId('sales-tiles').locator('[data-tile="net"]')).toHaveAttribute('data-value', net);
  await expect(figureAges(page).first()).toHaveAttribute('data-from-cache', 'true');
  await expect(figureAges(page).first()).toContainText('offline: shown from the copy saved');

  await page.getByRole('link', { name: 'Courses', exact: true }).click();
  await expect(page.getByTestId('course-count')).toHaveText(courseCount);
  await expect(page.getByTestId('courses-table').locator('tbody tr').first()).toHaveText(firstCourse);
  await expect(figureAges(page).first()).toContainText('offline: shown from the copy saved');
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page.getByTestId('orders-match-count')).toHaveAttribute('data-count', orderCount);
  await expect(page.getByTestId('offline-banner')).toBeVisible();

  // The platform comes back on the same address with the same data and grants; the probe notices (run now
  // rather than waited for) and the dashboards refresh by themselves, without a reload or a click.
  const again = await startSandbox({ port, seed: SEED, orders: ORDERS, quiet: true });
  try {
    await host.services.probe.check();
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
    await expect(page.getByTestId('app-status')).toContainText('Online');
    await page.getByRole('link', { name: 'Courses', exact: true }).click();
    await expect(page.getByTestId('course-count')).toHaveText(courseCount);
    await expect(page.getByRole('button', { name: 'Sign in again' })).toHaveCount(0);
    await expect(figureAges(page).first()).toHaveAttribute('data-from-cache', 'false', { timeout: 30_000 });
    await expect(figureAges(page).first()).toContainText('updated');
    await expect(page.getByTestId('course-count')).toHaveText(courseCount);
    await expect(page.getByTestId('courses-table').locator('tbody tr').first()).toHaveText(firstCourse);
  } finally {
    await again.close();
  }
});
