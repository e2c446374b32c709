// The engine's students, per school, beside its orders (orders-engine.ts) in the same worker: synced from the
// platform in full once (students, then enrollments, then course titles; progress and Cancel), then by
// updated_since; kept as a StudentsTable and as a sealed snapshot (snapshot-store.ts) that answers offline.
// Plain logic with its host passed in, so tests run it in-process as well as in the worker.
import { AppError } from '../../../shared/errors';
import type { Answer } from '../../../shared/ipc/data';
import type { StudentsLoadResult, StudentsStatus } from '../../../shared/ipc/students';
import { DEFAULT_STUDENT_SORT } from '../../../shared/ipc/students';
import type { Student, StudentEnrollment } from '../../../shared/model/people';
import { JobRegistry } from '../data/jobs';
import { WriteQueue } from '../store/json-file';
import { courseTitlesRequest, enrollmentsBatchRequest, readCourseTitles, readEnrollmentsBatch } from '../platform/enrollments-feed';
import type { FeedPosition } from '../platform/orders-feed';
import { readStudentsBatch, studentsBatchRequest } from '../platform/students-feed';
import type { EngineHost } from './orders-engine';
import type { EngineArgs, LoadMode, StudentsEngineApi } from './protocol';
import type { SnapshotStore } from './snapshot-store';
import { decodeStudentsSnapshot, encodeStudentsSnapshot } from './students-snapshot';
import { LearningColumns, learningReport, courseLearning, enrollmentsSeries, sectionFunnel } from './learning-report';
import { mergeStudentsData, StudentsTable } from './students-table';

/** How old the synced enrollments may be before a learning question also checks the platform for changes. */
const LEARNING_FRESH_MS = 10 * 60_000;
const UNAVAILABLE = new Set(['offline', 'unreachable', 'server_error', 'timed_out']);
const isUnavailable = (error: unknown) => error instanceof AppError && UNAVAILABLE.has(error.code);

interface Loaded {
  table: StudentsTable;
  fetchedAt: string;
  fromCache: boolean;
}

interface SchoolState {
  loaded: Loaded | null;
  loading: { jobId: string; promise: Promise<Answer<StudentsLoadResult>> } | null;
  refreshAfterRestore: boolean;
  writes: WriteQueue;
  forgotten: boolean;
}

/** The snapshot's name in the store: its own file beside the school's orders. */
export const studentsSnapshotId = (accountId: string) => `students\u0000${accountId}`;

export class StudentsEngine {
  readonly #schools = new Map<string, SchoolState>();
  readonly #jobs = new JobRegistry();
  readonly #now: () => number;
  /** The learning columns of each synced copy: laid out right after it is made (#warmLearning), else on the first learning question. */
  readonly #learning = new WeakMap<StudentsTable, LearningColumns>();

  constructor(private readonly host: EngineHost, private readonly store: SnapshotStore) {
    this.#now = host.now ?? Date.now;
  }

  /** "Now" for stalled and last-active, to the minute: queries while the admin types share one moment (and the kept selection). */
  #minute(): number {
    return Math.floor(this.#now() / 60_000) * 60_000;
  }

