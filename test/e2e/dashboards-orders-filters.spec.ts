// The Orders filters as an admin reads them: COURSE lists courses by their titles (not "Course · Plan"),
// PRODUCT has no two options that read the same, "Clear filters" resets every filter at once, and the
// text buttons look like the links they are, not like the browser's grey buttons.
import type { Locator, Page } from '@playwright/test';
import { test, expect as baseExpect } from './fixtures/app';
import { activeSchool, clickConnectDemoSchool, openCourses } from './fixtures/app-actions';

test.use({ timezoneId: 'America/New_York', locale: 'en-US' });
const expect = baseExpect.configure({ timeout: 15_000 });

async function optionLabels(select: Locator): Promise<string[]> {
  return select.locator('option').allTextContents();
}

/** A button drawn by the browser (grey face, outset border) rather than by the app's styles. */
async function looksNative(button: Locator): Promise<boolean> {
  return button.evaluate((el) => {
    const style = getComputedStyle(el);
    return style.borderStyle !== 'none' || (style.backgroundColor !== 'rgba(0, 0, 0, 0)' && style.backgroundColor !== 'transparent');
  });
}

async function matchCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('orders-match-count').getAttribute('data-count'));
}

test('Orders filters: course titles, products told apart, Clear filters resets them all', async ({ page, sandbox }) => {
  await clickConnectDemoSchool(page);
  await expect(activeSchool(page)).toHaveText(sandbox.platform.schools[0]!.name, { timeout: 30_000 });
  // The courses as the Courses dashboard lists them (every course of the school, by title).
  await openCourses(page);
  const courseLinks = page.getByTestId('courses-table').locator('tbody tr').getByRole('link');
  await expect(courseLinks.first()).toBeVisible();
  const titles = new Set(await courseLinks.allTextContents());

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByTestId('orders-table').locator('[role="row"][data-index="0"]')).toBeVisible();
  // The first sync shows its rows as they arrive: the filters' choices are read once every order is in.
  await expect(page.getByTestId('orders-match-count')).toHaveAttribute('data-count', String(sandbox.platform.data.get(sandbox.platform.schools[0]!.id)!.orders.count));
  await expect(page.getByTestId('partial-sync')).toHaveCount(0);
  const all = await matchCount(page);

  const course = page.getByLabel('Course', { exact: true });
  const courseOptions = (await optionLabels(course)).slice(1);
  expect(courseOptions.length).toBeGreaterThan(5);
  expect(courseOptions.filter((o) => !titles.has(o)), 'COURSE options that are not a course title').toEqual([]);

  const product = page.getByLabel('Product', { exact: true });
  const productOptions = (await optionLabels(product)).slice(1);
  expect(productOptions.length).toBeGreaterThan(5);
  expect(productOptions.filter((o, i) => productOptions.indexOf(o) !== i), 'PRODUCT options that read the same').toEqual([]);

  // Nothing to clear yet.
  const clear = page.getByRole('button', { name: 'Clear filters' });
  await expect(clear).toHaveCount(0);

  // Set a state, a currency, a course and a search; every one narrows, Clear filters undoes them all.
  const states = page.getByRole('group', { name: 'Order state' });
  await states.getByRole('button', { name: 'Paid', exact: true }).click();
  const anyState = states.getByRole('button', { name: 'Any state' });
  await expect(anyState).toBeVisible();
  expect(await looksNative(anyState), '"Any state" drawn as a native button').toBe(false);
  await page.getByLabel('Currency', { exact: true }).selectOption('USD');
  await course.selectOption({ label: courseOptions[0]! });
  await expect.poll(() => matchCount(page)).toBeLessThan(all);
  await expect(clear).toBeVisible();
  expect(await looksNative(clear), '"Clear filters" drawn as a native button').toBe(false);
  await expect(clear).toBeInViewport();

  await clear.click();
  await expect.poll(() => matchCount(page)).toBe(all);
  await expect(course).toHaveValue('');
  await expect(page.getByLabel('Currency', { exact: true })).toHaveValue('');
  await expect(states.getByRole('button', { name: 'Paid', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(clear).toHaveCount(0);

  // A product that shares its name with another filters to its own orders only.
  const shared = productOptions.find((o) => / · last sold /.test(o));
  if (shared) {
    await product.selectOption({ label: shared });
    await expect.poll(() => matchCount(page)).toBeLessThan(all);
    await page.getByRole('searchbox', { name: 'Search orders' }).fill('T1');
    await expect(clear).toBeVisible();
    await clear.click();
    await expect(product).toHaveValue('');
    await expect(page.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('');
    await expect.poll(() => matchCount(page)).toBe(all);
  }
});
