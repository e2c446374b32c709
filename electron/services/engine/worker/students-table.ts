// The Students page's table, in the engine's worker: every student of a school with its enrollments, as
// columns (typed arrays for what a query reads: join time, courses, progress, last activity, tag codes,
// enrollments grouped per student), plus the records themselves for the rows that leave the engine.
// Searching, filtering and sorting happen here, never on the main process or in the renderer. Sort orders are
// computed once per key and walked either way; the last selection is kept, so scrolling only slices.
import type { SyncedChange } from '../../../../shared/model/synced-change';
import type { Student, StudentEnrollment } from '../../../../shared/model/people';
import { NEWLY_STALLED_DAYS, STALLED_AFTER_DAYS } from '../../../../shared/model/learning-status';
import type { StudentFacets, StudentFilters, StudentRow, StudentSort, StudentSortKey } from '../../../../shared/ipc/students';
import { currentUiLocale } from '../../../../shared/i18n/i18n';

const DAY_MS = 86_400_000;
const STALLED_MS = STALLED_AFTER_DAYS * DAY_MS;
const NEWLY_STALLED_MS = NEWLY_STALLED_DAYS * DAY_MS;
const LAST_ACTIVE_DAYS = { '7d': 7, '30d': 30, '90d': 90 } as const;
const collators = new Map<string, Intl.Collator>();
/**
 * How names and e-mails sort: in the worker's UI locale (Chinese names in 繁體中文 order), case and accents
 * aside, digits as numbers (docs/ui.md).
 */
export function nameCollator(locale = currentUiLocale().locale): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) collators.set(locale, (collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true })));
  return collator;
}

/** What the engine syncs and keeps: the records in the app's model, each with its platform change time. */
export interface StudentsData {
  students: Student[];
  studentUpdatedAt: string[];
  enrollments: StudentEnrollment[];
  enrollmentUpdatedAt: string[];
  /** Course id → title, for the course filter (ids stand in when titles could not be read). */
  courseTitles: Record<string, string>;
}

interface StudentsQueryAnswer {
  rows: StudentRow[];
  offset: number;
  total: number;
  loaded: number;
}

const parseTime = (text: string | null): number => (text === null ? NaN : Date.parse(text));

function latest(times: readonly string[]): string | null {
  let best: string | null = null;
  let bestMs = -Infinity;
  for (const t of times) {
    const ms = Date.parse(t);
    if (ms > bestMs) {
      bestMs = ms;
      best = t;
    }
  }
  return best;
}

/** The columns a CSV export reads (StudentsTable.exportColumns). */
export interface StudentsExportColumns {
  students: readonly Student[];
  courseTitles: Readonly<Record<string, string>>;
  joinedAt: Float64Array;
  /** NaN when never active. */
  lastActive: Float64Array;
  /** Enrollments per student (CSR): enList[enStart[s] … enStart[s + 1]) are positions into enCourse. */
  enStart: Uint32Array;
  enList: Uint32Array;
  /** Course code per enrollment; courseDict[code] is the course id. */
  enCourse: Uint16Array;
  courseDict: readonly string[];
  isStalled(enrollment: number, now: number): boolean;
}

export class StudentsTable {
  readonly size: number;
  readonly enrollmentCount: number;
  /** The newest change time seen of each kind: the next incremental sync asks for what changed since. */
  readonly studentsSince: string | null;
  readonly enrollmentsSince: string | null;

  readonly #joinedAt: Float64Array;
  readonly #searchText: string[];
  readonly #tagStart: Uint32Array;
  readonly #tagCodes: Uint16Array;
  readonly #tagDict: string[];
  /** Enrollments grouped per student (CSR): positions into the enrollment columns. */
  readonly #enStart: Uint32Array;
  readonly #enList: Uint32Array;
  readonly #enCourse: Uint16Array;
  readonly #enActiveAt: Float64Array; // last activity, else enrolment (the stalled clock)
  readonly #enCompleted: Uint8Array;
  readonly #courseDict: string[];
  readonly #coursesCount: Uint16Array;
  readonly #avgProgress: Float64Array; // NaN without courses
  readonly #lastActive: Float64Array; // NaN when never active
  readonly #byId = new Map<string, number>();
  readonly #sortOrders = new Map<string, { ascending: Uint32Array; nullsAtEnd: number }>();
  #stalled: { now: number; any: Uint8Array } | null = null;
  #newlyStalled: { now: number; any: Uint8Array } | null = null;
  #last: { key: string; rest: string; text: string; positions: Uint32Array } | null = null;
  #facets: StudentFacets | null = null;

