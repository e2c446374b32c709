// At 100,000 students the Students page keeps answering as the admin types: each pause in the typing brings
// the count for exactly the text typed so far (recomputed here from the sandbox's own data), and the table
// scrolls to the end. Behaviour, not timings: the numbers are the benchmark's (npm run bench).
import { test, expect as baseExpect } from './fixtures/app';
import { activeSchool, clickConnectDemoSchool } from './fixtures/app-actions';

const expect = baseExpect.configure({ timeout: 60_000 });
test.use({ sandboxStudents: 100_000 });

test('typing in search at 100,000 students keeps answering with the right count', async ({ page, sandbox }) => {
  test.setTimeout(240_000);
  await clickConnectDemoSchool(page);
  await expect(activeSchool(page)).toHaveText(sandbox.platform.schools[0]!.name);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Students' }).click();
  const count = page.getByTestId('students-match-count');
  await expect(count).toHaveAttribute('data-count', '100000', { timeout: 180_000 });

  const school = sandbox.platform.data.get(sandbox.platform.schools[0]!.id)!;
  const texts = Array.from({ length: school.students.count }, (_, s) => `${school.students.name(s)}\n${school.students.email(s)}`.toLowerCase());
  const expected = (typed: string) => texts.filter((t) => t.includes(typed.toLowerCase())).length;
  const search = page.getByRole('searchbox', { name: 'Search students' });
  const target = school.students.email(4242);
  let typed = '';
  for (const part of [target.slice(0, 2), target.slice(2, 5), target.slice(5, 9)]) {
    await search.pressSequentially(part, { delay: 30 });
    typed += part;
    await expect(count).toHaveAttribute('data-count', String(expected(typed)));
  }
  // Every row on screen matches what was typed.
  const emails = await page.getByTestId('students-table').locator('[role="row"] [role="cell"]:nth-child(3)').allTextContents();
  expect(emails.length).toBeGreaterThan(0);
  for (const email of emails) expect(email.toLowerCase()).toContain(typed.toLowerCase().slice(0, 4));

  await search.fill('');
  await expect(count).toHaveAttribute('data-count', '100000');
  const table = page.getByTestId('students-table');
  await table.locator('[role="row"][data-index="0"]').focus();
  await page.keyboard.press('End');
  await expect(table.locator('[role="row"][data-index="99999"]')).toBeFocused();
  await expect(table.locator('[role="row"][data-index="99999"]')).toHaveAttribute('data-student-id', /.+/);
});
