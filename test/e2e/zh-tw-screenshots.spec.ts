// The README's screenshots in 繁體中文, beside the English ones: the same pages, named as the English files
// are, in docs/screenshots/zh-TW/, signed in to the Taiwanese demo school (TWD, Asia/Taipei) at 1440×900,
// light and dark. Runs only with SCREENSHOTS=1 (`SCREENSHOTS=1 npx playwright test
// test/e2e/zh-tw-screenshots.spec.ts --project=1440x900`). The pages are reached by their address, not by their
// English link text. With SCREENSHOTS_DIR the pictures go there, plus Activity at 1280×720 to look at.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect as baseExpect } from './fixtures/app';
import { IN_CHINESE } from './fixtures/language';
import { SCREENSHOT_DIR, SCREENSHOTS_ENABLED } from './fixtures/screenshot-pages';

const expect = baseExpect.configure({ timeout: 30_000 });
const out = process.env.SCREENSHOTS_DIR ?? join(SCREENSHOT_DIR, 'zh-TW');
const MOD = process.platform === 'darwin' ? 'Meta' : 'Control';

/** Nothing loading, no notice on top (its close button is 「關閉」), no hover under the pointer, no focus ring. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"], .skeleton, .spinner, .progress')).toHaveCount(0);
  const dismiss = page.locator('.notice').getByRole('button', { name: '關閉' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

async function go(page: Page, route: string): Promise<void> {
  await page.goto(new URL(`#${route}`, page.url()).toString());
}

test.describe('@screenshots 繁體中文', () => {
  test.skip(!SCREENSHOTS_ENABLED, 'set SCREENSHOTS=1 to write the README screenshots');
  test.use({ ...IN_CHINESE, viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the main pages in 繁體中文, ${colorScheme}`, async ({ page, sandbox, consent }) => {
      test.setTimeout(300_000);
      const shot = async (name: string, fullPage = false) => {
        await settled(page);
        await page.screenshot({ path: `${out}/${name}-${colorScheme}.png`, fullPage });
      };
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      const school = sandbox.platform.schools.find((s) => s.currency === 'TWD')!;
      const data = sandbox.platform.data.get(school.id)!;
      consent.school = school.subdomain;
      await page.getByRole('button', { name: '連線', exact: true }).first().click();
      await expect(page.getByTestId('active-school')).toHaveText(school.name);

      await go(page, '/analytics');
      await expect(page.getByTestId('sales-tiles').locator('.stat-tile').first()).toBeVisible();
      await shot('signed-in');
      await shot('dashboard-analytics');

      await go(page, '/courses');
      await expect(page.getByTestId('courses-table').locator('tbody tr').first()).toBeVisible();
      await shot('dashboard-courses');
      const course = data.catalog.courses.map((c) => c.course).find((c) => c.state === 'published' && /\p{Script=Han}/u.test(c.title))!;
      await go(page, `/courses/${encodeURIComponent(course.id)}`);
      await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
      await expect(page.getByTestId('stalled-learners')).toBeVisible();
      await shot('dashboard-course');

      // A write, worded in Chinese: the confirmation, then the notice with Undo (undone after the picture).
      await page.getByRole('button', { name: '取消發布', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: `要取消發布「${course.title}」嗎？` });
      await confirm.getByRole('button', { name: '取消發布', exact: true }).click();
      await confirm.getByRole('button', { name: '授予權限' }).click();
      const done = page.locator('.notice').filter({ hasText: `已取消發布「${course.title}」` });
      await expect(done).toBeVisible();
      await page.mouse.move(0, 0);
      await page.screenshot({ path: `${out}/writes-done-${colorScheme}.png` });
      await done.getByRole('button', { name: '復原' }).click();
      await expect(page.locator('.notice').filter({ hasText: `已發布「${course.title}」` })).toBeVisible();

      await go(page, '/orders');
      await expect(page.getByTestId('orders-table').locator('[role="row"][data-index="0"]')).toBeVisible();
      await expect(page.getByTestId('orders-table').locator('.is-loading')).toHaveCount(0);
      await shot('dashboard-orders');

      await go(page, '/coupons');
      await expect(page.getByTestId('coupons-table')).toBeVisible();
      await shot('writes-coupons');
      await go(page, '/coupons/new');
      await expect(page.getByRole('form')).toBeVisible();
      await shot('writes-new-coupon');
      await go(page, '/subscriptions');
      await expect(page.getByTestId('subscription-lists')).toBeVisible();
      await shot('writes-subscriptions', true);

      await go(page, '/activity');
      await expect(page.getByRole('table', { name: '操作紀錄' }).locator('tbody tr')).toHaveCount(2);
      await shot('writes-activity');
      if (process.env.SCREENSHOTS_DIR) {
        await page.setViewportSize({ width: 1280, height: 720 });
        await shot('writes-activity-1280');
        await page.setViewportSize({ width: 1440, height: 900 });
      }

      await go(page, '/students');
      await expect(page.getByTestId('students-match-count')).toBeVisible();
      await shot('students');
      await go(page, `/students/${encodeURIComponent(data.students.id(0))}`);
      await expect(page.getByTestId('student-profile')).toBeVisible();
      await shot('people-profile');
      await go(page, '/members');
      await expect(page.getByRole('heading', { level: 1, name: '會員' })).toBeVisible();
      await shot('people-members');

      await go(page, '/events');
      await expect(page.getByRole('heading', { level: 1, name: '活動' })).toBeVisible();
      await shot('events');
      const events = page.getByTestId('events-table');
      if (await events.isVisible()) {
        await events.locator('tbody tr th a').first().click();
        await expect(page.getByTestId('attendees-table').or(page.getByText('還沒有參加者'))).toBeVisible();
        await shot('event');
      }
      await go(page, '/comments');
      await expect(page.getByTestId('comment-list').or(page.getByText('還沒有留言'))).toBeVisible();
      await shot('comments');

      // The palette finding a course by two Chinese characters of its title.
      await go(page, '/analytics');
      await expect(page.getByTestId('sales-tiles').locator('.stat-tile').first()).toBeVisible();
      await settled(page);
      await page.keyboard.press(`${MOD}+k`);
      const palette = page.getByRole('dialog', { name: '快速指令' });
      await expect(palette.getByRole('combobox')).toBeFocused();
      await page.keyboard.type(course.title.match(/\p{Script=Han}{2}/u)![0]);
      await expect(palette.getByTestId('palette-searched')).toContainText('已搜尋');
      await page.mouse.move(0, 0);
      await page.screenshot({ path: `${out}/palette-${colorScheme}.png` });
    });
  }
});