  constructor(readonly data: StudentsData) {
    const { students, enrollments } = data;
    const n = students.length;
    this.size = n;
    this.studentsSince = latest(data.studentUpdatedAt);
    this.enrollmentsSince = latest(data.enrollmentUpdatedAt);
    this.#joinedAt = new Float64Array(n);
    this.#searchText = new Array<string>(n);
    const tagIndex = new Map<string, number>();
    this.#tagDict = [];
    this.#tagStart = new Uint32Array(n + 1);
    const tagCodes: number[] = [];
    for (let s = 0; s < n; s++) {
      const student = students[s]!;
      this.#byId.set(student.id, s);
      this.#joinedAt[s] = Date.parse(student.joinedAt);
      this.#searchText[s] = `${student.name}\n${student.email}`.toLowerCase();
      for (const tag of student.tags) {
        let code = tagIndex.get(tag);
        if (code === undefined) {
          code = this.#tagDict.length;
          tagIndex.set(tag, code);
          this.#tagDict.push(tag);
        }
        tagCodes.push(code);
      }
      this.#tagStart[s + 1] = tagCodes.length;
    }
    this.#tagCodes = Uint16Array.from(tagCodes);

    // Enrollments of students the engine does not hold (not synced yet) stay in the data, out of the list.
    const owner = new Int32Array(enrollments.length);
    const courseIndex = new Map<string, number>();
    this.#courseDict = [];
    this.#enStart = new Uint32Array(n + 1);
    this.#enCourse = new Uint16Array(enrollments.length);
    this.#enActiveAt = new Float64Array(enrollments.length);
    this.#enCompleted = new Uint8Array(enrollments.length);
    this.#coursesCount = new Uint16Array(n);
    this.#avgProgress = new Float64Array(n);
    this.#lastActive = new Float64Array(n).fill(NaN);
    const progressSum = new Float64Array(n);
    let held = 0;
    for (let e = 0; e < enrollments.length; e++) {
      const enrollment = enrollments[e]!;
      const s = this.#byId.get(enrollment.studentId) ?? -1;
      owner[e] = s;
      let code = courseIndex.get(enrollment.courseId);
      if (code === undefined) {
        code = this.#courseDict.length;
        courseIndex.set(enrollment.courseId, code);
        this.#courseDict.push(enrollment.courseId);
      }
      this.#enCourse[e] = code;
      const last = parseTime(enrollment.lastActivityAt);
      this.#enActiveAt[e] = Number.isNaN(last) ? Date.parse(enrollment.enrolledAt) : last;
      this.#enCompleted[e] = enrollment.completedAt === null ? 0 : 1;
      if (s < 0) continue;
      held++;
      this.#enStart[s + 1]!++;
      this.#coursesCount[s]!++;
      progressSum[s]! += enrollment.progress;
      if (!Number.isNaN(last) && !(last <= this.#lastActive[s]!)) this.#lastActive[s] = last;
    }
    this.enrollmentCount = held;
    for (let s = 0; s < n; s++) {
      this.#enStart[s + 1]! += this.#enStart[s]!;
      this.#avgProgress[s] = this.#coursesCount[s] === 0 ? NaN : progressSum[s]! / this.#coursesCount[s]!;
    }
    const fill = this.#enStart.slice(0, n);
    this.#enList = new Uint32Array(held);
    for (let e = 0; e < enrollments.length; e++) {
      const s = owner[e]!;
      if (s >= 0) this.#enList[fill[s]!++] = e;
    }
  }

  indexOf(studentId: string): number | undefined {
    return this.#byId.get(studentId);
  }

  /** Per student: stalled in at least one course at `now` (same rule as shared/model/learning-status.ts). */
  #stalledAny(now: number): Uint8Array {
    if (this.#stalled?.now === now) return this.#stalled.any;
    const any = new Uint8Array(this.size);
    for (let s = 0; s < this.size; s++) {
      for (let k = this.#enStart[s]!; k < this.#enStart[s + 1]!; k++) {
        if (this.#isStalled(this.#enList[k]!, now)) {
          any[s] = 1;
          break;
        }
      }
    }
    this.#stalled = { now, any };
    return any;
  }

  /** Per student: stalled this week in at least one course (shared/model/learning-status.ts, stalledThisWeek). */
  #newlyStalledAny(now: number): Uint8Array {
    if (this.#newlyStalled?.now === now) return this.#newlyStalled.any;
    const any = new Uint8Array(this.size);
    for (let s = 0; s < this.size; s++) {
      for (let k = this.#enStart[s]!; k < this.#enStart[s + 1]!; k++) {
        if (this.#isNewlyStalled(this.#enList[k]!, now)) {
          any[s] = 1;
          break;
        }
      }
    }
    this.#newlyStalled = { now, any };
    return any;
  }

  #isNewlyStalled(e: number, now: number): boolean {
    return this.#isStalled(e, now) && !this.#isStalled(e, now - NEWLY_STALLED_MS);
  }

  #isStalled(e: number, now: number): boolean {
    return this.#enCompleted[e] === 0 && now - this.#enActiveAt[e]! > STALLED_MS;
  }

