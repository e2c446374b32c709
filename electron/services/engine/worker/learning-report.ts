// Learning figures computed by the engine from the synced enrollments, for any range, offline included: the
// definitions of docs/business-api.md ("Learning"), in the app's model (shared/model/learning.ts). The
// enrollments become typed-array columns once per synced copy, grouped by student, so every question is one
// pass over them: a few milliseconds per 100,000 enrollments.
import type { EnrollmentsSeries, FunnelSection, LearningFigures, LearningReport, SectionFunnel } from '../../../../shared/model/learning';
import { ACTIVE_WINDOW_DAYS } from '../../../../shared/model/learning';
import { periodStarts, type Interval } from '../../../../shared/zoned-time';
import type { StudentsData } from './students-table';

const DAY_MS = 86_400_000;
const ACTIVE_WINDOW_MS = ACTIVE_WINDOW_DAYS * DAY_MS;

/**
 * Date.parse for the platform's UTC form (2026-11-21T08:30:00Z, with or without milliseconds), read digit by
 * digit: laying out a million enrollments parses three million times. Anything else goes to Date.parse.
 */
export function isoMs(text: string): number {
  const n = text.length;
  if ((n !== 20 && n !== 24) || text.charCodeAt(n - 1) !== 90 /* Z */ || text[4] !== '-' || text[7] !== '-' || text[10] !== 'T' || text[13] !== ':' || text[16] !== ':') {
    return Date.parse(text);
  }
  const digits = (at: number, count: number): number => {
    let value = 0;
    for (let i = at; i < at + count; i++) {
      const d = text.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return NaN;
      value = value * 10 + d;
    }
    return value;
  };
  if (n === 24 && text[19] !== '.') return Date.parse(text);
  const month = digits(5, 2);
  const day = digits(8, 2);
  const hour = digits(11, 2);
  const minute = digits(14, 2);
  const second = digits(17, 2);
  // Out-of-range fields are invalid for Date.parse; Date.UTC would roll them over instead.
  const year = digits(0, 4);
  // Date.UTC reads years 0–99 as 1900–1999.
  if (!(year >= 100 && month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour <= 23 && minute <= 59 && second <= 59)) return Date.parse(text);
  return Date.UTC(year, month - 1, day, hour, minute, second, n === 24 ? digits(20, 3) : 0);
}

const parseOrNaN = (text: string | null): number => (text === null ? NaN : isoMs(text));

/** The enrollments as columns, in student order (each student's enrollments side by side). */
export class LearningColumns {
  readonly count: number;
  /** Enrollments of student group g are [groupStart[g], groupStart[g + 1]). */
  readonly groupStart: Uint32Array;
  readonly course: Uint32Array;
  readonly enrolledAt: Float64Array;
  /** NaN: not completed. */
  readonly completedAt: Float64Array;
  /** NaN: never active. */
  readonly lastActivityAt: Float64Array;
  readonly progress: Float64Array;
  /** Code of the section reached last (into sectionDict), -1 for none. */
  readonly section: Int32Array;
  readonly sectionDict: string[];
  /** Course codes → ids: the school's courses (their list order) first, then any only the enrollments name. */
  readonly courseDict: string[];
  readonly courseTitles: Record<string, string>;

