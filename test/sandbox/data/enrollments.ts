// Enrollments come from curriculum-plan line items of orders that grant access (paid, refunding,
// manual_enrolled), one per student and course. Each learner's progress is simulated through the
// curriculum: many never start, some stop inside a section, and each course has a "wall" section where
// far more stall: the funnel the course report shows.
import type { Enrollment } from '../../../shared/platform/resources';
import { iso, wholeSeconds, type Catalog } from './catalog';
import { STATE, type OrderStore } from './orders';
import type { Random } from './random';
import { rowId } from './row-ids';
import { DAY_MS } from './time-zone';

export class EnrollmentStore {
  readonly student: Int32Array;
  readonly course: Uint8Array;
  readonly enrolledAt: Float64Array;
  /** Lectures completed, in curriculum order. */
  readonly lectures: Uint16Array;
  /** Index of the section reached last, -1 when the learner never started. */
  readonly section: Int8Array;
  readonly lastActivityAt: Float64Array;
  readonly completedAt: Float64Array;
  /** Enrollment indexes grouped by student and by course (CSR: start offsets, then the list). */
  byStudentStart: Uint32Array = new Uint32Array(1);
  byStudent: Int32Array = new Int32Array(0);
  byCourseStart: Uint32Array = new Uint32Array(1);
  byCourse: Int32Array = new Int32Array(0);
  /** Seeded enrollments deleted through the API (unenroll). */
  readonly removed = new Set<number>();
  /** Enrollments made through the API, in the order they were made (their progress starts at zero). */
  readonly added: Enrollment[] = [];

  /** When an enrollment was last changed through the API (epoch ms); without one, the latest of its own times. */
  readonly changedAt = new Map<number, number>();

  constructor(readonly count: number, readonly no: number) {
    this.student = new Int32Array(count);
    this.course = new Uint8Array(count);
    this.enrolledAt = new Float64Array(count);
    this.lectures = new Uint16Array(count);
    this.section = new Int8Array(count);
    this.lastActivityAt = new Float64Array(count);
    this.completedAt = new Float64Array(count);
  }

  id(i: number): string {
    return rowId('enr', this.no, i);
  }

  forStudent(s: number): Int32Array {
    return this.byStudent.subarray(this.byStudentStart[s], this.byStudentStart[s + 1]);
  }

  forCourse(c: number): Int32Array {
    return this.byCourse.subarray(this.byCourseStart[c], this.byCourseStart[c + 1]);
  }

  /** updated_at: the latest of enrolled_at, last activity and completion, or of a change through the API. */
  updatedAtMs(i: number): number {
    let at = this.enrolledAt[i] as number;
    const last = this.lastActivityAt[i] as number;
    const completed = this.completedAt[i] as number;
    if (last > at) at = last;
    if (completed > at) at = completed;
    const changed = this.changedAt.get(i);
    return changed !== undefined && changed > at ? changed : at;
  }

  materialize(i: number, catalog: Catalog, studentId: (s: number) => string): Enrollment {
    const record = catalog.courses[this.course[i] as number]!;
    const total = record.lectureStart[record.lectureStart.length - 1]!;
    const section = this.section[i] as number;
    const last = this.lastActivityAt[i] as number;
    const completed = this.completedAt[i] as number;
    return {
      id: this.id(i),
      student_id: studentId(this.student[i] as number),
      course_id: record.course.id,
      enrolled_at: iso(this.enrolledAt[i] as number),
      progress: total === 0 ? 0 : (this.lectures[i] as number) / total,
      completed_at: Number.isNaN(completed) ? null : iso(completed),
      last_activity_at: Number.isNaN(last) ? null : iso(last),
      current_section_id: section < 0 ? null : record.curriculum.sections[section]!.id,
      updated_at: iso(this.updatedAtMs(i)),
      plan_id: null,
    };
  }
}

function group(keys: ArrayLike<number>, groups: number): { start: Uint32Array; list: Int32Array } {
  const start = new Uint32Array(groups + 1);
  for (let i = 0; i < keys.length; i++) start[(keys[i] as number) + 1]!++;
  for (let g = 0; g < groups; g++) start[g + 1]! += start[g]!;
  const fill = start.slice(0, groups);
  const list = new Int32Array(keys.length);
  for (let i = 0; i < keys.length; i++) list[fill[keys[i] as number]!++] = i;
  return { start, list };
}

