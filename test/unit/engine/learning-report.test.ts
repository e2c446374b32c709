// The learning figures, two ways, each held to the figures oracle (test/support/figures-oracle.ts: the definitions
// of docs/business-api.md computed from the platform's raw listEnrollments, read over HTTP): the engine's
// (learning-report.ts, over the same enrollments mapped to the app's model) and the platform's getLearningReport
// and getCourseReport (section funnel, enrollments per period). Ranges are random instants and whole local days,
// ISO weeks and months of time zones with DST (New York, Berlin, Lord Howe's 30-minute shift), some ending after
// "now" (the active window then reaches past it). The timings are the benchmark's (test/bench/learning.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { funnelSectionsOf } from '../../../shared/model/learning';
import { enrollmentsSeries, isoMs, LearningColumns, learningReport, sectionFunnel } from '../../../electron/services/engine/worker/learning-report';
import { toEnrollmentsSeries, toLearningReport, toSectionFunnel } from '../../../electron/services/platform/learning-platform';
import { toCurriculum } from '../../../electron/services/platform/courses-platform';
import { toStudentEnrollment } from '../../../electron/services/platform/people-mapping';
import type { CourseReport, LearningReport } from '../../../shared/platform/resources';
import * as oracle from '../../support/figures-oracle';
import { readCurriculum, reportQuery } from '../../support/raw-records';
import { startRawSandbox, type RawSandbox } from '../../support/raw-sandbox';
import { NOW } from '../sandbox/helpers';
import { prng } from '../data/synthetic-orders';

const ZONES = ['America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe'];
const INTERVALS: oracle.Interval[] = ['day', 'week', 'month'];
const DAY = 86_400_000;

let rig: RawSandbox;
beforeAll(async () => {
  rig = await startRawSandbox({ orders: 6000, dataNow: NOW, clock: () => NOW.getTime() + 3_600_000 });
});
afterAll(() => rig?.close());

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
      const starts = oracle.periodStarts(at, at + (periods + 1) * 32 * DAY, interval, timeZone);
      out.push({ from: starts[0]!, to: starts[periods]!, what: `${periods} ${interval}(s) of ${timeZone} from ${new Date(starts[0]!).toISOString()}` });
    }
  }
  return out;
}

const byCourse = <T extends { courseId: string }>(rows: T[]) => [...rows].sort((a, b) => (a.courseId < b.courseId ? -1 : a.courseId > b.courseId ? 1 : 0));

describe('learning figures', () => {
  for (const k of [0, 1]) {
    it(`of the engine and of the platform's learning report equal the oracle for 30 ranges, school-wide and per course (school ${k + 1})`, async () => {
      const { enrollments, courses, api } = rig.schools[k]!;
      const columns = new LearningColumns({ enrollments: enrollments.map(toStudentEnrollment), courseTitles: Object.fromEntries(courses.map((c) => [c.id, c.title])) });
      expect(enrollments.length).toBeGreaterThan(500);
      let withLearners = 0;
      let finishedInRange = 0;
      for (const { from, to, what } of ranges(k * 17 + 5, 30)) {
        const truth = oracle.learningReport(enrollments, courses, { from, to });
        const expected = { from: new Date(from).toISOString(), to: new Date(to).toISOString(), ...truth, courses: byCourse(truth.courses) };
        const engine = learningReport(columns, from, to);
        expect({ ...engine, courses: byCourse(engine.courses) }, `engine ${what}`).toEqual(expected);
        const platform = toLearningReport(await api.get<LearningReport>(`/api/v1/analytics/learning?${reportQuery({ from, to })}`));
        expect({ ...platform, courses: byCourse(platform.courses) }, `platform ${what}`).toEqual(expected);
        if (truth.enrollments > 0 && truth.activeStudents > 0) withLearners++;
        if (truth.enrollmentsCompleted > 0) finishedInRange++;
      }
      expect(withLearners).toBeGreaterThan(10);
      expect(finishedInRange).toBeGreaterThan(3);
    });

    it(`place learners in the section funnel and count enrollments per day, week and month as the oracle does (school ${k + 1})`, async () => {
      const { enrollments, courses, api } = rig.schools[k]!;
      const columns = new LearningColumns({ enrollments: enrollments.map(toStudentEnrollment), courseTitles: {} });
      const random = prng(k * 5 + 1);
      const pick = prng(k * 7 + 3);
      let stalls = 0;
      for (const { from, to, what } of ranges(k * 3 + 2, 30)) {
        const course = courses[Math.floor(random() * courses.length)]!;
        const curriculum = await readCurriculum(api, course.id);
        const interval = INTERVALS[Math.floor(pick() * 3)]!;
        const timeZone = ZONES[Math.floor(pick() * ZONES.length)]!;
        const funnel = oracle.sectionFunnel(enrollments, curriculum, { from, to });
        const series = oracle.enrollmentsSeries(enrollments, course.id, { from, to, interval, timeZone }).map((p) => ({ periodStart: new Date(p.periodStart).toISOString(), enrollments: p.enrollments }));
        const label = `${what} ${course.id} per ${interval} in ${timeZone}`;

        expect(sectionFunnel(columns, course.id, funnelSectionsOf(toCurriculum(curriculum)), from, to), `engine ${label}`).toEqual(funnel);
        expect(enrollmentsSeries(columns, course.id, from, to, interval, timeZone), `engine ${label}`).toEqual(series);
        const report = await api.get<CourseReport>(`/api/v1/courses/${course.id}/report?${reportQuery({ from, to, interval, time_zone: timeZone })}`);
        expect(toSectionFunnel(report), `platform ${label}`).toEqual(funnel);
        expect(toEnrollmentsSeries(report), `platform ${label}`).toEqual(series);
        if (funnel.some((s, i) => i > 0 && s.reached < funnel[i - 1]!.reached)) stalls++;
      }
      expect(stalls).toBeGreaterThan(3);
    });
  }

  it("reads times as Date.parse does, the fast way for the platform's UTC form and Date.parse for the rest", () => {
    const random = prng(9);
    const samples = ['2026-02-31T00:00:00Z', '2026-01-01T24:00:00Z', '2026-01-01T24:30:00Z', '2026-13-01T00:00:00Z', '2026-00-10T00:00:00.000Z',
      '2026-01-01T23:59:60Z', '2026-01-01T10:00:00+02:00', '2026-01-01T10:00:00.5Z', '2026-01-01 10:00:00Z', '2026-0a-01T10:00:00Z', '0050-06-01T00:00:00Z', '0000-01-01T00:00:00.000Z', 'soon', ''];
    for (let k = 0; k < 2000; k++) {
      const iso = new Date(Date.UTC(1990, 0, 1) + Math.floor(random() * 60 * 365 * DAY)).toISOString();
      samples.push(iso, iso.replace(/\.\d{3}Z$/, 'Z'));
    }
    for (const text of samples) expect(isoMs(text), text).toBe(Date.parse(text));
  });
});
