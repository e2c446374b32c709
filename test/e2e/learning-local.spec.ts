// The learning figures come from the data engine once the enrollments are synced: with the platform really
// gone (the sandbox is closed) and the page reloaded, Analytics › Learning answers for a range never opened
// before, and the Courses list's learner columns say the same per course. Every figure is recomputed here from
// the raw enrollments fetched over the platform's API before it went away (docs/business-api.md, "Learning").
import { expect as baseExpect } from './fixtures/app';
import { restartableSandboxTest } from './fixtures/restartable-sandbox';
import { count, learningFigures, LOCALE, percent, shownRange, signedIn, tileValue } from './fixtures/figures';
import type { Page } from '@playwright/test';
import type { Course, Curriculum, Enrollment } from '../../shared/platform/resources';

const expect = baseExpect.configure({ timeout: 20_000 });

const test = restartableSandboxTest();
test.use({ timezoneId: 'Europe/Berlin', locale: LOCALE });

test('offline, Analytics › Learning and the Courses list answer from the synced enrollments, for a range never opened, and agree', async ({ page, sandbox, context, host }) => {
  test.setTimeout(180_000);
  const api = await signedIn(page, sandbox, context);
  const enrollments = await api.list<Enrollment>('/api/v1/enrollments');
  const courses = await api.list<Course>('/api/v1/courses');

  // The Students page syncs the students and their enrollments into the engine.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Students' }).click();
  const school = sandbox.platform.data.get(sandbox.platform.schools[0]!.id)!;
  await expect(page.getByTestId('students-match-count')).toHaveAttribute('data-count', String(school.students.count), { timeout: 60_000 });
  // Courses opened once online for last month: its list (titles, revenue) is kept for offline review.
  const table = page.getByTestId('courses-table');
  const expectCourseLearners = async (range: { from: string; to: string }) => {
    for (const course of courses) {
      const figures = learningFigures(enrollments.filter((e) => e.course_id === course.id), range);
      const row = table.locator(`tr[data-course-id="${course.id}"]`);
      await expect(row.locator('[data-field="enrollments"]'), course.title).toHaveText(count(figures.enrollments));
      await expect(row.locator('[data-field="active"]'), course.title).toHaveText(count(figures.active_students));
    }
  };
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click();
  await page.getByLabel('Range', { exact: true }).selectOption('lastMonth');
  await expect(page.getByTestId('range')).toHaveAttribute('data-from', /.+/);
  await expect(page.getByTestId('course-count')).toHaveText(`${courses.length} courses`);
  const lastMonth = await shownRange(page);
  await expectCourseLearners(lastMonth);

  // The most enrolled course's page: its learners, enrollments per day and where they stall, from the engine.
  const enrolledIn = (course: Course) => learningFigures(enrollments.filter((e) => e.course_id === course.id), lastMonth).enrollments;
  const most = [...courses].sort((a, b) => enrolledIn(b) - enrolledIn(a))[0]!;
  const curriculum = await api.get<Curriculum>(`/api/v1/courses/${most.id}/curriculum`);
  await table.locator(`tr[data-course-id="${most.id}"]`).getByRole('link').click();
  await expectCoursePage(page, most, curriculum, enrollments.filter((e) => e.course_id === most.id), lastMonth);
  const coursePage = page.url();

  await sandbox.close();
  await host.services.probe.check();
  await expect(page.getByTestId('app-status')).toContainText(/offline/i);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();

  // Analytics › Learning was never opened: only the engine can answer it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
  await page.getByRole('button', { name: 'Learning', exact: true }).click();
  await page.getByLabel('Range', { exact: true }).selectOption('lastMonth');
  const range = await shownRange(page);
  const school_ = learningFigures(enrollments, range);
  expect(school_.enrollments, 'learners in last month').toBeGreaterThan(0);
  const tiles = page.getByTestId('learning-tiles');
  await expect(tileValue(tiles.locator('[data-tile="enrollments"]'))).toHaveText(count(school_.enrollments));
  await expect(tileValue(tiles.locator('[data-tile="completions"]'))).toHaveText(count(school_.completions));
  await expect(tileValue(tiles.locator('[data-tile="active"]'))).toHaveText(count(school_.active_students));
  await expect(tileValue(tiles.locator('[data-tile="completion_rate"]'))).toHaveText(percent(school_.completion_rate));
  // The rate beside the two numbers it divides.
  await expect(tiles.locator('[data-tile="completion_rate"]')).toContainText(`${count(school_.enrollments_completed)} of ${count(school_.enrollments)} who started in the range finished`);
  await expect(page.getByTestId('figure-age').first()).toHaveAttribute('data-from-cache', 'true');
  // Fits the window without sideways scrolling; the picture is kept with the test's output for a look.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('analytics-learning-offline.png') });

  // The Courses list for the same range: each course's learners, from the same engine.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click();
  await page.getByLabel('Range', { exact: true }).selectOption('lastMonth');
  expect(await shownRange(page)).toEqual(range);
  await expectCourseLearners(range);

  // The course page opened online before: the same figures and funnel offline.
  await page.goto(coursePage);
  await expectCoursePage(page, most, curriculum, enrollments.filter((e) => e.course_id === most.id), range);
});

/** The course page's learner tiles, enrollments chart and section funnel against the course's raw enrollments. */
async function expectCoursePage(page: Page, course: Course, curriculum: Curriculum, enrollments: Enrollment[], range: { from: string; to: string }) {
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  const figures = learningFigures(enrollments, range);
  await expect(tileValue(page.locator('[data-tile="enrollments"]'))).toHaveText(count(figures.enrollments));
  await expect(tileValue(page.locator('[data-tile="active"]'))).toHaveText(count(figures.active_students));
  await expect(tileValue(page.locator('[data-tile="completions"]'))).toHaveText(count(figures.completions));
  const table = async (chart: string) => {
    const figure = page.locator(`figure[data-chart^="${chart}"]`);
    const toggle = figure.getByRole('button', { name: /^Show (table|chart)$/ });
    await expect(toggle).toBeVisible();
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    return figure.locator('tbody tr');
  };
  const perPeriod = (await table('Enrollments per')).locator('td');
  await expect.poll(async () => (await perPeriod.allTextContents()).reduce((n, c) => n + Number(c.replace(/[^\d]/g, '')), 0)).toBe(figures.enrollments);
  // Where learners stall (docs/business-api.md): reached = the section reached last is this one or later;
  // completed = the lectures completed (progress × lectures) cover this section and every one before.
  const sections = [...curriculum.sections].sort((a, b) => a.position - b.position);
  const total = sections.reduce((n, s) => n + s.lectures.length, 0);
  const made = enrollments.filter((e) => Date.parse(e.enrolled_at) >= Date.parse(range.from) && Date.parse(e.enrolled_at) < Date.parse(range.to));
  let through = 0;
  const rows = await table('Where learners stall');
  await expect(rows).toHaveCount(sections.length);
  for (const [i, section] of sections.entries()) {
    through += section.lectures.length;
    const reached = made.filter((e) => e.current_section_id !== null && sections.findIndex((s) => s.id === e.current_section_id) >= i).length;
    const completed = made.filter((e) => Math.round(e.progress * total) >= through).length;
    await expect(rows.nth(i).locator('td'), section.title).toHaveText([count(reached), count(completed)]);
  }
}
