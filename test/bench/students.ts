// The Students page's engine side at 100,000 students: the data engine in its worker thread, driven from this
// process as the main process drives it, syncing from a stand-in platform that serves the sandbox's own demo
// data in memory (listStudents, listEnrollments, listCourses: pages of 1,000 built when asked, no HTTP). Prints
// the cold sync, the snapshot open, search latency while typing (each prefix a new query, as the page sends
// them), filters and sorts (first and repeated), each measured from this process (the IPC hop included), and
// the CSV export of every student to a file (data.students.exportCsvFile's engine side), and the longest block
// of this process's event loop during each (perf_hooks.monitorEventLoopDelay).
// Run: npx tsx test/bench/students.ts [100000]  (also in npm run bench)
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { z } from 'zod';
import type { CallArgs, PlatformCaller } from '../../electron/services/api/platform-caller';
import { EngineClient } from '../../electron/services/engine/client/engine-client';
import { memoryLogger } from '../../electron/services/log';
import type { OperationId } from '../../shared/platform/endpoints';
import { createDemoPlatform, type SchoolData } from '../sandbox/data';
import { measured } from './measured';

const SCHOOL = 'https://bench.example.test#students';

export interface StudentsBenchRow {
  students: number;
  /** The longest block of this event loop while it does nothing for 3 s: what the machine's load alone causes. */
  idleBlockMs: number;
  enrollments: number;
  syncMs: number;
  syncBlockMs: number;
  /** From the load to the first rows a `partial` query answers (what the Students page shows meanwhile). */
  firstRowsMs: number | null;
  /** The main thread's own CPU during the sync, and the most of it in any one gap of its event loop. */
  syncCpuMs: number;
  syncBusiestMs: number;
  openMs: number;
  openBlockMs: number;
  /** Median and worst of the search-as-you-type queries. */
  searchMedianMs: number;
  searchMaxMs: number;
  searchBlockMs: number;
  filterMedianMs: number;
  filterMaxMs: number;
  firstSortMs: number;
  sortMs: number;
  queryBlockMs: number;
  /** Every student as CSV streamed to a file by the engine (data.students.exportCsvFile's engine side). */
  exportMs: number;
  exportBytes: number;
  exportBlockMs: number;
}