  /** The student's enrollment in course `code`, or -1. */
  #enrollmentIn(s: number, code: number): number {
    for (let k = this.#enStart[s]!; k < this.#enStart[s + 1]!; k++) if (this.#enCourse[this.#enList[k]!] === code) return this.#enList[k]!;
    return -1;
  }

  #sortOrder(key: StudentSortKey): { ascending: Uint32Array; nullsAtEnd: number } {
    // A text order belongs to the UI language it was sorted in: a switch of language sorts again.
    const collator = nameCollator();
    const cacheKey = key === 'name' || key === 'email' ? `${key}|${collator.resolvedOptions().locale}` : key;
    const cached = this.#sortOrders.get(cacheKey);
    if (cached) return cached;
    const n = this.size;
    const order = new Uint32Array(n);
    let count = 0;
    const nulls: number[] = [];
    let numeric: Float64Array | null = null;
    if (key === 'joined') numeric = this.#joinedAt;
    else if (key === 'progress') numeric = this.#avgProgress;
    else if (key === 'lastActive') numeric = this.#lastActive;
    else if (key === 'courses') numeric = Float64Array.from(this.#coursesCount);
    for (let s = 0; s < n; s++) {
      if (numeric && Number.isNaN(numeric[s]!)) nulls.push(s);
      else order[count++] = s;
    }
    const head = order.subarray(0, count);
    if (numeric) {
      const values = numeric;
      // Ties by position (the platform's id order): a stable sort of positions already in that order.
      head.sort((a, b) => values[a]! - values[b]! || a - b);
    } else {
      const field = key === 'name' ? 'name' : 'email';
      const texts = this.data.students.map((st) => st[field]);
      head.sort((a, b) => collator.compare(texts[a]!, texts[b]!) || a - b);
    }
    order.set(nulls, count);
    const entry = { ascending: order, nullsAtEnd: nulls.length };
    this.#sortOrders.set(cacheKey, entry);
    return entry;
  }

