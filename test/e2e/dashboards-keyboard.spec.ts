// Keyboard users keep their place: arrows move through the Courses rows as through the Orders rows (one Tab
// stop per table), an order's drawer gives focus back to the row or link that opened it without scrolling
// the page, and an order opened from a course's page closes back to that course.
import type { Page } from '@playwright/test';
import { test, expect as baseExpect } from './fixtures/app';
import { activeSchool, clickConnectDemoSchool, openCourses } from './fixtures/app-actions';

test.use({ timezoneId: 'America/New_York', locale: 'en-US' });
const expect = baseExpect.configure({ timeout: 15_000 });

async function signedIn(page: Page, school: string): Promise<void> {
  await clickConnectDemoSchool(page);
  await expect(activeSchool(page)).toHaveText(school, { timeout: 30_000 });
}

/** Where the page is scrolled to (the document or the frame's content column, whichever scrolls). */
function scrollPosition(page: Page): Promise<number[]> {
  return page.evaluate(() => [document.scrollingElement!.scrollTop, document.getElementById('main')!.scrollTop]);
}

test('Courses: arrow keys, PageDown and Home/End move through the rows, one Tab stop, Enter opens', async ({ page, sandbox }) => {
  await signedIn(page, sandbox.platform.schools[0]!.name);
  await openCourses(page);
  const table = page.getByTestId('courses-table');
  const links = table.locator('tbody tr').getByRole('link');
  await expect(links.first()).toBeVisible();
  const count = await links.count();
  expect(count).toBeGreaterThan(10);

  // One Tab stop for the rows: Tab from the last filter lands on the first course, the next Tab leaves the table.
  await expect(table.locator('tbody [tabindex="0"]')).toHaveCount(1);
  await links.first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(links.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(links.nth(2)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(links.nth(1)).toBeFocused();
  await page.keyboard.press('PageDown');
  await expect(links.nth(11)).toBeFocused();
  await page.keyboard.press('End');
  await expect(links.nth(count - 1)).toBeFocused();
  await expect(links.nth(count - 1)).toBeInViewport();
  await page.keyboard.press('ArrowDown'); // stays on the last row
  await expect(links.nth(count - 1)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(links.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(table.locator('tbody [tabindex="0"]')).toHaveCount(1);
  await expect(links.nth(1)).toHaveAttribute('tabindex', '0');
  // Tab leaves the table from the current row (no stop on every course).
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('tbody') === null)).toBe(true);

  const title = (await links.nth(1).textContent())!;
  await links.nth(1).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('Orders: Escape from an order gives focus back to its row, where the page was', async ({ page, sandbox }) => {
  await signedIn(page, sandbox.platform.schools[0]!.name);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
  const table = page.getByTestId('orders-table');
  await expect(table.locator('.is-loading')).toHaveCount(0);
  await table.locator('[role="row"][data-index="0"]').focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
  const row = table.locator('[role="row"][data-index="4"]');
  await expect(row).toBeFocused();
  const orderId = await row.getAttribute('data-order-id');
  const before = await scrollPosition(page);

  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('heading', { name: /^Order T/ })).toBeVisible();
  expect(page.url()).toContain(`#/orders/${orderId}`);
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  expect(page.url()).toMatch(/#\/orders$/);
  await expect(row).toBeFocused();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).not.toBeFocused();
  expect(await scrollPosition(page)).toEqual(before);
  // And the arrows carry on from there.
  await page.keyboard.press('ArrowDown');
  await expect(table.locator('[role="row"][data-index="5"]')).toBeFocused();

  // Close (the button) does the same. Inside, Tab and Shift+Tab stay in the drawer from its heading.
  await page.keyboard.press('Enter');
  await expect(drawer.getByRole('heading', { name: /^Order T/ })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(drawer.getByRole('button', { name: 'Close' })).toBeFocused();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toHaveCount(0);
  await expect(table.locator('[role="row"][data-index="5"]')).toBeFocused();
});

test('an order opened from a course page closes back to that course, focus on its link', async ({ page, sandbox }) => {
  await signedIn(page, sandbox.platform.schools[0]!.name);
  await openCourses(page);
  await page.getByTestId('courses-table').locator('tbody tr').filter({ has: page.locator('[data-currency]') }).first().getByRole('link').click();
  const courseTitle = page.getByRole('heading', { level: 1 });
  await expect(page.getByTestId('course-revenue')).toBeVisible();
  // The page is whole (its stalled learners counted too) before its scroll position is taken.
  await expect(page.getByTestId('stalled-learners')).toContainText(/Stalled learners \(/);
  const title = (await courseTitle.textContent())!;
  const coursePath = new URL(page.url()).hash;
  const orders = page.getByRole('table', { name: "This course's orders" });
  const link = orders.getByRole('link').first();
  await link.focus();
  const number = (await link.textContent())!;
  const before = await scrollPosition(page);

  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: `Order ${number}` });
  await expect(drawer).toBeVisible();
  // The course stays underneath: the drawer is over its page, not over the Orders list.
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeAttached();
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  expect(new URL(page.url()).hash).toBe(coursePath);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(link).toBeFocused();
  expect(await scrollPosition(page)).toEqual(before);
});

test('an order opened from its address closes to the Orders list', async ({ page, sandbox }) => {
  await signedIn(page, sandbox.platform.schools[0]!.name);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
  const row = page.getByTestId('orders-table').locator('[role="row"][data-index="0"]');
  const orderId = (await row.getAttribute('data-order-id'))!;
  await page.goto(page.url().replace(/#.*$/, `#/orders/${encodeURIComponent(orderId)}`));
  await page.reload();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('heading', { name: /^Order T/ })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  expect(page.url()).toMatch(/#\/orders$/);
});
