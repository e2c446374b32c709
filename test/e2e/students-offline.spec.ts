// Offline, the Students page answers from the synced copy: the platform really goes away (the sandbox is
// closed), the page is reloaded, and the students are there with their age and the offline notice; search
// still answers, from the data engine.
import { expect as baseExpect } from './fixtures/app';
import { restartableSandboxTest } from './fixtures/restartable-sandbox';
import { activeSchool, clickConnectDemoSchool } from './fixtures/app-actions';

const expect = baseExpect.configure({ timeout: 20_000 });

const test = restartableSandboxTest();

test('with the platform gone, the synced students answer, with their age and the offline notice', async ({ page, sandbox, host }) => {
  test.setTimeout(120_000);
  await clickConnectDemoSchool(page);
  await expect(activeSchool(page)).toHaveText(sandbox.platform.schools[0]!.name);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Students' }).click();
  const count = page.getByTestId('students-match-count');
  const school = sandbox.platform.data.get(sandbox.platform.schools[0]!.id)!;
  await expect(count).toHaveAttribute('data-count', String(school.students.count));
  const someone = school.students.email(7);

  await sandbox.close();
  await host.services.probe.check();
  await expect(page.getByTestId('app-status')).toContainText(/offline/i);
  await page.reload();

  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(count).toHaveAttribute('data-count', String(school.students.count), { timeout: 60_000 });
  await expect(page.getByTestId('figure-age').first()).toHaveAttribute('data-from-cache', 'true');
  await page.getByRole('searchbox', { name: 'Search students' }).fill(someone);
  await expect(count).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('students-table').locator('[role="row"][data-index="0"]')).toContainText(someone);
});