  /** Positions of the students matching `filters`, in `sort` order. */
  select(filters: StudentFilters, sort: StudentSort, now: number): Uint32Array {
    // The UI language is part of the answer: names sort in its order.
    const language = currentUiLocale().locale;
    const key = JSON.stringify([filters, sort, now, language]);
    if (this.#last?.key === key) return this.#last.positions;
    const n = this.size;
    const text = filters.text?.trim().toLowerCase() ?? '';
    const rest = JSON.stringify([{ ...filters, text: undefined }, sort, now, language]);
    // Typing on: the new text extends the last one under the same filters and sort, so its matches are among
    // the last matches, already in order; only those are searched again.
    const last = this.#last;
    if (last && last.rest === rest && text.length > last.text.length && text.startsWith(last.text)) {
      const narrowed = new Uint32Array(last.positions.length);
      let count = 0;
      for (const s of last.positions) if (this.#searchText[s]!.includes(text)) narrowed[count++] = s;
      const positions = narrowed.slice(0, count);
      this.#last = { key, rest, text, positions };
      return positions;
    }
    const courseCode = filters.courseId === undefined ? -1 : this.#courseDict.indexOf(filters.courseId);
    const tagCode = filters.tag === undefined ? -1 : this.#tagDict.indexOf(filters.tag);
    const stalledAny = filters.stalled !== undefined && filters.courseId === undefined ? this.#stalledAny(now) : null;
    const newlyStalledAny = filters.stalledThisWeek && filters.courseId === undefined ? this.#newlyStalledAny(now) : null;
    const activeDays = filters.lastActive && filters.lastActive !== 'never' ? LAST_ACTIVE_DAYS[filters.lastActive] : null;
    const activeFrom = activeDays === null ? NaN : now - activeDays * DAY_MS;
    const match = (s: number): boolean => {
      if (text && !this.#searchText[s]!.includes(text)) return false;
      if (filters.tag !== undefined) {
        if (tagCode < 0) return false;
        let found = false;
        for (let k = this.#tagStart[s]!; k < this.#tagStart[s + 1]!; k++) if (this.#tagCodes[k] === tagCode) found = true;
        if (!found) return false;
      }
      if (filters.courseId !== undefined) {
        const e = courseCode < 0 ? -1 : this.#enrollmentIn(s, courseCode);
        if (e < 0) return false;
        if (filters.stalled !== undefined && this.#isStalled(e, now) !== filters.stalled) return false;
        if (filters.stalledThisWeek && !this.#isNewlyStalled(e, now)) return false;
      } else {
        if (stalledAny && (stalledAny[s] === 1) !== filters.stalled) return false;
        if (newlyStalledAny && newlyStalledAny[s] !== 1) return false;
      }
      if (filters.lastActive === 'never' && !Number.isNaN(this.#lastActive[s]!)) return false;
      if (activeDays !== null && !(this.#lastActive[s]! >= activeFrom)) return false;
      return true;
    };
    const { ascending, nullsAtEnd } = this.#sortOrder(sort.key);
    const out = new Uint32Array(n);
    let count = 0;
    const valued = n - nullsAtEnd;
    if (sort.direction === 'asc') {
      for (let k = 0; k < n; k++) if (match(ascending[k]!)) out[count++] = ascending[k]!;
    } else {
      // Descending keeps ties in id order (as the platform breaks them) and the students without a value last.
      let k = valued - 1;
      while (k >= 0) {
        let start = k;
        while (start > 0 && this.#sameKey(sort.key, ascending[start - 1]!, ascending[k]!)) start--;
        for (let j = start; j <= k; j++) if (match(ascending[j]!)) out[count++] = ascending[j]!;
        k = start - 1;
      }
      for (let j = valued; j < n; j++) if (match(ascending[j]!)) out[count++] = ascending[j]!;
    }
    const positions = out.slice(0, count);
    this.#last = { key, rest, text, positions };
    return positions;
  }

  #sameKey(key: StudentSortKey, a: number, b: number): boolean {
    switch (key) {
      case 'joined': return this.#joinedAt[a] === this.#joinedAt[b];
      case 'progress': return this.#avgProgress[a] === this.#avgProgress[b];
      case 'lastActive': return this.#lastActive[a] === this.#lastActive[b];
      case 'courses': return this.#coursesCount[a] === this.#coursesCount[b];
      case 'name': return nameCollator().compare(this.data.students[a]!.name, this.data.students[b]!.name) === 0;
      case 'email': return nameCollator().compare(this.data.students[a]!.email, this.data.students[b]!.email) === 0;
    }
  }

  query(filters: StudentFilters, sort: StudentSort, offset: number, limit: number, now: number): StudentsQueryAnswer {
    const positions = this.select(filters, sort, now);
    const start = Math.min(offset, positions.length);
    const end = Math.min(positions.length, start + limit);
    const rows: StudentRow[] = [];
    for (let k = start; k < end; k++) rows.push(this.row(positions[k]!, now));
    return { rows, offset: start, total: positions.length, loaded: this.size };
  }

  row(s: number, now: number): StudentRow {
    const student = this.data.students[s]!;
    const last = this.#lastActive[s]!;
    const average = this.#avgProgress[s]!;
    let stalled = false;
    for (let k = this.#enStart[s]!; k < this.#enStart[s + 1]! && !stalled; k++) stalled = this.#isStalled(this.#enList[k]!, now);
    return {
      ...student,
      tags: [...student.tags],
      coursesCount: this.#coursesCount[s]!,
      averageProgress: Number.isNaN(average) ? null : Math.min(1, Math.max(0, average)),
      lastActiveAt: Number.isNaN(last) ? null : new Date(last).toISOString(),
      stalled,
    };
  }

  /** What a CSV export reads per student, straight from the columns (students-csv.ts): no row object per student. */
  exportColumns(): StudentsExportColumns {
    return {
      students: this.data.students, courseTitles: this.data.courseTitles, joinedAt: this.#joinedAt, lastActive: this.#lastActive,
      enStart: this.#enStart, enList: this.#enList, enCourse: this.#enCourse, courseDict: this.#courseDict,
      isStalled: (e, now) => this.#isStalled(e, now),
    };
  }

  facets(): StudentFacets {
    if (this.#facets) return this.#facets;
    const perCourse = new Uint32Array(this.#courseDict.length);
    for (let k = 0; k < this.#enList.length; k++) perCourse[this.#enCourse[this.#enList[k]!]!]!++;
    const perTag = new Uint32Array(this.#tagDict.length);
    for (let k = 0; k < this.#tagCodes.length; k++) perTag[this.#tagCodes[k]!]!++;
    const titles = this.data.courseTitles;
    const courses = this.#courseDict
      .map((id, c) => ({ id, title: titles[id] ?? id, students: perCourse[c]! }))
      .filter((c) => c.students > 0)
      .sort((a, b) => a.title.localeCompare(b.title) || (a.id < b.id ? -1 : 1));
    const tags = this.#tagDict.map((tag, t) => ({ tag, students: perTag[t]! })).sort((a, b) => a.tag.localeCompare(b.tag));
    this.#facets = { courses, tags };
    return this.#facets;
  }
}

/**
 * The data after an incremental sync: changed records replace those with the same id, new ones are added
 * (updated_since is inclusive, so the newest record seen comes back unchanged and merges as a no-op).
 */
export function mergeStudentsData(base: StudentsData, changes: { students: Student[]; studentUpdatedAt: string[]; enrollments: StudentEnrollment[]; enrollmentUpdatedAt: string[] }, courseTitles: Record<string, string>): { data: StudentsData; changed: number } {
  const students = [...base.students];
  const studentUpdatedAt = [...base.studentUpdatedAt];
  const byStudent = new Map<string, number>();
  students.forEach((s, i) => byStudent.set(s.id, i));
  let changed = 0;
  changes.students.forEach((student, k) => {
    const i = byStudent.get(student.id);
    if (i === undefined) {
      byStudent.set(student.id, students.length);
      students.push(student);
      studentUpdatedAt.push(changes.studentUpdatedAt[k]!);
      changed++;
    } else if (studentUpdatedAt[i] !== changes.studentUpdatedAt[k] || JSON.stringify(students[i]) !== JSON.stringify(student)) {
      students[i] = student;
      studentUpdatedAt[i] = changes.studentUpdatedAt[k]!;
      changed++;
    }
  });
  const enrollments = [...base.enrollments];
  const enrollmentUpdatedAt = [...base.enrollmentUpdatedAt];
  const byEnrollment = new Map<string, number>();
  enrollments.forEach((e, i) => byEnrollment.set(e.id, i));
  changes.enrollments.forEach((enrollment, k) => {
    const i = byEnrollment.get(enrollment.id);
    if (i === undefined) {
      byEnrollment.set(enrollment.id, enrollments.length);
      enrollments.push(enrollment);
      enrollmentUpdatedAt.push(changes.enrollmentUpdatedAt[k]!);
      changed++;
    } else if (enrollmentUpdatedAt[i] !== changes.enrollmentUpdatedAt[k] || JSON.stringify(enrollments[i]) !== JSON.stringify(enrollment)) {
      enrollments[i] = enrollment;
      enrollmentUpdatedAt[i] = changes.enrollmentUpdatedAt[k]!;
      changed++;
    }
  });
  return { data: { students, studentUpdatedAt, enrollments, enrollmentUpdatedAt, courseTitles }, changed };
}

/**
 * A write the app made, put into the synced students (engine.applyWrite): a student as the platform answered
 * (their tags), an enrollment added or removed. Each keeps the sync's cursor where it was (an existing
 * student's updated_at, the latest enrollment's for a new one), so the next sync still reads them and confirms.
 */
export function applyStudentChanges(base: StudentsData, changes: readonly SyncedChange[]): { data: StudentsData; changed: number } {
  let students = base.students;
  let enrollments = base.enrollments;
  let enrollmentUpdatedAt = base.enrollmentUpdatedAt;
  let changed = 0;
  for (const change of changes) {
    if (change.kind === 'student') {
      const i = students.findIndex((s) => s.id === change.student.id);
      if (i < 0 || JSON.stringify(students[i]) === JSON.stringify(change.student)) continue;
      students = students.map((s, k) => (k === i ? change.student : s));
      changed++;
    } else if (change.kind === 'enrollment.added') {
      if (enrollments.some((e) => e.id === change.enrollment.id)) continue;
      enrollments = [...enrollments, change.enrollment];
      enrollmentUpdatedAt = [...enrollmentUpdatedAt, latest(enrollmentUpdatedAt) ?? new Date(0).toISOString()];
      changed++;
    } else if (change.kind === 'enrollment.removed') {
      const i = enrollments.findIndex((e) => e.id === change.enrollmentId);
      if (i < 0) continue;
      enrollments = enrollments.filter((_, k) => k !== i);
      enrollmentUpdatedAt = enrollmentUpdatedAt.filter((_, k) => k !== i);
      changed++;
    }
  }
  return { data: { ...base, students, enrollments, enrollmentUpdatedAt }, changed };
}
