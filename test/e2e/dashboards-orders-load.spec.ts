// The first load of a school's orders is long work: it shows its progress and can be cancelled, losing
// nothing; loading again brings every order.
import { test, expect as baseExpect } from './fixtures/app';
import { activeSchool, clickConnectDemoSchool, openCourses } from './fixtures/app-actions';

const expect = baseExpect.configure({ timeout: 20_000 });

test('the first orders load shows progress and Cancel; after a cancel, Load orders brings them all', async ({ page, sandbox }) => {
  await clickConnectDemoSchool(page);
  await expect(activeSchool(page)).toHaveText(sandbox.platform.schools[0]!.name);
  await openCourses(page);
  await expect(page.getByTestId('courses-table')).toBeVisible();

  // A slow platform: each page of 1,000 orders takes a while, so the load is still running when we look.
  sandbox.knobs.set({ latencyMs: 2_000 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
  const progress = page.getByRole('progressbar', { name: /orders/i });
  await expect(progress).toBeVisible();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Loading was cancelled' })).toBeVisible();
  await expect(progress).toHaveCount(0);
  await expect(page.getByTestId('orders-table')).toHaveCount(0);

  sandbox.knobs.set({ latencyMs: 0 });
  await page.getByRole('button', { name: 'Load orders' }).click();
  await expect(page.getByTestId('orders-table')).toBeVisible();
  const school = sandbox.platform.schools[0]!;
  const expected = sandbox.platform.data.get(school.id)!.orders.count;
  await expect(page.getByTestId('orders-match-count')).toHaveAttribute('data-count', String(expected));
});

test('the orders table works from the keyboard: arrows move between rows, End reaches the last, Enter opens it', async ({ page, sandbox }) => {
  await clickConnectDemoSchool(page);
  await expect(activeSchool(page)).toHaveText(sandbox.platform.schools[0]!.name);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
  const table = page.getByTestId('orders-table');
  // The first sync shows its rows as they arrive: the last row is the last once every order is in.
  const total = sandbox.platform.data.get(sandbox.platform.schools[0]!.id)!.orders.count;
  await expect(page.getByTestId('orders-match-count')).toHaveAttribute('data-count', String(total));
  await expect(page.getByTestId('partial-sync')).toHaveCount(0);
  expect(total).toBeGreaterThan(10);

  await table.locator('[role="row"][data-index="0"]').focus();
  await page.keyboard.press('ArrowDown');
  await expect(table.locator('[role="row"][data-index="1"]')).toBeFocused();
  await page.keyboard.press('End');
  const last = table.locator(`[role="row"][data-index="${total - 1}"]`);
  await expect(last).toBeFocused();
  await expect(last).toHaveAttribute('aria-rowindex', String(total + 1));
  await expect(last).toHaveAttribute('data-order-id', /.+/);
  const trade = (await last.locator('[role="cell"]').first().textContent())!;
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog').getByRole('heading', { name: `Order ${trade}` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