export function generateEnrollments(orders: OrderStore, catalog: Catalog, studentCount: number, rng: Random, now: number, no: number): EnrollmentStore {
  const coursesCount = catalog.courses.length;
  // First pass: which (order item) makes an enrollment; a student enrolls in a course once.
  const seen = new Uint8Array(Math.ceil((studentCount * 64) / 8)); // bit (student * 64 + course)
  // At most one enrollment per line item: preallocate instead of growing arrays (a million orders).
  const fromOrder = new Int32Array(orders.itemProduct.length);
  const fromCourse = new Uint8Array(orders.itemProduct.length);
  let found = 0;
  for (let i = 0; i < orders.count; i++) {
    const state = orders.state[i] as number;
    if (state !== STATE.paid && state !== STATE.refunding && state !== STATE.manual_enrolled) continue;
    for (let k = orders.itemStart[i] as number; k < (orders.itemStart[i + 1] as number); k++) {
      const c = catalog.products[orders.itemProduct[k] as number]!.courseIndex;
      if (c < 0) continue;
      const key = (orders.buyer[i] as number) * 64 + c;
      const bit = 1 << (key & 7);
      if ((seen[key >>> 3] as number) & bit) continue;
      seen[key >>> 3]! |= bit;
      fromOrder[found] = i;
      fromCourse[found] = c;
      found++;
    }
  }

  const store = new EnrollmentStore(found, no);
  for (let e = 0; e < found; e++) {
    const i = fromOrder[e]!;
    const c = fromCourse[e]!;
    const record = catalog.courses[c]!;
    const starts = record.lectureStart;
    const sections = starts.length - 1;
    const total = starts[sections]!;
    const paidAt = orders.paidAt[i] as number;
    const enrolledAt = Number.isNaN(paidAt) ? (orders.createdAt[i] as number) : paidAt;
    store.student[e] = orders.buyer[i] as number;
    store.course[e] = c;
    store.enrolledAt[e] = enrolledAt;

    let started = !rng.chance(record.sectionDropout[0]!);
    let lectures = 0;
    if (started) {
      lectures = total;
      for (let s = 0; s < sections; s++) {
        if (s > 0 && rng.chance(record.sectionDropout[s]!)) {
          lectures = starts[s]!;
          break;
        }
        if (rng.chance(0.14)) {
          lectures = starts[s]! + rng.int(starts[s + 1]! - starts[s]!);
          break;
        }
      }
    }
    // Time caps progress: a recent enrollment cannot be far along.
    const pace = 0.5 * Math.exp(0.6 * rng.normal()); // lectures per day
    const delay = rng.exponential(2 * DAY_MS);
    const available = now - enrolledAt - delay;
    if (available <= 0) {
      started = false;
      lectures = 0;
    } else {
      lectures = Math.min(lectures, Math.floor((available / DAY_MS) * pace));
    }
    store.lectures[e] = lectures;
    if (!started) {
      store.section[e] = -1;
      store.lastActivityAt[e] = NaN;
      store.completedAt[e] = NaN;
      continue;
    }
    const last = wholeSeconds(Math.min(now - 1000, enrolledAt + delay + (lectures / pace) * DAY_MS + rng.float() * 3_600_000));
    store.lastActivityAt[e] = last;
    let section = 0;
    while (section < sections - 1 && starts[section + 1]! <= lectures) section++;
    store.section[e] = section;
    store.completedAt[e] = lectures === total ? last : NaN;
  }
  const byStudent = group(store.student, studentCount);
  store.byStudentStart = byStudent.start;
  store.byStudent = byStudent.list;
  const byCourse = group(store.course, coursesCount);
  store.byCourseStart = byCourse.start;
  store.byCourse = byCourse.list;
  return store;
}

/**
 * Learners every school has near `now`, whatever day the data is made for (docs/business-api.md): two who
 * completed their course in the last days and two who stalled this week (last active 15 to 20 days ago, so they
 * crossed the 14 days of "stalled" in the last 7), taken from enrollments at least 40 days old.
 */
export function settleRecentLearning(store: EnrollmentStore, catalog: Catalog, now: number, rng: Random): void {
  const candidates: number[] = [];
  for (let e = 0; e < store.count; e++) if ((store.enrolledAt[e] as number) <= now - 40 * DAY_MS) candidates.push(e);
  // Four distinct ones, without shuffling half a million candidates.
  const chosen = new Set<number>();
  while (chosen.size < Math.min(4, candidates.length)) chosen.add(candidates[rng.int(candidates.length)]!);
  [...chosen].forEach((e, k) => {
    const starts = catalog.courses[store.course[e] as number]!.lectureStart;
    const sections = starts.length - 1;
    const total = starts[sections]!;
    if (k < 2) {
      const last = wholeSeconds(now - DAY_MS - rng.float() * 5 * DAY_MS);
      store.lectures[e] = total;
      store.section[e] = sections - 1;
      store.lastActivityAt[e] = last;
      store.completedAt[e] = last;
    } else {
      // Stopped inside a section past the first, short of the end.
      const section = 1 + rng.int(sections - 1);
      store.lectures[e] = starts[section]! + rng.int(starts[section + 1]! - starts[section]!);
      store.section[e] = section;
      store.lastActivityAt[e] = wholeSeconds(now - 15 * DAY_MS - rng.float() * 5 * DAY_MS);
      store.completedAt[e] = NaN;
    }
  });
}
