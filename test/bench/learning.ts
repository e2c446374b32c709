// The learning figures in the data engine at 100,000 and 1,000,000 enrollments: the engine in its worker thread,
// driven from this process as the main process drives it, synced from a stand-in platform that builds pages of
// synthetic students, enrollments and courses when asked (no HTTP). Prints the cold sync, the first learning
// report after it (the worker lays the enrollments out as columns right after a sync or snapshot open), the median and worst of learning reports for random ranges and
// of one course's figures with its section funnel and weekly enrollments, each measured from this process (the worker hop included),
// and the longest block of this process's event loop during them (perf_hooks.monitorEventLoopDelay).
// Run: npx tsx test/bench/learning.ts [--sizes 100000,1000000]  (also in npm run bench)
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { z } from 'zod';
import type { CallArgs, PlatformCaller } from '../../electron/services/api/platform-caller';
import { EngineClient } from '../../electron/services/engine/client/engine-client';
import { memoryLogger } from '../../electron/services/log';
import type { OperationId } from '../../shared/platform/endpoints';
import { measured } from './measured';

const SCHOOL = 'https://bench.example.test#learning';
const DAY = 86_400_000;
const COURSES = 40;
const SECTIONS = 8;
const LECTURES_PER_SECTION = 5;
const START = Date.UTC(2022, 0, 1);
const NOW = Date.UTC(2026, 10, 1);
/** Enrollments per student on average (students are a fifth of the enrollments). */
const PER_STUDENT = 5;

export interface LearningBenchRow {
  enrollments: number;
  idleBlockMs: number;
  syncMs: number;
  /** The first report after the sync (the worker lays out the columns once the sync has answered). */
  firstMs: number;
  reportMedianMs: number;
  reportMaxMs: number;
  courseMedianMs: number;
  courseMaxMs: number;
  /** The longest block of this (main) process's event loop during the learning queries. */
  queryBlockMs: number;
}

/** A deterministic number in [0, 1) per (index, salt): records are built when a page is asked, never stored. */
function unit(i: number, salt: number): number {
  let x = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(salt + 1, 0xc2b2ae35);
  x ^= x >>> 15;
  x = Math.imul(x, 0x2c1b3c6d);
  x ^= x >>> 12;
  return (x >>> 0) / 4_294_967_296;
}

const iso = (t: number) => new Date(Math.floor(t / 1000) * 1000).toISOString();

function enrollment(i: number, students: number) {
  const course = Math.floor(unit(i, 1) * COURSES);
  const enrolled = START + Math.floor(unit(i, 2) * (NOW - START - DAY));
  const total = SECTIONS * LECTURES_PER_SECTION;
  const lectures = unit(i, 3) < 0.1 ? 0 : Math.floor(unit(i, 4) * (total + 1));
  const completed = lectures === total ? Math.min(NOW - 1000, enrolled + Math.floor(unit(i, 5) * 200 * DAY)) : NaN;
  const last = lectures === 0 ? NaN : Math.min(NOW - 1000, enrolled + Math.floor(unit(i, 6) * 400 * DAY));
  const section = lectures === 0 ? -1 : Math.min(SECTIONS - 1, Math.floor(lectures / LECTURES_PER_SECTION));
  return {
    id: `en_${i}`,
    student_id: `st_${Math.floor(unit(i, 7) * students)}`,
    course_id: `crs_${course}`,
    enrolled_at: iso(enrolled),
    progress: lectures / total,
    completed_at: Number.isNaN(completed) ? null : iso(completed),
    last_activity_at: Number.isNaN(last) ? null : iso(last),
    current_section_id: section < 0 ? null : `sec_${course}_${section}`,
    updated_at: iso(Math.max(enrolled, Number.isNaN(last) ? 0 : last, Number.isNaN(completed) ? 0 : completed)),
  };
}

