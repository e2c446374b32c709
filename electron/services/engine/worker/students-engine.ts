// The engine's students, per school, beside its orders (orders-engine.ts) in the same worker: synced from the
// platform in full once (students, then enrollments, then course titles; progress and Cancel), then by
// updated_since; kept as a StudentsTable and as a sealed snapshot (snapshot-store.ts) that answers offline.
// Plain logic with its host passed in, so tests run it in-process as well as in the worker.
import type { Answer } from '../../../../shared/ipc/data';
import { t } from '../../../../shared/i18n/i18n';
import type { StudentsLoadResult, StudentsStatus } from '../../../../shared/ipc/students';
import { DEFAULT_STUDENT_SORT } from '../../../../shared/ipc/students';
import { JobRegistry } from './jobs';
import type { EngineArgs, LoadMode, StudentsEngineApi } from '../contract/protocol';
import type { SnapshotStore } from './snapshot-store';
import { decodeStudentsSnapshot, encodeStudentsSnapshot } from './students-snapshot';
import { LearningColumns, learningReport, courseLearning, enrollmentsSeries, sectionFunnel } from './learning-report';
import { applyStudentChanges, StudentsTable } from './students-table';
import type { SyncedChange } from '../../../../shared/model/synced-change';
import { syncStudents, type StudentsResume } from './students-sync';
import { exportStudentsCsvFile } from './students-export';
import { SyncedCollection, type EngineHost, type Synced } from './synced-collection';

/** How old the synced enrollments may be before a learning question also checks the platform for changes. */
const LEARNING_FRESH_MS = 10 * 60_000;

/** The snapshot's name in the store: its own file beside the school's orders. */
export const studentsSnapshotId = (accountId: string) => `students\u0000${accountId}`;

export class StudentsEngine {
  readonly #jobs = new JobRegistry();
  readonly #students: SyncedCollection<StudentsTable, StudentsLoadResult, StudentsResume>;
  readonly #now: () => number;
  /** The learning columns of each synced copy: laid out right after it is made (#warmLearning), else on the first learning question. */
  readonly #learning = new WeakMap<StudentsTable, LearningColumns>();

