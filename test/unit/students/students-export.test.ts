// The students engine's file export, in-process over the sandbox's demo data served page by page: the file
// holds exactly the students the page's query answers for the same filters, search and sort, in that order (the
// query itself is held to a brute force in students-table.test.ts), or only the selected ones; progress as
// it goes; Cancel midway fails with "cancelled" and leaves no file, nor a part of one. Then the main process's
// handler: the destination is chosen, and a failed export releases it.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryLogger } from '../../../electron/services/log';
import type { EngineClient } from '../../../electron/services/engine/client/engine-client';
import type { ExportDestination } from '../../../electron/services/engine/client/export-destination';
import type { EngineEvent } from '../../../electron/services/engine/contract/protocol';
import { SnapshotStore } from '../../../electron/services/engine/worker/snapshot-store';
import { StudentsEngine } from '../../../electron/services/engine/worker/students-engine';
import { engineStudentsHandlers } from '../../../electron/services/students/handlers';
import { parseCsv } from '../../../shared/csv';
import type { StudentFilters, StudentSort } from '../../../shared/ipc/students';
import { createDemoPlatform } from '../../sandbox/data';
import { demoPages } from './demo-pages';

const SCHOOL = 'https://school.example.test#admin';
const platform = createDemoPlatform({ orders: 15_000, studentsPerSchool: 12_000, seed: 8 });
const school = platform.data.get(platform.schools[0]!.id)!;
const key = randomBytes(32);

const page = demoPages(school);

let dir: string;
let events: EngineEvent[];
let onEvent: ((event: EngineEvent) => void) | null;
let engine: StudentsEngine;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'students-export-'));
  events = [];
  onEvent = null;
  engine = new StudentsEngine(
    { page, emit: (event) => { events.push(event); onEvent?.(event); }, reachable: () => undefined, key: () => key, logger: memoryLogger() },
    new SnapshotStore({ dir: join(dir, 'engine') }),
  );
  await engine.load(SCHOOL, 'full');
});
afterEach(async () => {
  await engine.idle(); // the snapshot is written in the background after a sync: let it finish before the folder goes
  await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
});

/** Every row the page would show for the view, through the same engine's query. */
async function pageRows(filters: StudentFilters, sort: StudentSort) {
  const rows = [];
  for (let offset = 0; ; offset += 1000) {
    const answer = await engine.api()['students.query']({ accountId: SCHOOL, filters, sort, offset, limit: 1000 });
    rows.push(...answer.data.rows);
    if (offset + 1000 >= answer.data.total) return rows;
  }
}

async function exported(path: string) {
  const [header, ...rows] = parseCsv(await readFile(path, 'utf8'));
  return { header: header!, rows };
}

