// Stalled learners of a course and the bulk actions (issue 10, People): who stopped, in which section, how
// many days ago; copy their e-mails, export CSV, tag them all and enroll them all (one write per student,
// a summary of what succeeded and failed, each in the activity log). Checked through the platform's API.
import { readFile } from 'node:fs/promises';
import { isStalled, daysSinceActive } from '../../shared/model/learning-status';
import type { Curriculum, Enrollment, Person } from '../../shared/platform/resources';
import { parseCsv } from '../../shared/csv';
import { test, expect as baseExpect } from './fixtures/app';
import { connectDemoSchool } from './fixtures/app-actions';
import { platformClient } from './fixtures/platform-client';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 180_000 });

test('Stalled learners: the list, copy e-mails, CSV, tag them all, enroll them all', async ({ page, sandbox, context }) => {
  const school = sandbox.platform.schools[0]!;
  await connectDemoSchool(page, school.name);
  const api = await platformClient(sandbox.url, context, ['students:read', 'courses:read', 'curriculum:read']);
  const data = sandbox.platform.data.get(school.id)!;
  // The course with the fewest stalled learners, but a few (keeps the bulk writes short).
  const stalledOf = async (courseId: string) =>
    (await api.list<Enrollment>(`/api/v1/courses/${courseId}/enrollments?limit=1000`)).filter((e) => isStalled({ completedAt: e.completed_at, lastActivityAt: e.last_activity_at, enrolledAt: e.enrolled_at }, Date.now()));
  let course = data.catalog.courses[0]!.course;
  let stalled: Enrollment[] = [];
  for (const record of data.catalog.courses.slice(0, 8)) {
    const list = await stalledOf(record.course.id);
    if (list.length >= 3 && (stalled.length < 3 || list.length < stalled.length)) {
      course = record.course;
      stalled = list;
    }
  }
  expect(stalled.length).toBeGreaterThanOrEqual(3);
  const curriculum = await api.get<Curriculum>(`/api/v1/courses/${course.id}/curriculum`);
  const sectionTitle = new Map(curriculum.sections.map((s) => [s.id, s.title]));

  await page.goto(page.url().replace(/#.*$/, `#/courses/${encodeURIComponent(course.id)}`));
  const card = page.getByTestId('stalled-learners');
  await expect(card.getByRole('table', { name: 'Stalled learners' }).locator('tbody tr')).toHaveCount(stalled.length, { timeout: 30_000 });
  // Who, where they stopped, how many days ago: the most recently stalled first (a nudge still reaches them).
  const first = [...stalled].sort((a, b) => Date.parse(b.last_activity_at ?? b.enrolled_at) - Date.parse(a.last_activity_at ?? a.enrolled_at))[0]!;
  const firstRow = card.locator('tbody tr').first();
  await expect(firstRow).toHaveAttribute('data-student-id', first.student_id);
  await expect(firstRow).toContainText(first.current_section_id ? sectionTitle.get(first.current_section_id)! : 'Not started');
  await expect(firstRow).toContainText(`${daysSinceActive({ lastActivityAt: first.last_activity_at, enrolledAt: first.enrolled_at }, Date.now()).toLocaleString('en-US')} days ago`);

  // Export CSV: one row per stalled learner with their e-mail.
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Export CSV' }).click();
  const csv = parseCsv(await readFile((await (await download).path())!, 'utf8'));
  // Times as the business zone's clock, the zone named in the header (the exports' convention).
  expect(csv[0]).toEqual(['Name', 'Email', 'Stopped in section', 'Progress', baseExpect.stringMatching(/^Last active \([A-Za-z_]+\/[A-Za-z_]+\)$/), 'Days since active']);
  for (const row of csv.slice(1).filter((r) => r.length > 1)) expect(row[4]).toMatch(/^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d|Never)$/);
  expect(csv.slice(1).filter((r) => r.length > 1).map((r) => r[1]).sort()).toEqual(stalled.map((e) => e.student!.email).sort());
  // Saved the way every export is (the main process's Save dialog in the desktop app, a one-time download here).
  expect((await download).url()).toMatch(/\/download\//);
  await expect(card.getByRole('status').filter({ hasText: `(${stalled.length} learner${stalled.length === 1 ? '' : 's'})` })).toBeVisible();

  // Copy e-mails.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await card.getByRole('button', { name: 'Copy e-mails' }).click();
  await expect(card.getByRole('status').filter({ hasText: `Copied ${stalled.length} e-mail addresses.` })).toBeVisible();
  expect((await page.evaluate(() => navigator.clipboard.readText())).split(', ').sort()).toEqual(stalled.map((e) => e.student!.email).sort());

  // Tag them all: students:write asked once, then one write per student.
  const n = `${stalled.length} students`;
  await card.getByLabel('Tag', { exact: true }).fill('win-back');
  await card.getByRole('button', { name: `Tag ${n}…` }).click();
  await page.getByRole('dialog', { name: `Tag ${n} “win-back”?` }).getByRole('button', { name: `Tag ${n}` }).click();
  await expect(card.getByTestId('bulk-summary')).toContainText(`Tag “win-back”: ${stalled.length} tagged.`, { timeout: 60_000 });
  const tagged = await api.list<Person>('/api/v1/students?tag=win-back&limit=1000');
  expect(tagged.map((p) => p.id).sort()).toEqual([...new Set(stalled.map((e) => e.student_id))].sort());
  await card.getByRole('button', { name: 'Dismiss' }).click();

  // Enroll them all in another course: confirmed once; those already in it fail with the platform's reason.
  const other = data.catalog.courses.find((c) => c.course.id !== course.id)!.course;
  const already = new Set((await api.list<Enrollment>(`/api/v1/courses/${other.id}/enrollments?limit=1000`)).map((e) => e.student_id));
  await card.getByLabel('Enroll in').selectOption(other.id);
  await card.getByRole('button', { name: `Enroll ${n}…` }).click();
  const confirm = page.getByRole('dialog', { name: `Enroll ${n} in “${other.title}”?` });
  await confirm.getByRole('button', { name: `Enroll ${n}` }).click();
  const fresh = stalled.filter((e) => !already.has(e.student_id));
  await expect(card.getByTestId('bulk-summary')).toContainText(`${fresh.length} enrolled`, { timeout: 60_000 });
  if (fresh.length < stalled.length) await expect(card.getByTestId('bulk-summary')).toContainText(`${stalled.length - fresh.length} failed`);
  const now = new Set((await api.list<Enrollment>(`/api/v1/courses/${other.id}/enrollments?limit=1000`)).map((e) => e.student_id));
  for (const e of stalled) expect(now.has(e.student_id)).toBe(true);

  // Each write is in the activity log.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByText(`Tag “${stalled[0]!.student!.name}” “win-back”`).first()).toBeVisible();
});
