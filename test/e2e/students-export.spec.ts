// The Students page's Export (issue 11, Export) in browser mode: filter the page, export, and the downloaded
// file holds exactly the students the platform has for those filters (read through the test's own OAuth
// client, never the app), each with its tags, the titles of its courses, last active and joined on the
// wall clock of the business time zone (the school's, New York: DST), and the courses it has stalled in. With a selection, the
// button says how many and the file holds only those; the whole flow runs from the keyboard.
import { readdir, readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { parseCsv } from '../../shared/csv';
import { isStalled } from '../../shared/model/learning-status';
import type { Course, Enrollment, StudentRecord } from '../../shared/platform/resources';
import { test, expect as baseExpect } from './fixtures/app';
import { activeSchool, clickConnectDemoSchool } from './fixtures/app-actions';
import { platformClient } from './fixtures/platform-client';
import { expectNoSideways } from './fixtures/screenshot-pages';

const expect = baseExpect.configure({ timeout: 20_000 });
const TIME_ZONE = 'America/New_York';
test.use({ timezoneId: TIME_ZONE, locale: 'en-US' });
test.describe.configure({ timeout: 120_000 });

const wallClock = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
const wall = (iso: string) => wallClock.format(new Date(iso)).replace(', ', ' ');
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

async function csvOf(download: Download) {
  const [header, ...rows] = parseCsv(await readFile((await download.path())!, 'utf8'));
  return { header: header!, rows, cell: (row: string[], name: string) => row[header!.indexOf(name)]! };
}

const sortedList = (cell: string) => (cell === '' ? [] : cell.split('; ').sort());

async function openStudents(page: Page, schoolName: string) {
  await clickConnectDemoSchool(page);
  await expect(activeSchool(page)).toHaveText(schoolName, { timeout: 30_000 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Students' }).click();
  await expect(page.getByTestId('students-table')).toBeVisible({ timeout: 30_000 });
}

test('a filtered view exports exactly the platform\'s students for those filters, in the admin\'s time zone', async ({ page, sandbox, context }) => {
  const school = sandbox.platform.schools[0]!;
  await openStudents(page, school.name);
  const api = await platformClient(sandbox.url, context, ['students:read', 'courses:read']);
  const [students, enrollments, courses] = await Promise.all([
    api.list<StudentRecord>('/api/v1/students'),
    api.list<Enrollment>('/api/v1/enrollments'),
    api.list<Course>('/api/v1/courses'),
  ]);
  const title = new Map(courses.map((c) => [c.id, c.title]));
  const titleOf = (id: string) => title.get(id) ?? id;
  const enrolled = new Map<string, Enrollment[]>();
  for (const e of enrollments) enrolled.set(e.student_id, [...(enrolled.get(e.student_id) ?? []), e]);

  // The filters: tag "vip" and the course most vip students are enrolled in.
  const vip = students.filter((s) => s.tags.includes('vip'));
  const perCourse = new Map<string, number>();
  for (const s of vip) for (const e of enrolled.get(s.id) ?? []) perCourse.set(e.course_id, (perCourse.get(e.course_id) ?? 0) + 1);
  const courseId = [...perCourse].sort((a, b) => b[1] - a[1])[0]![0];
  const expected = vip.filter((s) => (enrolled.get(s.id) ?? []).some((e) => e.course_id === courseId));
  expect(expected.length, 'some students match').toBeGreaterThan(1);

  await page.getByLabel('Tag').selectOption('vip');
  await page.getByLabel('Course').selectOption({ label: titleOf(courseId) });
  await expect(page.getByTestId('students-match-count')).toHaveAttribute('data-count', String(expected.length));
  const button = page.getByRole('button', { name: `Export ${expected.length} students` });
  await expect(button).toBeEnabled();

  const download = page.waitForEvent('download');
  await button.click();
  const file = await download;
  const now = Date.now();
  expect(file.suggestedFilename()).toMatch(/^students-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByRole('status').filter({ hasText: `Downloaded ${file.suggestedFilename()} (${expected.length} students)` })).toBeVisible();

  const { header, rows, cell } = await csvOf(file);
  expect(header).toEqual(['Name', 'Email', 'Tags', 'Courses', `Last active (${TIME_ZONE})`, `Joined (${TIME_ZONE})`, 'Stalled courses']);
  // The page's order (name, A to Z; ties in the platform's order), exactly the platform's matching students.
  const inOrder = [...expected].sort((a, b) => byName.compare(a.name, b.name));
  expect(rows.map((r) => cell(r, 'Email'))).toEqual(inOrder.map((s) => s.email));
  for (const [k, row] of rows.entries()) {
    const student = inOrder[k]!;
    const mine = enrolled.get(student.id) ?? [];
    const last = mine.flatMap((e) => (e.last_activity_at ? [Date.parse(e.last_activity_at)] : []));
    expect(cell(row, 'Name')).toBe(student.name);
    expect(sortedList(cell(row, 'Tags'))).toEqual([...student.tags].sort());
    expect(sortedList(cell(row, 'Courses'))).toEqual(mine.map((e) => titleOf(e.course_id)).sort());
    expect(cell(row, `Joined (${TIME_ZONE})`)).toBe(wall(student.created_at));
    expect(cell(row, `Last active (${TIME_ZONE})`)).toBe(last.length ? wall(new Date(Math.max(...last)).toISOString()) : '');
    const stalled = mine.filter((e) => isStalled({ completedAt: e.completed_at, lastActivityAt: e.last_activity_at, enrolledAt: e.enrolled_at }, now));
    expect(sortedList(cell(row, 'Stalled courses'))).toEqual(stalled.map((e) => titleOf(e.course_id)).sort());
  }
});

test('with a selection the button says how many and the file holds only those; all from the keyboard', async ({ page, sandbox }) => {
  const school = sandbox.platform.schools[0]!;
  await openStudents(page, school.name);
  const table = page.getByTestId('students-table');
  const total = Number(await page.getByTestId('students-match-count').getAttribute('data-count'));
  await expect(page.getByRole('button', { name: `Export ${total.toLocaleString('en-US')} students` })).toBeVisible();

  // Rows 1, 2 and 3 selected with Space from the keyboard.
  await table.locator('[role="row"][data-index="0"]').focus();
  const emails: string[] = [];
  for (let i = 1; i <= 3; i++) {
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    emails.push((await table.locator(`[role="row"][data-index="${i}"] [role="cell"]`).nth(2).textContent())!);
  }
  const exportSelected = page.getByRole('button', { name: 'Export 3 selected' });
  await expect(exportSelected).toBeVisible();

  // Reached with Tab from Refresh, run with Enter.
  await page.getByRole('button', { name: 'Refresh' }).focus();
  await page.keyboard.press('Tab');
  await expect(exportSelected).toBeFocused();
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const { rows, cell } = await csvOf(await download);
  expect(rows.map((r) => cell(r, 'Email'))).toEqual(emails);
  await expect(page.getByRole('status').filter({ hasText: '(3 students)' })).toBeVisible();
  await expectNoSideways(page, '.vtable-body');
  await page.screenshot({ path: test.info().outputPath('students-export.png') });
});

test.describe('at 60,000 students', () => {
  test.use({ sandboxStudents: 60_000 });

  test('Cancel stops the export: no download, no file left, the button back', async ({ page, sandbox, host }) => {
    test.setTimeout(240_000);
    await openStudents(page, sandbox.platform.schools[0]!.name);
    await expect(page.getByTestId('students-match-count')).toHaveAttribute('data-count', '60000', { timeout: 180_000 });
    const downloads: Download[] = [];
    page.on('download', (d) => downloads.push(d));
    const button = page.getByRole('button', { name: 'Export 60,000 students' });
    await expect(button).toBeEnabled();
    // Export, then Cancel the moment it shows: before the engine has even taken the job on (the control sends
    // the cancel again once the job reports). In the page, so no wait for actionability lets the export finish first.
    const cancelled = await page.evaluate(async () => {
      const find = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
      find('Export 60,000 students')?.click();
      for (let tries = 0; tries < 100; tries++) {
        const cancel = find('Cancel');
        if (cancel) {
          cancel.click();
          return true;
        }
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      return false;
    });
    expect(cancelled, 'Cancel was shown').toBe(true);
    await expect(button).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Downloaded' })).toHaveCount(0);
    // The download would start right after the export: give it the time, then nothing came, nothing is left.
    await page.waitForTimeout(1500);
    expect(downloads).toHaveLength(0);
    expect((await readdir(host.downloads.folder).catch(() => [] as string[])).filter((f) => f.endsWith('.csv') || f.endsWith('.part'))).toEqual([]);
  });
});