  #school(accountId: string): SchoolState {
    let state = this.#schools.get(accountId);
    if (!state) {
      state = { loaded: null, loading: null, refreshAfterRestore: false, writes: new WriteQueue(), forgotten: false };
      this.#schools.set(accountId, state);
    }
    return state;
  }

  api(): { [M in keyof StudentsEngineApi]: (args: EngineArgs<M>) => Promise<ReturnType<StudentsEngineApi[M]>> } {
    return {
      'students.load': ({ accountId, mode, jobId }) => this.load(accountId, mode, jobId),
      'students.status': ({ accountId }) => this.status(accountId),
      'students.query': async ({ accountId, filters, sort, offset, limit }) => {
        const loaded = await this.ensureLoaded(accountId);
        const result = loaded.table.query(filters, sort, offset, limit, this.#minute());
        return { data: { ...result, facets: loaded.table.facets() }, fetchedAt: loaded.fetchedAt, fromCache: loaded.fromCache };
      },
      'learning.report': async ({ accountId, from, to }) => {
        const synced = await this.#synced(accountId);
        if (!synced) return null;
        return { data: learningReport(this.learningColumns(synced.table), Date.parse(from), Date.parse(to)), fetchedAt: synced.fetchedAt, fromCache: synced.fromCache };
      },
      'learning.course': async ({ accountId, courseId, from, to, sections, interval, timeZone }) => {
        const synced = await this.#synced(accountId);
        if (!synced) return null;
        const columns = this.learningColumns(synced.table);
        const start = Date.parse(from);
        const end = Date.parse(to);
        const data = {
          learning: courseLearning(learningReport(columns, start, end), courseId),
          funnel: sections ? sectionFunnel(columns, courseId, sections, start, end) : null,
          enrollmentsSeries: interval && timeZone ? enrollmentsSeries(columns, courseId, start, end, interval, timeZone) : null,
        };
        return { data, fetchedAt: synced.fetchedAt, fromCache: synced.fromCache };
      },
      'students.pick': async ({ accountId, ids, filters }) => {
        const loaded = await this.ensureLoaded(accountId);
        const { table } = loaded;
        let positions: number[];
        if (ids) positions = ids.map((id) => table.indexOf(id)).filter((s): s is number => s !== undefined);
        else positions = [...table.select(filters ?? {}, DEFAULT_STUDENT_SORT, this.#minute())];
        const students = table.data.students;
        return {
          data: { ids: positions.map((s) => students[s]!.id), emails: positions.map((s) => students[s]!.email) },
          fetchedAt: loaded.fetchedAt,
          fromCache: loaded.fromCache,
        };
      },
    };
  }

  /**
   * The synced copy (memory, else the snapshot), never waiting on the platform; null when none is there yet. A
   * copy from disk, or older than LEARNING_FRESH_MS, is checked for changes in the background: the dashboards
   * refetch on students_refreshed when something changed, and meanwhile show the copy with its age.
   */
  async #synced(accountId: string): Promise<Loaded | null> {
    await this.status(accountId);
    const state = this.#schools.get(accountId);
    const loaded = state?.loaded ?? null;
    if (state && loaded && !state.loading && (loaded.fromCache || this.#now() - Date.parse(loaded.fetchedAt) > LEARNING_FRESH_MS)) {
      this.load(accountId, 'incremental').catch((error: unknown) => {
        this.host.logger.info('the synced enrollments were not refreshed', { code: (error as AppError).code ?? 'unknown' });
      });
    }
    return loaded;
  }

  /**
   * Lays out a new copy's learning columns just after the answer that made it has gone out, so the dashboards'
   * first learning question is a pass over columns, not a parse of every enrollment (seconds at a million).
   */
  #warmLearning(table: StudentsTable): void {
    setImmediate(() => {
      // Not for a copy already replaced or signed out meanwhile.
      if ([...this.#schools.values()].some((state) => state.loaded?.table === table)) this.learningColumns(table);
    });
  }

  learningColumns(table: StudentsTable): LearningColumns {
    let columns = this.#learning.get(table);
    if (!columns) {
      columns = new LearningColumns(table.data);
      this.#learning.set(table, columns);
    }
    return columns;
  }

  cancel(jobId: string): boolean {
    return this.#jobs.cancel(jobId);
  }

  async status(accountId: string): Promise<StudentsStatus> {
    const state = this.#school(accountId);
    const loadingJobId = state.loading?.jobId ?? null;
    if (!state.loaded && !state.loading) {
      const restored = await this.#restore(accountId);
      if (restored) state.loaded = restored;
    }
    const loaded = state.loaded;
    return { students: loaded?.table.size ?? null, enrollments: loaded?.table.enrollmentCount ?? null, fetchedAt: loaded?.fetchedAt ?? null, loadingJobId };
  }

  async ensureLoaded(accountId: string): Promise<Loaded> {
    const state = this.#school(accountId);
    if (state.loaded) return state.loaded;
    if (state.loading) await state.loading.promise;
    else await this.load(accountId, 'auto');
    if (!state.loaded) throw new AppError('internal', 'The students could not be loaded.');
    return state.loaded;
  }

  /** One sync per school at a time: a second caller joins the one in flight. */
  load(accountId: string, mode: LoadMode, jobId?: string): Promise<Answer<StudentsLoadResult>> {
    const state = this.#school(accountId);
    if (state.loading) return state.loading.promise;
    const id = jobId ?? `students.load:${accountId}:${this.#now()}`;
    const promise = this.#jobs
      .run(id, (job) => this.#load(accountId, state, mode, job.id, job.signal), 'Loading the students')
      .finally(() => {
        state.loading = null;
        if (state.refreshAfterRestore && !state.forgotten) {
          state.refreshAfterRestore = false;
          this.load(accountId, 'incremental').catch((error: unknown) => {
            this.host.logger.warn('refreshing the saved students failed', { code: (error as AppError).code ?? 'unknown' });
          });
        }
      });
    state.loading = { jobId: id, promise };
    return promise;
  }

  async #load(accountId: string, state: SchoolState, mode: LoadMode, jobId: string, signal: AbortSignal): Promise<Answer<StudentsLoadResult>> {
    const inMemory = state.loaded !== null;
    if (!state.loaded && mode !== 'full') {
      const restored = await this.#restore(accountId);
      if (restored) {
        state.loaded = restored;
        if (mode === 'auto') {
          state.refreshAfterRestore = true;
          return { data: { students: restored.table.size, enrollments: restored.table.enrollmentCount, fetched: 0, mode: 'disk' }, fetchedAt: restored.fetchedAt, fromCache: true };
        }
      }
    }
    const base = mode === 'full' ? null : state.loaded;
    const startedAt = new Date(this.#now()).toISOString();
    const label = base ? 'Checking for changed students' : 'Loading students';
    const progress = (loaded: number, total: number | null, done: boolean) =>
      this.host.emit({ event: 'data.progress', payload: { jobId, accountId, loaded, total, label, done } });
    progress(0, null, false);

    let fetched: Awaited<ReturnType<StudentsEngine['fetchAll']>>;
    try {
      fetched = await this.fetchAll(accountId, base?.table.studentsSince ?? undefined, base?.table.enrollmentsSince ?? undefined, signal, (loaded, total) => progress(loaded, total, false));
    } catch (error) {
      progress(0, null, true);
      if (!signal.aborted && isUnavailable(error)) {
        const fallback = state.loaded ?? (await this.#restore(accountId));
        if (fallback) {
          state.loaded = { ...fallback, fromCache: true };
          this.host.reachable(accountId, false);
          return { data: { students: fallback.table.size, enrollments: fallback.table.enrollmentCount, fetched: 0, mode: inMemory ? 'memory' : 'disk' }, fetchedAt: fallback.fetchedAt, fromCache: true };
        }
      }
      throw error;
    }
    this.host.reachable(accountId, true);
    const courseTitles = fetched.courseTitles ?? base?.table.data.courseTitles ?? {};
    let table: StudentsTable;
    let changed: number;
    if (base) {
      const merged = mergeStudentsData(base.table.data, fetched, courseTitles);
      changed = merged.changed;
      table = changed === 0 && fetched.courseTitles === null ? base.table : new StudentsTable(merged.data);
    } else {
      table = new StudentsTable({ ...dedupe(fetched), courseTitles });
      changed = table.size;
    }
    if (signal.aborted) throw signal.reason ?? new AppError('cancelled', 'Cancelled.');
    if (state.forgotten) throw new AppError('cancelled', 'The school was signed out.');
    state.loaded = { table, fetchedAt: startedAt, fromCache: false };
    const count = fetched.students.length + fetched.enrollments.length;
    progress(count, count, true);
    if (base && changed > 0) this.host.emit({ event: 'data.invalidated', payload: { accountId, reason: 'students_refreshed' } });
    this.#persist(accountId, state);
    this.#warmLearning(table);
    return { data: { students: table.size, enrollments: table.enrollmentCount, fetched: count, mode: base ? 'incremental' : 'full' }, fetchedAt: startedAt, fromCache: false };
  }

  /** Students, then enrollments (changed since the given times, or all), then the course titles. Progress counts records of both. */
  async fetchAll(accountId: string, studentsSince: string | undefined, enrollmentsSince: string | undefined, signal: AbortSignal, onPage: (loaded: number, total: number) => void) {
    const students: Student[] = [];
    const studentUpdatedAt: string[] = [];
    const enrollments: StudentEnrollment[] = [];
    const enrollmentUpdatedAt: string[] = [];
    let studentsTotal = 0;
    let enrollmentsTotal: number | null = null;
    const report = () => {
      const loaded = students.length + enrollments.length;
      // The enrollments' total is known only from their first page: until then, students alone.
      onPage(loaded, Math.max(loaded, studentsTotal + (enrollmentsTotal ?? 0)));
    };
    await pageThrough(signal, 'students', async (position) => {
      const batch = readStudentsBatch(await this.host.page(studentsBatchRequest(accountId, studentsSince, position), signal));
      students.push(...batch.students);
      studentUpdatedAt.push(...batch.updatedAt);
      studentsTotal = batch.total;
      report();
      return batch.next;
    });
    await pageThrough(signal, 'enrollments', async (position) => {
      const batch = readEnrollmentsBatch(await this.host.page(enrollmentsBatchRequest(accountId, enrollmentsSince, position), signal));
      enrollments.push(...batch.enrollments);
      enrollmentUpdatedAt.push(...batch.updatedAt);
      enrollmentsTotal = batch.total;
      report();
      return batch.next;
    });
    // Titles name the course filter; without courses:read (or offline halfway) the ids stand in.
    let courseTitles: Record<string, string> | null = {};
    try {
      await pageThrough(signal, 'courses', async (position) => {
        const batch = readCourseTitles(await this.host.page(courseTitlesRequest(accountId, position), signal));
        for (const { id, title } of batch.titles) courseTitles![id] = title;
        return batch.next;
      });
    } catch (error) {
      if (signal.aborted) throw error;
      this.host.logger.info('course titles for the students not read', { code: (error as AppError).code ?? 'unknown' });
      courseTitles = null;
    }
    return { students, studentUpdatedAt, enrollments, enrollmentUpdatedAt, courseTitles };
  }

  #persist(accountId: string, state: SchoolState): void {
    const loaded = state.loaded;
    if (!loaded || state.forgotten) return;
    void state.writes.run(async () => {
      if (state.loaded !== loaded || state.forgotten) return;
      const key = this.host.key(accountId);
      if (!key) return;
      try {
        await this.store.write(studentsSnapshotId(accountId), key, encodeStudentsSnapshot(loaded.table.data, loaded.fetchedAt));
      } catch (error) {
        this.host.logger.warn('students snapshot not written', { error: (error as Error).message });
      }
      if (state.forgotten) await this.store.remove(studentsSnapshotId(accountId));
    });
  }

  async #restore(accountId: string): Promise<Loaded | null> {
    const key = this.host.key(accountId);
    if (!key) return null;
    try {
      const plain = await this.store.read(studentsSnapshotId(accountId), key);
      if (!plain) return null;
      const { data, fetchedAt } = decodeStudentsSnapshot(plain);
      const table = new StudentsTable(data);
      this.#warmLearning(table);
      return { table, fetchedAt, fromCache: true };
    } catch (error) {
      this.host.logger.warn('students snapshot refused, loading from the platform', { error: (error as Error).message });
      await this.store.remove(studentsSnapshotId(accountId));
      return null;
    }
  }

  async forget(accountId: string): Promise<void> {
    const state = this.#schools.get(accountId);
    this.#schools.delete(accountId);
    if (state) {
      state.forgotten = true;
      state.loaded = null;
      if (state.loading) this.#jobs.cancel(state.loading.jobId);
      await state.loading?.promise.catch(() => undefined);
      await state.writes.run(async () => undefined);
    }
    await this.store.remove(studentsSnapshotId(accountId));
  }

  async idle(): Promise<void> {
    await Promise.all([...this.#schools.values()].map((s) => s.writes.run(async () => undefined)));
  }
}

async function pageThrough(signal: AbortSignal, what: string, page: (position: FeedPosition) => Promise<FeedPosition>): Promise<void> {
  const seen = new Set<string>();
  let position: FeedPosition = null;
  for (;;) {
    if (signal.aborted) throw signal.reason ?? new AppError('cancelled', 'Cancelled.');
    const next = await page(position);
    if (next === null) return;
    if (seen.has(next)) throw new AppError('bad_response', `The platform sent the same page of ${what} twice, so loading stopped.`);
    seen.add(next);
    position = next;
  }
}

/** A record that changed while paging may come twice: the later copy wins. */
function dedupe(f: { students: Student[]; studentUpdatedAt: string[]; enrollments: StudentEnrollment[]; enrollmentUpdatedAt: string[] }) {
  const empty = { students: [], studentUpdatedAt: [], enrollments: [], enrollmentUpdatedAt: [] };
  return mergeStudentsData({ ...empty, courseTitles: {} }, f, {}).data;
}
