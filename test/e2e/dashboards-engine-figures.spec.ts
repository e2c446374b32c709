// A platform as its spec describes it has no report endpoints (only our sandbox adds them): Analytics must
// still show the right figures, computed by the app's engine from the school's synced orders and
// subscriptions. Every expected figure is recomputed here by brute force over the platform's raw lists,
// read with the test's own OAuth client.
import { test, expect as baseExpect } from './fixtures/app';
import { expectSalesEqualPlatform, expectSubscriptionsEqualPlatform, shownRange, signedIn } from './fixtures/figures';
import type { Order, Subscription } from '../../shared/platform/resources';

const expect = baseExpect.configure({ timeout: 30_000 });

test.use({ sandboxWithout: ['getSalesReport', 'getSubscriptionsReport'] });

test('Analytics › Sales and Subscriptions without the platform\'s report endpoints: the engine syncs and computes them, and they are right', async ({ page, sandbox, context }) => {
  // The platform holds its order pages: the first sync (which sign-in starts, for Today) is still running
  // when Analytics opens, and the page shows the sync its figures wait on, with its progress.
  const release = sandbox.holdList('listOrders');
  const api = await signedIn(page, sandbox, context);
  // The platform really has no such endpoints: not in its document, 404 when asked.
  const document = (await (await fetch(`${sandbox.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, { operationId?: string }>> };
  const operations = Object.values(document.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
  expect(operations).toContain('listOrders');
  expect(operations).not.toContain('getSalesReport');
  expect(operations).not.toContain('getSubscriptionsReport');
  expect(await api.status('/api/v1/analytics/sales?from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z')).toBe(404);

  await page.getByRole('link', { name: 'Analytics', exact: true }).click();
  // Then a slow platform with small pages: once the held pages go, the rest of the sync takes a while. Only the
  // orders are slow: the students these figures also wait on (their sync runs first) would otherwise take the
  // progress bar's whole wait at 50 a second.
  sandbox.knobs.set({ latencyMs: 1000, slowPaths: ['/api/v1/orders'], pageSizes: [50] });
  release();
  const progress = page.getByTestId('sync-progress');
  await expect(progress).toBeVisible();
  await expect(progress.getByRole('progressbar')).toHaveAccessibleName(/orders to compute the sales figures here/);
  await expect(progress.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('analytics-sales-syncing.png') });
  sandbox.knobs.set({ latencyMs: 0, pageSizes: null });
  const orders = await api.list<Order>('/api/v1/orders');
  const range = await shownRange(page);
  const tiles = page.getByTestId('sales-tiles');
  await expect(tiles).toBeVisible();
  await expect(progress).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);

  await expectSalesEqualPlatform(page, orders, range);

  // Subscriptions: MRR, active, new and churned subscribers and the past-due list per currency, from the oracle.
  await page.getByRole('button', { name: 'Subscriptions', exact: true }).click();
  const subscriptions = await api.list<Subscription>('/api/v1/subscriptions');
  await expectSubscriptionsEqualPlatform(page, subscriptions, range);
  await page.screenshot({ path: test.info().outputPath('analytics-subscriptions-engine.png') });
});
