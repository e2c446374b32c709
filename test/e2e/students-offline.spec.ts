// Offline, the Students page answers from the synced copy: the platform really goes away (the sandbox is
// closed), the page is reloaded, and the students are there with their age and the offline notice; search
// still answers, from the data engine. A student tagged meanwhile waits in the outbox, and says so in the
// list's row and on their profile.
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
  const name = school.students.person(7).name;
  // Their profile, seen once online, is kept for offline too.
  await page.getByRole('searchbox', { name: 'Search students' }).fill(someone);
  await expect(count).toHaveAttribute('data-count', '1');
  await page.getByTestId('students-table').getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.goBack();
  await expect(count).toHaveAttribute('data-count', String(school.students.count));

  await sandbox.close();
  await host.services.probe.check();
  await expect(page.getByTestId('app-status')).toContainText(/offline/i);
  await page.reload();

  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(count).toHaveAttribute('data-count', String(school.students.count), { timeout: 60_000 });
  await expect(page.getByTestId('figure-age').first()).toHaveAttribute('data-from-cache', 'true');
  await page.getByRole('searchbox', { name: 'Search students' }).fill(someone);
  await expect(count).toHaveAttribute('data-count', '1');
  const row = page.getByTestId('students-table').locator('[role="row"][data-index="0"]');
  await expect(row).toContainText(someone);

  // Tagged offline (the permission is asked when it is sent): the row and the profile say it waits.
  await row.getByRole('checkbox').click();
  const bar = page.getByRole('region', { name: 'Selected students' });
  await bar.getByLabel('Tag', { exact: true }).fill('offline-follow-up');
  await bar.getByRole('button', { name: 'Tag 1 student…' }).click();
  await page.getByRole('dialog', { name: 'Tag 1 student “offline-follow-up”?' }).getByRole('button', { name: 'Tag 1 student' }).click();
  await expect(bar.getByTestId('bulk-summary')).toContainText('1 waiting in the outbox');
  // The list names each student by their e-mail (it is what the selection holds).
  const waiting = `Waiting to be sent: Tag “${someone}” “offline-follow-up”`;
  await expect(row.locator('[data-pending]')).toHaveAccessibleName(waiting);
  await row.getByRole('link', { name }).click();
  await expect(page.getByTestId('tags-pending')).toHaveText(waiting);
});
