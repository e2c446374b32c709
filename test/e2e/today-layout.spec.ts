// Today's layout, at both window sizes (playwright.config.ts runs *-layout specs twice), light and dark,
// English and 繁體中文: nothing scrolls sideways, every currency's sales and every "needs you" row in view; with two
// schools, the all-schools table too.
import type { Page } from '@playwright/test';
import { test, expect as baseExpect } from './fixtures/app';
import { activeSchool, clickConnectDemoSchool, connectDemoSchool, openAccountMenu } from './fixtures/app-actions';
import { switchLanguage } from './fixtures/language';

test.use({ timezoneId: 'America/New_York', locale: 'en-US' });
const expect = baseExpect.configure({ timeout: 20_000 });

async function expectFits(page: Page): Promise<void> {
  await expect(page.locator('table.today-sales-table').first()).toBeVisible();
  // The header names the time zone once.
  const zone = (await page.getByTestId('today-overview').getAttribute('data-time-zone'))!;
  const header = await page.locator('.page-header').innerText();
  expect(header.split(zone).length - 1, `${zone} in the header: ${header}`).toBe(1);
  await expect(page.locator('[data-need]')).toHaveCount(8);
  // Nothing wider than its box: the page, a sales table's scroller, a need's row.
  const overflowing = await page.evaluate(() =>
    [document.documentElement, ...document.querySelectorAll<HTMLElement>('.today-grid .table-scroll, .today-need')]
      .filter((e) => e.scrollWidth > e.clientWidth + 1)
      .map((e) => `${e.className || e.tagName}: ${e.scrollWidth} > ${e.clientWidth}`),
  );
  expect(overflowing).toEqual([]);
  const width = page.viewportSize()!.width;
  for (const box of await page.locator('.today-sales, .today-needs').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(width);
  }
}

/** The all-schools view: both rows with their figures, nothing wider than the window. */
async function expectAllFits(page: Page, allSchools: string): Promise<void> {
  await page.getByRole('group').getByRole('button', { name: allSchools, exact: true }).click();
  const rows = page.getByTestId('today-schools').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) await expect(row).toHaveAttribute('data-reached', 'true');
  const overflowing = await page.evaluate(() =>
    [document.documentElement, ...document.querySelectorAll<HTMLElement>('.table-scroll')]
      .filter((e) => e.scrollWidth > e.clientWidth + 1)
      .map((e) => `${e.className || e.tagName}: ${e.scrollWidth} > ${e.clientWidth}`),
  );
  expect(overflowing).toEqual([]);
}

test("Today fits the window in light and dark, English and 繁體中文", async ({ page, sandbox, consent }) => {
  test.setTimeout(180_000);
  await clickConnectDemoSchool(page);
  await expect(activeSchool(page)).toHaveText(sandbox.platform.schools[0]!.name, { timeout: 30_000 });
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Add a school' }).click();
  consent.school = sandbox.platform.schools[1]!.subdomain;
  await connectDemoSchool(page, sandbox.platform.schools[1]!.name);
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  const size = `${page.viewportSize()!.width}x${page.viewportSize()!.height}`;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await expectFits(page);
    await page.screenshot({ path: test.info().outputPath(`today-${size}-${colorScheme}-en.png`) });
  }
  await expectAllFits(page, 'All schools');
  await page.screenshot({ path: test.info().outputPath(`today-all-${size}-en.png`) });
  await page.getByRole('group').getByRole('button', { name: 'This school', exact: true }).click();
  await switchLanguage(page, '繁體中文');
  await page.getByRole('navigation').getByRole('link', { name: '今日', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: '今日' })).toBeVisible();
  await expect(page.locator('[data-need="unanswered"]')).toContainText('尚未回覆的留言');
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await expectFits(page);
    await page.screenshot({ path: test.info().outputPath(`today-${size}-${colorScheme}-zh.png`) });
  }
  await expectAllFits(page, '所有學校');
  await page.screenshot({ path: test.info().outputPath(`today-all-${size}-zh.png`) });
});