class StandInLearners implements PlatformCaller {
  readonly students: number;
  constructor(readonly enrollments: number) {
    this.students = Math.max(1, Math.floor(enrollments / PER_STUDENT));
  }
  async call<S extends z.ZodType>(_accountId: string, operation: OperationId, _schema: S, args: CallArgs = {}): Promise<z.output<S>> {
    const start = Number(args.query?.cursor ?? 0);
    const limit = Number(args.query?.limit ?? 1000);
    const page = (total: number, item: (i: number) => unknown) => {
      const end = Math.min(total, start + limit);
      const data = [];
      for (let i = start; i < end; i++) data.push(item(i));
      return { data, meta: { total, limit, next_cursor: end < total ? String(end) : null } } as z.output<S>;
    };
    if (operation === 'listStudents') {
      return page(this.students, (i) => ({ id: `st_${i}`, name: `Learner ${i}`, email: `learner${i}@bench.example`, created_at: iso(START), tags: [], updated_at: iso(START) }));
    }
    if (operation === 'listEnrollments') return page(this.enrollments, (i) => enrollment(i, this.students));
    if (operation === 'listCourses') return page(COURSES, (i) => ({ id: `crs_${i}`, title: `Course ${i}` }));
    throw new Error(`the bench platform does not serve ${operation}`);
  }
  async paginate(): Promise<never> {
    throw new Error('not used by the engine');
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchLearning(count: number, log: (line: string) => void = console.log): Promise<LearningBenchRow> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-learning-'));
  const key = randomBytes(32);
  const engine = new EngineClient({ caller: new StandInLearners(count), keyFor: async () => key, emit: () => undefined, logger: memoryLogger(), snapshotDir: dir });
  try {
    const idle = await measured(() => new Promise((resolve) => setTimeout(resolve, 3000)));
    await engine.call('engine.idle', {});
    const sync = await measured(() => engine.call('students.load', { accountId: SCHOOL, mode: 'full', jobId: 'sync' }));
    if (sync.value.data.enrollments !== count) throw new Error(`synced ${sync.value.data.enrollments} of ${count} enrollments`);
    await engine.call('engine.idle', {});
    const report = (from: number, to: number) => measured(() => engine.call('learning.report', { accountId: SCHOOL, from: iso(from), to: iso(to) }));
    const first = await report(NOW - 30 * DAY, NOW);
    if (!first.value || first.value.data.enrollments === 0) throw new Error('the first learning report found no enrollments');
    const reports = [];
    for (let k = 0; k < 15; k++) {
      const from = START + Math.floor(unit(k, 11) * (NOW - START - 60 * DAY));
      reports.push(await report(from, from + (7 + Math.floor(unit(k, 12) * 400)) * DAY));
    }
    const sections = Array.from({ length: SECTIONS }, (_, s) => ({ sectionId: '', title: `Section ${s + 1}`, lectures: LECTURES_PER_SECTION }));
    const courses = [];
    for (let k = 0; k < 9; k++) {
      const course = Math.floor(unit(k, 13) * COURSES);
      const from = START + Math.floor(unit(k, 14) * (NOW - START - 400 * DAY));
      courses.push(await measured(() => engine.call('learning.course', {
        accountId: SCHOOL, courseId: `crs_${course}`, from: iso(from), to: iso(from + 365 * DAY), interval: 'week', timeZone: 'Europe/Berlin',
        sections: sections.map((s, i) => ({ ...s, sectionId: `sec_${course}_${i}` })),
      })));
    }
    const queries = [first, ...reports, ...courses];
    const row: LearningBenchRow = {
      enrollments: count,
      idleBlockMs: idle.blockMs,
      syncMs: sync.ms,
      firstMs: first.ms,
      reportMedianMs: median(reports.map((r) => r.ms)),
      reportMaxMs: Math.max(...reports.map((r) => r.ms)),
      courseMedianMs: median(courses.map((r) => r.ms)),
      courseMaxMs: Math.max(...courses.map((r) => r.ms)),
      queryBlockMs: Math.max(...queries.map((r) => r.blockMs)),
    };
    log(`  ${count.toLocaleString('en')} enrollments: cold sync ${(row.syncMs / 1000).toFixed(1)} s, first learning report after it ${row.firstMs.toFixed(0)} ms, then median ${row.reportMedianMs.toFixed(0)} ms / worst ${row.reportMaxMs.toFixed(0)} ms; a course with its funnel and weekly series median ${row.courseMedianMs.toFixed(0)} ms / worst ${row.courseMaxMs.toFixed(0)} ms; main blocked ≤ ${row.queryBlockMs.toFixed(0)} ms during them (≤ ${row.idleBlockMs.toFixed(0)} ms when idle)`);
    return row;
  } finally {
    await engine.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export function learningTable(rows: LearningBenchRow[]): string {
  const head = '| enrollments | cold sync | first learning report after the sync | learning report (median / worst) | course + funnel + weekly series (median / worst) | longest main-process block (queries) | the same, idle for 3 s |\n| --- | --- | --- | --- | --- | --- | --- |';
  const lines = rows.map((r) => `| ${r.enrollments.toLocaleString('en')} | ${(r.syncMs / 1000).toFixed(1)} s | ${r.firstMs.toFixed(0)} ms | ${r.reportMedianMs.toFixed(0)} / ${r.reportMaxMs.toFixed(0)} ms | ${r.courseMedianMs.toFixed(0)} / ${r.courseMaxMs.toFixed(0)} ms | ${r.queryBlockMs.toFixed(0)} ms | ${r.idleBlockMs.toFixed(0)} ms |`);
  return [head, ...lines].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--sizes');
  const sizes = (at >= 0 ? process.argv[at + 1]!.split(',') : ['100000', '1000000']).map(Number).filter((n) => Number.isInteger(n) && n > 0);
  const rows = [];
  for (const size of sizes) rows.push(await benchLearning(size));
  console.log(`\nNode ${process.version}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(`\n${learningTable(rows)}`);
  process.exit(0);
}
