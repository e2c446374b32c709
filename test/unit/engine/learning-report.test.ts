// The engine's local learning figures (engine/learning-report.ts) over the sandbox's enrollments as its
// listEnrollments serves them: (1) recomputed by brute force over the raw API list, figure by figure, and (2)
// equal to the platform's own learning report and the course report's section funnel for the same ranges.
// Ranges are random instants and whole local days, ISO weeks and months of time zones with DST (New York,
// Berlin, Lord Howe's 30-minute shift), some ending after "now" (the active window then reaches past it).
import { describe, expect, it } from 'vitest';
import { funnelSectionsOf } from '../../../shared/model/learning';
import { enrollmentsSeries, isoMs, LearningColumns, learningReport, sectionFunnel } from '../../../electron/services/engine/worker/learning-report';
import { periodStarts, type Interval } from '../../../shared/zoned-time';
import { toEnrollmentsSeries, toLearningReport, toSectionFunnel } from '../../../electron/services/platform/learning-platform';
import { toCurriculum } from '../../../electron/services/platform/courses-platform';
import { toStudentEnrollment } from '../../../electron/services/platform/people-mapping';
import type { Course, CourseReport, Curriculum, Enrollment, LearningReport } from '../../../shared/platform/resources';
import { harness, NOW } from '../sandbox/helpers';
import { prng } from '../data/synthetic-orders';

const h = harness({ orders: 6000 });
const ZONES = ['America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe'];
const INTERVALS: Interval[] = ['day', 'week', 'month'];
const DAY = 86_400_000;

interface Range {
  from: number;
  to: number;
  what: string;
}

/** Random instants, and whole local days / weeks / months in a DST zone, from 2023 to a little after now. */
function ranges(seed: number, count: number): Range[] {
  const random = prng(seed);
  const out: Range[] = [];
  for (let round = 0; round < count; round++) {
    const at = Date.UTC(2023, 0, 1) + Math.floor(random() * (NOW.getTime() + 20 * DAY - Date.UTC(2023, 0, 1)));
    if (round % 2 === 0) {
      const to = at + Math.floor((1 + random() * 400) * DAY * random()) + 1;
      out.push({ from: at, to, what: `${new Date(at).toISOString()} → ${new Date(to).toISOString()}` });
    } else {
      const interval = INTERVALS[round % 3]!;
      const timeZone = ZONES[Math.floor(random() * ZONES.length)]!;
      const periods = 1 + Math.floor(random() * 3);
      const starts = periodStarts(at, at + (periods + 1) * 32 * DAY, interval, timeZone);
      out.push({ from: starts[0]!, to: starts[periods]!, what: `${periods} ${interval}(s) of ${timeZone} from ${new Date(starts[0]!).toISOString()}` });
    }
  }
  return out;
}

/** The definitions of docs/business-api.md ("Learning"), written the slow, obvious way over the raw list. */
function bruteForce(enrollments: Enrollment[], courseId: string | null, from: number, to: number) {
  const mine = courseId === null ? enrollments : enrollments.filter((e) => e.course_id === courseId);
  const t = (s: string | null) => (s === null ? NaN : Date.parse(s));
  const made = mine.filter((e) => t(e.enrolled_at) >= from && t(e.enrolled_at) < to);
  const completedByEnd = made.filter((e) => t(e.completed_at) < to);
  const active = new Set(mine.filter((e) => t(e.last_activity_at) >= to - 30 * DAY && t(e.last_activity_at) < to).map((e) => e.student_id));
  return {
    enrollments: made.length,
    activeStudents: active.size,
    completions: mine.filter((e) => t(e.completed_at) >= from && t(e.completed_at) < to).length,
    completionRate: made.length === 0 ? 0 : completedByEnd.length / made.length,
  };
}