  constructor(private readonly host: EngineHost, store: SnapshotStore) {
    this.#now = host.now ?? Date.now;
    this.#students = new SyncedCollection<StudentsTable, StudentsLoadResult, StudentsResume>(
      {
        name: 'students',
        snapshotId: studentsSnapshotId,
        sync: (context) => syncStudents(context, (table) => this.#warmLearning(table), host.logger),
        encode: (table, fetchedAt) => encodeStudentsSnapshot(table.data, fetchedAt),
        decode: (plain) => {
          const { data, fetchedAt } = decodeStudentsSnapshot(plain);
          return { table: this.#warmLearning(new StudentsTable(data)), fetchedAt };
        },
        result: (table, fetched, mode) => ({ students: table.size, enrollments: table.enrollmentCount, fetched, mode }),
        invalidated: 'students_refreshed',
      },
      host,
      store,
      this.#jobs,
    );
  }

  /** "Now" for stalled and last-active, to the minute: queries while the admin types share one moment (and the kept selection). */
  #minute(): number {
    return Math.floor(this.#now() / 60_000) * 60_000;
  }

  api(): { [M in keyof StudentsEngineApi]: (args: EngineArgs<M>) => Promise<ReturnType<StudentsEngineApi[M]>> } {
    return {
      'students.load': ({ accountId, mode, jobId }) => this.load(accountId, mode, jobId),
      'students.status': ({ accountId }) => this.status(accountId),
      'students.query': async ({ accountId, filters, sort, offset, limit, partial: soFar }) => {
        // Asked for: while a first sync runs (or after it stopped), the students so far, marked partial.
        const { synced, partial } = soFar ? await this.#students.answering(accountId) : { synced: await this.ensureLoaded(accountId), partial: null };
        const result = synced.table.query(filters, sort, offset, limit, this.#minute());
        return {
          data: { ...result, facets: synced.table.facets(), partial: partial && { expected: partial.expected, running: partial.running } },
          fetchedAt: synced.fetchedAt,
          fromCache: synced.fromCache,
        };
      },
      'learning.report': async ({ accountId, from, to }) => {
        const synced = await this.#students.held(accountId, LEARNING_FRESH_MS);
        if (!synced) return null;
        return { data: learningReport(this.learningColumns(synced.table), Date.parse(from), Date.parse(to)), fetchedAt: synced.fetchedAt, fromCache: synced.fromCache };
      },
      'learning.course': async ({ accountId, courseId, from, to, sections, interval, timeZone }) => {
        const synced = await this.#students.held(accountId, LEARNING_FRESH_MS);
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
      'students.tagsOf': async ({ accountId, studentId }) => {
        const held = await this.#students.opened(accountId);
        const at = held?.table.indexOf(studentId);
        return held && at !== undefined ? [...held.table.data.students[at]!.tags] : null;
      },
      'students.pick': async ({ accountId, ids, emails, filters }) => {
        const loaded = await this.ensureLoaded(accountId);
        const { table } = loaded;
        let positions: number[];
        if (ids) positions = ids.map((id) => table.indexOf(id)).filter((s): s is number => s !== undefined);
        else if (emails) positions = positionsOfEmails(table.data.students, emails);
        else positions = [...table.select(filters ?? {}, DEFAULT_STUDENT_SORT, this.#minute())];
        const students = table.data.students;
        return {
          data: { ids: positions.map((s) => students[s]!.id), emails: positions.map((s) => students[s]!.email) },
          fetchedAt: loaded.fetchedAt,
          fromCache: loaded.fromCache,
        };
      },
      'students.exportCsvFile': async (args) => {
        const loaded = await this.ensureLoaded(args.accountId);
        return this.#jobs.run(args.jobId, (job) => exportStudentsCsvFile(loaded, args, this.#minute(), job.signal, (event) => this.host.emit(event)), t('engine:exporting.job'));
      },
    };
  }

  /**
   * Lays out a new copy's learning columns just after the answer that made it has gone out, so the dashboards'
   * first learning question is a pass over columns, not a parse of every enrollment (seconds at a million). A
   * copy replaced or signed out meanwhile lets its columns go with it (the map is weak).
   */
  #warmLearning(table: StudentsTable): StudentsTable {
    setImmediate(() => this.learningColumns(table));
    return table;
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
    const loadingJobId = this.#students.loadingJobId(accountId);
    const loaded = await this.#students.opened(accountId);
    return { students: loaded?.table.size ?? null, enrollments: loaded?.table.enrollmentCount ?? null, fetchedAt: loaded?.fetchedAt ?? null, loadingJobId };
  }

  ensureLoaded(accountId: string): Promise<Synced<StudentsTable>> {
    return this.#students.ensureLoaded(accountId);
  }

  /** One sync per school at a time: a second caller joins the one in flight. */
  load(accountId: string, mode: LoadMode, jobId?: string): Promise<Answer<StudentsLoadResult>> {
    return this.#students.load(accountId, mode, jobId);
  }

  /** A write the app made (engine.applyWrite), in the synced students at once. */
  applyWrite(accountId: string, changes: readonly SyncedChange[]): Promise<number> {
    if (!changes.some((c) => c.kind !== 'subscription')) return Promise.resolve(0);
    return this.#students.apply(accountId, (table) => {
      const next = applyStudentChanges(table.data, changes);
      return { table: next.changed === 0 ? table : this.#warmLearning(new StudentsTable(next.data)), changed: next.changed };
    });
  }

  forget(accountId: string): Promise<void> {
    return this.#students.forget(accountId);
  }

  idle(): Promise<void> {
    return this.#students.idle();
  }
}

/** The students with these e-mail addresses (trimmed, any case), each once, in the order first given; unknown ones are left out. */
function positionsOfEmails(students: readonly { email: string }[], emails: readonly string[]): number[] {
  const at = new Map<string, number>();
  students.forEach((student, position) => at.set(student.email.trim().toLowerCase(), position));
  const out = new Set<number>();
  for (const email of emails) {
    const position = at.get(email.trim().toLowerCase());
    if (position !== undefined) out.add(position);
  }
  return [...out];
}