  constructor(data: Pick<StudentsData, 'enrollments' | 'courseTitles'>) {
    const { enrollments } = data;
    const n = enrollments.length;
    this.count = n;
    this.courseTitles = data.courseTitles;
    const courseIndex = new Map<string, number>();
    this.courseDict = [];
    const codeOf = (id: string): number => {
      let code = courseIndex.get(id);
      if (code === undefined) {
        code = this.courseDict.length;
        courseIndex.set(id, code);
        this.courseDict.push(id);
      }
      return code;
    };
    for (const id of Object.keys(data.courseTitles)) codeOf(id);
    // Group by student: a counting sort over the students' first-seen order.
    const studentIndex = new Map<string, number>();
    const studentOf = new Uint32Array(n);
    for (let e = 0; e < n; e++) {
      const id = enrollments[e]!.studentId;
      let s = studentIndex.get(id);
      if (s === undefined) {
        s = studentIndex.size;
        studentIndex.set(id, s);
      }
      studentOf[e] = s;
    }
    const groups = studentIndex.size;
    this.groupStart = new Uint32Array(groups + 1);
    for (let e = 0; e < n; e++) this.groupStart[studentOf[e]! + 1]!++;
    for (let g = 0; g < groups; g++) this.groupStart[g + 1]! += this.groupStart[g]!;
    const fill = this.groupStart.slice(0, groups);
    this.course = new Uint32Array(n);
    this.enrolledAt = new Float64Array(n);
    this.completedAt = new Float64Array(n);
    this.lastActivityAt = new Float64Array(n);
    this.progress = new Float64Array(n);
    this.section = new Int32Array(n);
    const sectionIndex = new Map<string, number>();
    this.sectionDict = [];
    for (let e = 0; e < n; e++) {
      const enrollment = enrollments[e]!;
      const k = fill[studentOf[e]!]!++;
      this.course[k] = codeOf(enrollment.courseId);
      this.enrolledAt[k] = isoMs(enrollment.enrolledAt);
      this.completedAt[k] = parseOrNaN(enrollment.completedAt);
      this.lastActivityAt[k] = parseOrNaN(enrollment.lastActivityAt);
      this.progress[k] = enrollment.progress;
      const sectionId = enrollment.currentSectionId;
      if (sectionId === null) this.section[k] = -1;
      else {
        let code = sectionIndex.get(sectionId);
        if (code === undefined) {
          code = this.sectionDict.length;
          sectionIndex.set(sectionId, code);
          this.sectionDict.push(sectionId);
        }
        this.section[k] = code;
      }
    }
  }
}

const rate = (done: number, of: number) => (of === 0 ? 0 : done / of);

/**
 * The school's and every course's figures for [from, to): enrollments made in the range; completions in the
 * range; the completion rate of the range's enrollments (completed before `to`); distinct students with an
 * enrollment last active in [to − 30 days, to).
 */
export function learningReport(columns: LearningColumns, from: number, to: number): LearningReport {
  if (!(from < to)) throw new RangeError('the range must start before it ends');
  const courses = columns.courseDict.length;
  const enrolled = new Uint32Array(courses);
  const completedByTo = new Uint32Array(courses);
  const completions = new Uint32Array(courses);
  const active = new Uint32Array(courses);
  let schoolEnrolled = 0;
  let schoolCompletedByTo = 0;
  let schoolCompletions = 0;
  let schoolActive = 0;
  const activeFrom = to - ACTIVE_WINDOW_MS;
  const { groupStart, course, enrolledAt, completedAt, lastActivityAt } = columns;
  const groups = groupStart.length - 1;
  for (let g = 0; g < groups; g++) {
    const start = groupStart[g]!;
    const end = groupStart[g + 1]!;
    let studentActive = false;
    for (let k = start; k < end; k++) {
      const c = course[k]!;
      const at = enrolledAt[k]!;
      const done = completedAt[k]!; // NaN fails every comparison: not completed
      if (at >= from && at < to) {
        enrolled[c]!++;
        schoolEnrolled++;
        if (done < to) {
          completedByTo[c]!++;
          schoolCompletedByTo++;
        }
      }
      if (done >= from && done < to) {
        completions[c]!++;
        schoolCompletions++;
      }
      const last = lastActivityAt[k]!;
      if (last >= activeFrom && last < to) {
        if (!studentActive) {
          studentActive = true;
          schoolActive++;
        }
        // A student counts once per course, however many enrollments in it were active.
        let counted = false;
        for (let j = start; j < k && !counted; j++) {
          counted = course[j] === c && lastActivityAt[j]! >= activeFrom && lastActivityAt[j]! < to;
        }
        if (!counted) active[c]!++;
      }
    }
  }
  const iso = (t: number) => new Date(t).toISOString();
  return {
    from: iso(from),
    to: iso(to),
    enrollments: schoolEnrolled,
    activeStudents: schoolActive,
    completions: schoolCompletions,
    completionRate: rate(schoolCompletedByTo, schoolEnrolled),
    courses: columns.courseDict.map((courseId, c) => ({
      courseId,
      title: columns.courseTitles[courseId] ?? courseId,
      enrollments: enrolled[c]!,
      activeStudents: active[c]!,
      completions: completions[c]!,
      completionRate: rate(completedByTo[c]!, enrolled[c]!),
    })),
  };
}