describe('local learning figures', () => {
  for (const school of h.platform.schools) {
    it(`equal a brute-force count over the raw enrollments and the platform's learning report for 30 ranges (${school.id})`, async () => {
      const enrollments = (await h.all<Enrollment>('listEnrollments', { school: school.id, query: { limit: '1000' } })).items;
      const courses = (await h.all<Course>('listCourses', { school: school.id, query: { limit: '100' } })).items;
      const columns = new LearningColumns({ enrollments: enrollments.map(toStudentEnrollment), courseTitles: Object.fromEntries(courses.map((c) => [c.id, c.title])) });
      expect(enrollments.length).toBeGreaterThan(500);
      let withLearners = 0;
      for (const { from, to, what } of ranges(school.id.length * 17, 30)) {
        const local = learningReport(columns, from, to);
        // (1) brute force, school-wide and for every course
        const { courses: perCourse, from: _f, to: _t, ...school_ } = local;
        expect(school_, what).toEqual(bruteForce(enrollments, null, from, to));
        for (const row of perCourse) {
          const { courseId, title: _title, ...figures } = row;
          expect(figures, `${what} ${courseId}`).toEqual(bruteForce(enrollments, courseId, from, to));
        }
        // (2) agreement with the platform's report endpoint for the same range
        const query = { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
        const platform = toLearningReport((await h.call('getLearningReport', { school: school.id, query })).body as LearningReport);
        expect({ ...local, courses: sortById(local.courses) }, what).toEqual({ ...platform, courses: sortById(platform.courses) });
        if (local.enrollments > 0 && local.activeStudents > 0) withLearners++;
      }
      expect(withLearners).toBeGreaterThan(10);
    });

    it(`places learners in the section funnel and counts enrollments per day, week and month as the platform's course report does (${school.id})`, async () => {
      const enrollments = (await h.all<Enrollment>('listEnrollments', { school: school.id, query: { limit: '1000' } })).items;
      const courses = (await h.all<Course>('listCourses', { school: school.id, query: { limit: '100' } })).items;
      const columns = new LearningColumns({ enrollments: enrollments.map(toStudentEnrollment), courseTitles: {} });
      const random = prng(school.id.length * 5 + 1);
      const pick = prng(school.id.length * 7 + 3);
      let stalls = 0;
      for (const { from, to, what } of ranges(school.id.length * 3, 20)) {
        const course = courses[Math.floor(random() * courses.length)]!;
        const curriculum = (await h.call('getCurriculum', { school: school.id, params: { course_id: course.id } })).body as Curriculum;
        const interval = INTERVALS[Math.floor(pick() * 3)]!;
        const timeZone = ZONES[Math.floor(pick() * ZONES.length)]!;
        const query = { from: new Date(from).toISOString(), to: new Date(to).toISOString(), interval, time_zone: timeZone };
        const report = (await h.call('getCourseReport', { school: school.id, params: { course_id: course.id }, query })).body as CourseReport;
        const local = sectionFunnel(columns, course.id, funnelSectionsOf(toCurriculum(curriculum)), from, to);
        expect(local, `${what} ${course.id}`).toEqual(toSectionFunnel(report));
        const series = enrollmentsSeries(columns, course.id, from, to, interval, timeZone);
        expect(series, `${what} ${course.id} per ${interval} in ${timeZone}`).toEqual(toEnrollmentsSeries(report));
        expect(series.reduce((n, p) => n + p.enrollments, 0)).toBe(enrollments.filter((e) => e.course_id === course.id && Date.parse(e.enrolled_at) >= from && Date.parse(e.enrolled_at) < to).length);
        if (local.some((s, i) => i > 0 && s.reached < local[i - 1]!.reached)) stalls++;
      }
      expect(stalls).toBeGreaterThan(3);
    });
  }

  it('reads times as Date.parse does, the fast way for the platform\'s UTC form and Date.parse for the rest', () => {
    const random = prng(9);
    const samples = ['2026-02-31T00:00:00Z', '2026-01-01T24:00:00Z', '2026-01-01T24:30:00Z', '2026-13-01T00:00:00Z', '2026-00-10T00:00:00.000Z',
      '2026-01-01T23:59:60Z', '2026-01-01T10:00:00+02:00', '2026-01-01T10:00:00.5Z', '2026-01-01 10:00:00Z', '2026-0a-01T10:00:00Z', '0050-06-01T00:00:00Z', '0000-01-01T00:00:00.000Z', 'soon', ''];
    for (let k = 0; k < 2000; k++) {
      const iso = new Date(Date.UTC(1990, 0, 1) + Math.floor(random() * 60 * 365 * DAY)).toISOString();
      samples.push(iso, iso.replace(/\.\d{3}Z$/, 'Z'));
    }
    for (const text of samples) expect(isoMs(text), text).toBe(Date.parse(text));
  });

  it('answers at 100,000 enrollments in one linear pass per range', () => {
    const random = prng(42);
    const start = Date.UTC(2024, 0, 1);
    const enrollments = Array.from({ length: 100_000 }, (_, i) => {
      const enrolled = start + Math.floor(random() * 700 * DAY);
      return {
        id: `en_${i}`,
        studentId: `st_${Math.floor(random() * 30_000)}`,
        courseId: `crs_${Math.floor(random() * 40)}`,
        enrolledAt: new Date(enrolled).toISOString(),
        progress: random(),
        completedAt: random() < 0.3 ? new Date(enrolled + 20 * DAY).toISOString() : null,
        lastActivityAt: random() < 0.9 ? new Date(enrolled + Math.floor(random() * 60 * DAY)).toISOString() : null,
        currentSectionId: null,
      };
    });
    const columns = new LearningColumns({ enrollments, courseTitles: {} });
    learningReport(columns, start, start + 100 * DAY);
    const began = performance.now();
    for (let k = 0; k < 10; k++) learningReport(columns, start + k * 30 * DAY, start + (k + 3) * 30 * DAY);
    // A guard against a slower-than-linear pass, not a benchmark (test/bench/learning.ts measures): one pass over
    // 100,000 enrollments takes about a millisecond; the bound leaves room for a machine shared by parallel runs.
    expect((performance.now() - began) / 10).toBeLessThan(250);
  });
});

function sortById<T extends { courseId: string }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => (a.courseId < b.courseId ? -1 : a.courseId > b.courseId ? 1 : 0));
}