/** The sandbox's demo school, served page by page from memory. */
class StandInPeople implements PlatformCaller {
  constructor(private readonly school: SchoolData) {}
  async call<S extends z.ZodType>(_accountId: string, operation: OperationId, _schema: S, args: CallArgs = {}): Promise<z.output<S>> {
    const start = Number(args.query?.cursor ?? 0);
    const limit = Number(args.query?.limit ?? 1000);
    const { students, enrollments, catalog } = this.school;
    const page = (total: number, item: (i: number) => unknown) => {
      const end = Math.min(total, start + limit);
      const data = [];
      for (let i = start; i < end; i++) data.push(item(i));
      return { data, meta: { total, limit, next_cursor: end < total ? String(end) : null } } as z.output<S>;
    };
    if (operation === 'listStudents') return page(students.count, (i) => students.person(i));
    if (operation === 'listEnrollments') return page(enrollments.count, (i) => enrollments.materialize(i, catalog, (s) => students.id(s)));
    if (operation === 'listCourses') return page(catalog.courses.length, (i) => catalog.courses[i]!.course);
    throw new Error(`the bench platform does not serve ${operation}`);
  }
  async paginate(): Promise<never> {
    throw new Error('not used by the engine');
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchStudents(count: number, log: (line: string) => void = console.log): Promise<StudentsBenchRow> {
  const platform = createDemoPlatform({ orders: Math.max(20_000, Math.round(count * 1.5)), studentsPerSchool: count, seed: 3 });
  const school = platform.data.get(platform.schools[0]!.id)!;
  const dir = await mkdtemp(join(tmpdir(), 'bench-students-'));
  const key = randomBytes(32);
  const client = () => new EngineClient({ caller: new StandInPeople(school), keyFor: async () => key, emit: () => undefined, logger: memoryLogger(), snapshotDir: dir });
  try {
    const idle = await measured(() => new Promise((resolve) => setTimeout(resolve, 3000)));
    const first = client();
    await first.call('engine.idle', {});
    const started = performance.now();
    let firstRowsMs: number | null = null;
    let done = false;
    const syncing = measured(() => first.call('students.load', { accountId: SCHOOL, mode: 'full', jobId: 'sync' })).finally(() => (done = true));
    // What the Students page asks while the sync runs, as soon as any answer.
    while (!done && firstRowsMs === null) {
      const answer = await first.call('students.query', { accountId: SCHOOL, filters: {}, sort: { key: 'name', direction: 'asc' }, offset: 0, limit: 200, partial: true });
      if (answer.data.rows.length > 0) firstRowsMs = performance.now() - started;
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const sync = await syncing;
    if (sync.value.data.students !== count) throw new Error(`synced ${sync.value.data.students} of ${count}`);
    await first.call('engine.idle', {});
    await first.close();

    const engine = client();
    await engine.call('engine.idle', {});
    const open = await measured(() => engine.call('students.status', { accountId: SCHOOL }));
    if (open.value.students !== count) throw new Error(`opened ${open.value.students} of ${count}`);
    const sort = { key: 'name', direction: 'asc' } as const;
    const query = (filters: object, s: { key: 'name' | 'email' | 'joined' | 'courses' | 'progress' | 'lastActive'; direction: 'asc' | 'desc' } = sort) =>
      measured(() => engine.call('students.query', { accountId: SCHOOL, filters, sort: s, offset: 0, limit: 200 }));
    const firstSort = await query({});
    // Typing an e-mail, one more character per query, as the debounced search sends them.
    const target = school.students.email(Math.floor(count / 3));
    const searches = [];
    for (let n = 1; n <= Math.min(12, target.length); n++) searches.push(await query({ text: target.slice(0, n) }));
    const course = school.catalog.courses[0]!.course.id;
    const filters = [
      await query({ courseId: course }), await query({ courseId: course, stalled: true }), await query({ stalled: true }),
      await query({ tag: 'vip' }), await query({ lastActive: '30d' }), await query({ lastActive: 'never', tag: 'newsletter' }),
    ];
    const sorts = [await query({}, { key: 'lastActive', direction: 'desc' }), await query({}, { key: 'progress', direction: 'asc' }), await query({}, { key: 'email', direction: 'desc' })];
    const repeated = await query({}, { key: 'lastActive', direction: 'asc' });
    const exported = await measured(() => engine.call('students.exportCsvFile', { accountId: SCHOOL, jobId: 'export', filters: {}, sort, timeZone: 'America/New_York', path: join(dir, 'students.csv') }));
    if (exported.value.data.rows !== count) throw new Error(`exported ${exported.value.data.rows} of ${count}`);
    await engine.close();
    const all = [firstSort, ...searches, ...filters, ...sorts, repeated];
    const row: StudentsBenchRow = {
      students: count,
      idleBlockMs: idle.blockMs,
      enrollments: sync.value.data.enrollments,
      syncMs: sync.ms,
      syncBlockMs: sync.blockMs,
      firstRowsMs,
      syncCpuMs: sync.cpuMs,
      syncBusiestMs: sync.busiestGap.cpuMs,
      openMs: open.ms,
      openBlockMs: open.blockMs,
      searchMedianMs: median(searches.map((r) => r.ms)),
      searchMaxMs: Math.max(...searches.map((r) => r.ms)),
      searchBlockMs: Math.max(...searches.map((r) => r.blockMs)),
      filterMedianMs: median(filters.map((r) => r.ms)),
      filterMaxMs: Math.max(...filters.map((r) => r.ms)),
      firstSortMs: Math.max(firstSort.ms, ...sorts.map((r) => r.ms)),
      sortMs: repeated.ms,
      queryBlockMs: Math.max(...all.map((r) => r.blockMs)),
      exportMs: exported.ms,
      exportBytes: exported.value.data.bytes,
      exportBlockMs: exported.blockMs,
    };
    log(`  ${count.toLocaleString('en')} students, ${row.enrollments.toLocaleString('en')} enrollments: cold sync ${(row.syncMs / 1000).toFixed(1)} s (first rows after ${row.firstRowsMs === null ? '–' : `${row.firstRowsMs.toFixed(0)} ms`}; main blocked ≤ ${row.syncBlockMs.toFixed(0)} ms, its own CPU ${row.syncCpuMs.toFixed(0)} ms in all and ≤ ${row.syncBusiestMs.toFixed(0)} ms between two turns of its event loop), open ${row.openMs.toFixed(0)} ms, search as you type median ${row.searchMedianMs.toFixed(0)} ms / worst ${row.searchMaxMs.toFixed(0)} ms, filters median ${row.filterMedianMs.toFixed(0)} ms, first sort by a key ≤ ${row.firstSortMs.toFixed(0)} ms then ${row.sortMs.toFixed(0)} ms; main blocked ≤ ${row.queryBlockMs.toFixed(0)} ms during queries; CSV export of all to a file ${row.exportMs.toFixed(0)} ms (${(row.exportBytes / 1e6).toFixed(1)} MB, main blocked ≤ ${row.exportBlockMs.toFixed(0)} ms) (≤ ${row.idleBlockMs.toFixed(0)} ms when idle)`);
    return row;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function studentsTable(rows: StudentsBenchRow[]): string {
  const head = '| students | enrollments | cold sync | first rows | main block (sync) | main-thread CPU (sync: all / most between two turns) | open | search (median / worst) | filter (median / worst) | new sort key / again | main block (queries) | CSV export to a file (all) | main block (export) | main block (idle) |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |';
  const lines = rows.map((r) => `| ${r.students.toLocaleString('en')} | ${r.enrollments.toLocaleString('en')} | ${(r.syncMs / 1000).toFixed(1)} s | ${r.firstRowsMs === null ? '–' : `${r.firstRowsMs.toFixed(0)} ms`} | ${r.syncBlockMs.toFixed(0)} ms | ${r.syncCpuMs.toFixed(0)} / ${r.syncBusiestMs.toFixed(0)} ms | ${r.openMs.toFixed(0)} ms | ${r.searchMedianMs.toFixed(0)} / ${r.searchMaxMs.toFixed(0)} ms | ${r.filterMedianMs.toFixed(0)} / ${r.filterMaxMs.toFixed(0)} ms | ${r.firstSortMs.toFixed(0)} / ${r.sortMs.toFixed(0)} ms | ${r.queryBlockMs.toFixed(0)} ms | ${r.exportMs.toFixed(0)} ms | ${r.exportBlockMs.toFixed(0)} ms | ${r.idleBlockMs.toFixed(0)} ms |`);
  return [head, ...lines].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const count = Number(process.argv[2] ?? 100_000) || 100_000;
  const row = await benchStudents(count);
  console.log(`\n${studentsTable([row])}`);
  process.exit(0);
}