/** One course's figures for [from, to) (all zero when the course has no enrollments). */
export function courseLearning(report: LearningReport, courseId: string): LearningFigures {
  const row = report.courses.find((c) => c.courseId === courseId);
  return row
    ? { enrollments: row.enrollments, activeStudents: row.activeStudents, completions: row.completions, completionRate: row.completionRate }
    : { enrollments: 0, activeStudents: 0, completions: 0, completionRate: 0 };
}

/**
 * Where the course's learners stall, for its enrollments made in [from, to): per section in curriculum order,
 * `reached` counts those whose section reached last is this one or a later one, `completed` those whose
 * completed lectures (progress × the course's lectures) cover this section and every one before it.
 */
export function sectionFunnel(columns: LearningColumns, courseId: string, sections: readonly FunnelSection[], from: number, to: number): SectionFunnel {
  if (!(from < to)) throw new RangeError('the range must start before it ends');
  const code = columns.courseDict.indexOf(courseId);
  const reached = new Uint32Array(sections.length);
  const completed = new Uint32Array(sections.length);
  // Lectures up to and including each section; the section order of each synced section id.
  const through = new Float64Array(sections.length);
  let total = 0;
  sections.forEach((s, i) => {
    total += s.lectures;
    through[i] = total;
  });
  const position = new Int32Array(columns.sectionDict.length).fill(-1);
  const bySectionId = new Map(sections.map((s, i) => [s.sectionId, i]));
  columns.sectionDict.forEach((id, c) => {
    position[c] = bySectionId.get(id) ?? -1;
  });
  if (code >= 0) {
    const { course, enrolledAt, progress, section } = columns;
    for (let k = 0; k < columns.count; k++) {
      if (course[k] !== code) continue;
      const at = enrolledAt[k]!;
      if (!(at >= from && at < to)) continue;
      const s = section[k]!;
      const furthest = s < 0 ? -1 : position[s]!;
      for (let i = 0; i <= furthest; i++) reached[i]!++;
      // progress is completed lectures / lectures: rounding undoes the division.
      const lectures = Math.round(progress[k]! * total);
      for (let i = 0; i < sections.length && lectures >= through[i]!; i++) completed[i]!++;
    }
  }
  return sections.map((s, i) => ({ sectionId: s.sectionId, title: s.title, reached: reached[i]!, completed: completed[i]! }));
}

/**
 * The course's enrollments made in [from, to) per day, ISO week or month of the time zone: every period from
 * the one holding `from` to the one holding the last instant before `to`, zeros included (as the sales series).
 */
export function enrollmentsSeries(columns: LearningColumns, courseId: string, from: number, to: number, interval: Interval, timeZone: string): EnrollmentsSeries {
  const starts = periodStarts(from, to, interval, timeZone);
  const counts = new Uint32Array(starts.length);
  const code = columns.courseDict.indexOf(courseId);
  if (code >= 0) {
    const { course, enrolledAt } = columns;
    for (let k = 0; k < columns.count; k++) {
      if (course[k] !== code) continue;
      const at = enrolledAt[k]!;
      if (!(at >= from && at < to)) continue;
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if (starts[mid]! <= at) lo = mid;
        else hi = mid - 1;
      }
      counts[lo]!++;
    }
  }
  return starts.map((start, i) => ({ periodStart: new Date(start).toISOString(), enrollments: counts[i]! }));
}
