// The app in 繁體中文: a zh-TW browser gets the Connect screen and the frame in Chinese ("System" follows the
// browser), and Settings › Language switches the whole page at once, without a reload, both ways.
import { expect, test } from './fixtures/app';
import { IN_CHINESE, switchLanguage } from './fixtures/language';

test.use(IN_CHINESE);

test('a zh-TW browser sees the app in 繁體中文, and the Settings switch applies at once without a reload', async ({ page, sandbox }) => {
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('連結你的學校');
  await page.getByRole('button', { name: '連線', exact: true }).first().click();
  await expect(page.getByTestId('active-school')).toHaveText(sandbox.platform.schools[0]!.name, { timeout: 30_000 });

  const nav = page.getByRole('navigation', { name: '主選單' });
  await expect(nav.getByRole('link', { name: '課程' })).toBeVisible();
  await expect(page.getByTestId('app-status')).toContainText('已連線');

  // A mark on the window: a reload would drop it.
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await switchLanguage(page, 'English');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' })).toBeVisible();
  await switchLanguage(page, '繁體中文');
  await expect(page.getByRole('heading', { level: 1, name: '設定' })).toBeVisible();
  await expect(nav.getByRole('link', { name: '訂單' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // The choice is the main process's setting: kept across a reload.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '設定' })).toBeVisible();
  await expect(page.getByRole('radio', { name: '繁體中文' })).toBeChecked();

  // Nothing in the shell's sidebar runs out of its box in Chinese.
  const overflow = await page.locator('.sidebar *').evaluateAll((nodes) => nodes.filter((n) => n.scrollWidth > n.clientWidth + 1 && getComputedStyle(n).overflowX === 'visible' && n.children.length === 0).map((n) => n.textContent));
  expect(overflow).toEqual([]);
});
