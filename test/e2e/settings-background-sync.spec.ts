// Settings › Background sync: how often the data engine checks each school for changes; the choice is kept
// by the main process (a reload, another window) and is the schedule's interval from its next turn.
import { test, expect } from './fixtures/app';
import { connectDemoSchool } from './fixtures/app-actions';
import { expectNoSideways, settled } from './fixtures/screenshot-pages';

test('the background sync interval: 15 minutes by default, a choice survives a reload', async ({ page, sandbox }, testInfo) => {
  await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
  await page.getByRole('link', { name: 'Settings' }).click();
  const interval = page.getByRole('combobox', { name: 'Check each school for changes' });
  await expect(interval).toBeEnabled();
  await expect(interval).toHaveValue('15');
  await interval.selectOption({ label: 'Every 5 minutes' });
  await expect(interval).toHaveValue('5');
  // Kept by the main process: a reload reads it back from there.
  await page.waitForTimeout(300);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Check each school for changes' })).toHaveValue('5');

  await page.getByRole('combobox', { name: 'Check each school for changes' }).scrollIntoViewIfNeeded();
  await settled(page);
  await expectNoSideways(page);
  await page.screenshot({ path: testInfo.outputPath('settings-background-sync.png'), fullPage: false });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: testInfo.outputPath('settings-background-sync-dark.png'), fullPage: false });
});