describe('students export to a file', () => {
  it('writes exactly the students of the filtered, searched, sorted view, in its order, with progress', async () => {
    // The course with the most students, so the view under a tag is not empty.
    const facets = (await engine.api()['students.query']({ accountId: SCHOOL, filters: {}, sort: { key: 'name', direction: 'asc' }, offset: 0, limit: 0 })).data.facets;
    const course = [...facets.courses].sort((a, b) => b.students - a.students)[0]!.id;
    const views: { filters: StudentFilters; sort: StudentSort }[] = [
      { filters: { tag: 'vip', courseId: course }, sort: { key: 'lastActive', direction: 'desc' } },
      { filters: { stalled: true, text: 'a' }, sort: { key: 'email', direction: 'asc' } },
      { filters: {}, sort: { key: 'joined', direction: 'desc' } },
    ];
    for (const [k, { filters, sort }] of views.entries()) {
      const path = join(dir, `view-${k}.csv`);
      const answer = await engine.api()['students.exportCsvFile']({ accountId: SCHOOL, jobId: `v${k}`, filters, sort, timeZone: 'Europe/Berlin', path });
      const expected = await pageRows(filters, sort);
      const { rows } = await exported(path);
      expect(expected.length, 'the view is not empty').toBeGreaterThan(0);
      expect(answer.data.rows).toBe(expected.length);
      expect(rows.map((r) => r[1])).toEqual(expected.map((s) => s.email));
      // The stalled filter: every exported student names at least one stalled course.
      if (filters.stalled) expect(rows.every((r) => r[6] !== '')).toBe(true);
      if (filters.tag) expect(rows.every((r) => r[2]!.split('; ').includes('vip'))).toBe(true);
    }
    const progress = events.filter((e) => e.event === 'data.progress' && e.payload.jobId === 'v2').map((e) => e.payload);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)).toMatchObject({ done: true, loaded: school.students.count, total: school.students.count, label: 'Exporting students' });
  });

  it('with a selection, only the selected students, in the view\'s sort order, whatever the filters', async () => {
    const sort: StudentSort = { key: 'name', direction: 'desc' };
    const all = await pageRows({}, sort);
    const chosen = [all[900]!, all[3]!, all[4000]!];
    const path = join(dir, 'selected.csv');
    const answer = await engine.api()['students.exportCsvFile']({ accountId: SCHOOL, jobId: 's1', filters: { text: 'nobody-matches-this' }, sort, ids: [...chosen.map((s) => s.id), 'stu_not_synced'], timeZone: 'UTC', path });
    expect(answer.data.rows).toBe(3);
    expect((await exported(path)).rows.map((r) => r[1])).toEqual([all[3]!.email, all[900]!.email, all[4000]!.email]);
  });

  it('nobody matching: the header alone', async () => {
    const path = join(dir, 'none.csv');
    const answer = await engine.api()['students.exportCsvFile']({ accountId: SCHOOL, jobId: 'n1', filters: { text: 'zzzz-nobody' }, sort: { key: 'name', direction: 'asc' }, timeZone: 'UTC', path });
    expect(answer.data.rows).toBe(0);
    expect(await exported(path)).toEqual({ header: ['Name', 'Email', 'Tags', 'Courses', 'Last active (UTC)', 'Joined (UTC)', 'Stalled courses'], rows: [] });
  });

  it('Cancel midway: fails with "cancelled", says it is done, and leaves no file (nor a part of one)', async () => {
    onEvent = (event) => {
      if (event.event === 'data.progress' && event.payload.jobId === 'c1' && event.payload.loaded >= 5000 && !event.payload.done) engine.cancel('c1');
    };
    const path = join(dir, 'cancelled.csv');
    await expect(engine.api()['students.exportCsvFile']({ accountId: SCHOOL, jobId: 'c1', filters: {}, sort: { key: 'name', direction: 'asc' }, timeZone: 'UTC', path })).rejects.toMatchObject({ code: 'cancelled' });
    const files = (await readdir(dir)).filter((f) => f !== 'engine');
    expect(files).toEqual([]);
    const last = events.filter((e) => e.event === 'data.progress' && e.payload.jobId === 'c1').at(-1);
    expect(last?.payload).toMatchObject({ done: true });
  });
});

describe('data.students.exportCsvFile handler', () => {
  /** The engine in-process, answering as the worker would. */
  const client = () => ({ call: (method: string, args: never) => (engine.api() as Record<string, (a: never) => Promise<unknown>>)[method]!(args) }) as unknown as EngineClient;

  it('asks the destination for students-<date>.csv, writes there and says where', async () => {
    const chosen: string[] = [];
    const destination: ExportDestination = { choose: async (name) => { chosen.push(name); return { path: join(dir, 'picked.csv'), savedTo: join(dir, 'picked.csv'), downloadUrl: null, release: () => undefined }; } };
    const handlers = engineStudentsHandlers(client(), destination, () => Date.parse('2026-11-23T18:00:00Z'));
    const answer = await handlers['data.students.exportCsvFile']({ accountId: SCHOOL, filters: { tag: 'vip' }, sort: { key: 'name', direction: 'asc' }, timeZone: 'Asia/Taipei', locale: 'zh-TW' }, { signal: new AbortController().signal } as never);
    expect(chosen).toEqual(['students-2026-11-23.csv']);
    expect(answer.data).toMatchObject({ fileName: 'students-2026-11-23.csv', savedTo: join(dir, 'picked.csv'), downloadUrl: null });
    expect((await exported(join(dir, 'picked.csv'))).rows).toHaveLength(answer.data.rows);
  });

  it('refuses an unknown time zone before choosing anything; releases the slot when the export fails; Cancel in the dialog is "cancelled"', async () => {
    let released = 0;
    let asked = 0;
    const destination: ExportDestination = { choose: async () => { asked++; return { path: join(dir, 'no-such-dir', 'x.csv'), savedTo: null, downloadUrl: '/download/t', release: () => { released++; } }; } };
    const handlers = engineStudentsHandlers(client(), destination);
    const args = { accountId: SCHOOL, filters: {}, sort: { key: 'name', direction: 'asc' }, timeZone: 'Mars/Olympus', locale: 'en-US' } as const;
    await expect(handlers['data.students.exportCsvFile'](args, {} as never)).rejects.toMatchObject({ code: 'invalid_input' });
    expect(asked).toBe(0);
    await expect(handlers['data.students.exportCsvFile']({ ...args, timeZone: 'UTC' }, {} as never)).rejects.toBeInstanceOf(Error);
    expect(released).toBe(1);
    const refused = engineStudentsHandlers(client(), { choose: async () => null });
    await expect(refused['data.students.exportCsvFile']({ ...args, timeZone: 'UTC' }, {} as never)).rejects.toEqual(expect.objectContaining({ code: 'cancelled' }));
  });
});
