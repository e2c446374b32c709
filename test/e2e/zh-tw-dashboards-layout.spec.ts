// Analytics, Courses, a course's page and Orders in 繁體中文 (a zh-TW browser, "System" follows it): none of
// their English words is left on screen, amounts are in whole NT dollars where the school sells in TWD, and
// at this window size no table cell's text runs into the next.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/app';
import { IN_CHINESE } from './fixtures/language';
import { en } from '../../shared/i18n/en';

test.use(IN_CHINESE);

/** Every English phrase of these pages' catalogue areas: the parts between placeholders, two words or more. */
function englishPhrases(): string[] {
  const out = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      for (const part of value.split(/\{\{[^}]+\}\}/)) {
        const phrase = part.replace(/[():,.…“”]/g, ' ').trim().replace(/\s+/g, ' ');
        if (/^[A-Za-z]+(?: [A-Za-z']+)+$/.test(phrase)) out.add(phrase);
      }
    } else if (value && typeof value === 'object') for (const v of Object.values(value)) walk(v);
  };
  for (const area of [en.analytics, en.courses, en.orders, en.common.filters, en.common.periods, en.common.completion]) walk(area);
  return [...out];
}

const PHRASES = englishPhrases();

/** The English phrases the page shows, and the words of its column headers and tile labels that are English. */
async function englishOn(page: Page): Promise<string[]> {
  const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
  const found = PHRASES.filter((p) => new RegExp(`(^|[^A-Za-z])${p}([^A-Za-z]|$)`).test(text));
  // Headers and labels are single words too: none may be Latin (MRR, the currency codes excepted).
  const labels = await page.locator('main :is([role=columnheader], th[scope=col], .stat-label, .field-label, label > span, .tab)').allInnerTexts();
  const latin = labels.map((l) => l.replace(/\b(MRR|TWD|USD|EUR|JPY|CSV|[A-Z]{3})\b/g, '')).filter((l) => /[A-Za-z]{3,}/.test(l));
  return [...found, ...latin];
}

/** Text that runs out of its table cell into the next (clipped cells, with an ellipsis, are fine). */
async function overflowingCells(page: Page): Promise<string[]> {
  return page.locator('main :is(td, th, [role=cell], [role=columnheader])').evaluateAll((cells) =>
    cells.filter((c) => c.scrollWidth > c.clientWidth + 1 && getComputedStyle(c).overflowX === 'visible').map((c) => c.textContent ?? ''),
  );
}

test('Analytics, Courses, a course and Orders speak 繁體中文 with nothing running out of its cell', async ({ page, sandbox }) => {
  await page.getByRole('button', { name: '連線', exact: true }).first().click();
  await expect(page.getByTestId('active-school')).toHaveText(sandbox.platform.schools[0]!.name, { timeout: 30_000 });
  const nav = page.getByRole('navigation', { name: '主選單' });

  await nav.getByRole('link', { name: '數據分析' }).click();
  await expect(page.getByTestId('sales-tiles')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: '數據分析' })).toBeVisible();
  expect(await englishOn(page)).toEqual([]);
  for (const view of ['訂閱', '學習']) {
    await page.getByRole('navigation', { name: '數據分析檢視' }).getByRole('button', { name: view }).click();
    await expect(page.getByTestId(view === '訂閱' ? 'subscription-tiles' : 'learning-tiles')).toBeVisible({ timeout: 30_000 });
    expect(await englishOn(page)).toEqual([]);
    expect(await overflowingCells(page)).toEqual([]);
  }

  await nav.getByRole('link', { name: '課程' }).click();
  const courses = page.getByTestId('courses-table');
  await expect(courses.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('course-count')).toHaveText(/^共 \d+ 門課程$/);
  expect(await englishOn(page)).toEqual([]);
  expect(await overflowingCells(page)).toEqual([]);

  await courses.locator('tbody tr').first().getByRole('link').click();
  await expect(page.getByRole('link', { name: '← 所有課程' })).toBeVisible();
  await expect(page.getByRole('group', { name: '課程數據' }).or(page.locator('[aria-label="課程數據"]'))).toBeVisible({ timeout: 30_000 });
  expect(await englishOn(page)).toEqual([]);
  expect(await overflowingCells(page)).toEqual([]);

  await nav.getByRole('link', { name: '訂單' }).click();
  await expect(page.getByTestId('orders-match-count')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('orders-loaded')).toHaveText(/^已載入 [\d,]+ 筆訂單$/);
  expect(await englishOn(page)).toEqual([]);
  expect(await overflowingCells(page)).toEqual([]);
  // An amount in TWD shows whole dollars; one in another currency says which.
  const amounts = await page.locator('[role=row] .num').allInnerTexts();
  expect(amounts.some((a) => /\d/.test(a))).toBe(true);
  expect(amounts.filter((a) => /NT\$/.test(a) && /\.\d\d$/.test(a))).toEqual([]);
});
