// How the engine's students and enrollments are brought from the platform (the students collection's sync,
// students-engine.ts): both lists walked at once, each page's records kept as they arrive; a first sync shows
// the students so far while it runs and, stopped (Cancel, a failure), goes on from where each walk was; then
// the course titles (without them the ids stand in). A later sync reads what changed since the newest change of
// each list it holds.
import type { AppError } from '../../../../shared/errors';
import { courseTitlesReader, courseTitlesWalk, enrollmentsReader, enrollmentsWalk } from '../../platform/enrollments-feed';
import { studentsReader, studentsWalk } from '../../platform/students-feed';
import type { Logger } from '../../log';
import { runWalks, walkStates, type WalkState } from './page-walks';
import { mergeStudentsData, StudentsTable, type StudentsData } from './students-table';
import type { SyncContext, SyncOutcome } from './synced-collection';

/** The rows so far are shown again once they have doubled, or this long after the last time. */
const PUBLISH_EVERY_MS = 4000;

type Fetched = Omit<StudentsData, 'courseTitles'>;

/** What a first sync has so far: kept when it stops, so the next sync goes on from it. */
export interface StudentsResume {
  fetched: Fetched;
  students: WalkState[];
  enrollments: WalkState[];
}

export async function syncStudents(context: SyncContext<StudentsTable, StudentsResume>, warm: (table: StudentsTable) => StudentsTable, logger: Logger): Promise<SyncOutcome<StudentsTable>> {
  const { accountId, base, signal, profile, page } = context;
  const state: StudentsResume = context.resume ?? {
    fetched: { students: [], studentUpdatedAt: [], enrollments: [], enrollmentUpdatedAt: [] },
    students: walkStates([studentsWalk(accountId, base?.studentsSince ?? undefined)]),
    enrollments: walkStates([enrollmentsWalk(accountId, base?.enrollmentsSince ?? undefined)]),
  };
  if (!base) context.keep(state);
  const { fetched } = state;
  const totals = { students: 0, enrollments: null as number | null };
  let shown = { rows: 0, at: 0 };
  const report = (all = false) => {
    const loaded = fetched.students.length + fetched.enrollments.length;
    // The enrollments' total is known only from their first page: until then, students alone.
    const expected = totals.students + (totals.enrollments ?? 0);
    context.progress(loaded, Math.max(loaded, expected));
    const now = performance.now();
    if (base || fetched.students.length === 0 || loaded === shown.rows || (!all && loaded < shown.rows * 2 && now - shown.at < PUBLISH_EVERY_MS)) return;
    shown = { rows: loaded, at: now };
    const table = profile.time('index', () => new StudentsTable({ ...dedupe(fetched), courseTitles: {} }));
    context.publish(table, table.size, totals.students || null);
  };

  // The two lists at once; one failing stops the other.
  const stop = new AbortController();
  const both = { signal: AbortSignal.any([signal, stop.signal]), profile, concurrency: 1 };
  const run = (work: Promise<void>) => work.catch((error: unknown) => {
    stop.abort(error);
    throw error;
  });
  const results = await Promise.allSettled([
    run(runWalks(page, state.students, studentsReader, (batch) => {
      fetched.students.push(...batch.students);
      fetched.studentUpdatedAt.push(...batch.updatedAt);
      totals.students = batch.total;
      report();
    }, { ...both, what: 'students' })),
    run(runWalks(page, state.enrollments, enrollmentsReader, (batch) => {
      fetched.enrollments.push(...batch.enrollments);
      fetched.enrollmentUpdatedAt.push(...batch.updatedAt);
      totals.enrollments = batch.total;
      report();
    }, { ...both, what: 'enrollments' })),
  ]);
  if (signal.aborted || results.some((r) => r.status === 'rejected')) {
    // Stopped (Cancel, a failure): what it has shows, and waits for the next sync to go on from there.
    report(true);
    throw signal.aborted ? signal.reason : stop.signal.reason;
  }

  // Titles name the course filter; without courses:read (or offline halfway) the ids stand in.
  let courseTitles: Record<string, string> | null = {};
  try {
    await runWalks(page, walkStates([courseTitlesWalk(accountId)]), courseTitlesReader, (batch) => {
      for (const { id, title } of batch.titles) courseTitles![id] = title;
    }, { signal, profile, concurrency: 1, what: 'courses' });
  } catch (error) {
    if (signal.aborted) throw error;
    logger.info('course titles for the students not read', { code: (error as AppError).code ?? 'unknown' });
    courseTitles = null;
  }

  const count = fetched.students.length + fetched.enrollments.length;
  const titles = courseTitles ?? base?.data.courseTitles ?? {};
  if (!base) {
    const table = warm(profile.time('index', () => new StudentsTable({ ...dedupe(fetched), courseTitles: titles })));
    return { table, changed: table.size, fetched: count };
  }
  const merged = mergeStudentsData(base.data, fetched, titles);
  const table = merged.changed === 0 && courseTitles === null ? base : warm(new StudentsTable(merged.data));
  return { table, changed: merged.changed, fetched: count };
}

/** A record that changed while paging may come twice: the later copy wins. */
function dedupe(fetched: Fetched): Fetched {
  const empty = { students: [], studentUpdatedAt: [], enrollments: [], enrollmentUpdatedAt: [] };
  return mergeStudentsData({ ...empty, courseTitles: {} }, fetched, {}).data;
}
