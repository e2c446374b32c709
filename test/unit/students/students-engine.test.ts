// The students engine in-process, syncing from the sandbox's own demo data served page by page: the sealed
// snapshot opens offline; a truncated or altered one is refused, deleted and rebuilt from the platform, never shown.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors';
import { memoryLogger } from '../../../electron/services/log';
import { SnapshotStore } from '../../../electron/services/engine/worker/snapshot-store';
import { StudentsEngine, studentsSnapshotId } from '../../../electron/services/engine/worker/students-engine';
import type { EngineEvent, PageRequest } from '../../../electron/services/engine/contract/protocol';
import { createDemoPlatform } from '../../sandbox/data';
import { demoPages } from './demo-pages';
import { learningReport as platformLearningReport } from '../../sandbox/api/analytics';
import { toLearningReport } from '../../../electron/services/platform/learning-platform';

const SCHOOL = 'https://school.example.test#admin';
const platform = createDemoPlatform({ orders: 1500, seed: 5 });
const school = platform.data.get(platform.schools[0]!.id)!;

let dir: string;
let offline = false;
let pages = 0;
const key = randomBytes(32);

const served = demoPages(school);
function page(request: PageRequest): Promise<unknown> {
  pages++;
  if (offline) return Promise.reject(new AppError('offline', 'The platform cannot be reached.'));
  return served(request);
}

const events: EngineEvent[] = [];
function engine(now?: () => number) {
  const store = new SnapshotStore({ dir });
  return { store, engine: new StudentsEngine({ page, emit: (event) => events.push(event), reachable: () => undefined, key: () => key, logger: memoryLogger(), ...(now ? { now } : {}) }, store) };
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'students-engine-'));
  offline = false;
  pages = 0;
  events.length = 0;
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
});

describe('students engine snapshot', () => {
  it('is sealed at rest and opens offline with the same answers', async () => {
    const first = engine();
    await first.engine.load(SCHOOL, 'full');
    await first.engine.idle();
    const file = await readFile(first.store.path(studentsSnapshotId(SCHOOL)));
    expect(file.includes(Buffer.from(school.students.email(0)))).toBe(false);
    const online = await first.engine.api()['students.query']({ accountId: SCHOOL, filters: { tag: 'vip' }, sort: { key: 'email', direction: 'desc' }, offset: 0, limit: 50 });

    offline = true;
    const second = engine();
    const loaded = await second.engine.load(SCHOOL, 'incremental');
    expect(loaded).toMatchObject({ fromCache: true, data: { students: school.students.count } });
    const again = await second.engine.api()['students.query']({ accountId: SCHOOL, filters: { tag: 'vip' }, sort: { key: 'email', direction: 'desc' }, offset: 0, limit: 50 });
    expect(again.data.rows).toEqual(online.data.rows);
    expect(again.data.total).toBe(online.data.total);
  });

  for (const [what, damage] of [
    ['truncated', (b: Buffer) => b.subarray(0, Math.floor(b.length / 2))],
    ['altered', (b: Buffer) => Buffer.concat([b.subarray(0, 100), Buffer.from([b[100]! ^ 1]), b.subarray(101)])],
  ] as const) {
    it(`refuses a ${what} snapshot, deletes it and rebuilds from the platform; offline it shows nothing rather than something wrong`, async () => {
      const first = engine();
      await first.engine.load(SCHOOL, 'full');
      await first.engine.idle();
      const path = first.store.path(studentsSnapshotId(SCHOOL));
      await writeFile(path, damage(await readFile(path)));

      offline = true;
      const blind = engine();
      // The learning figures say "nothing synced" (the platform's report answers instead), never figures from a damaged file.
      expect(await blind.engine.api()['learning.report']({ accountId: SCHOOL, from: RANGE.from, to: RANGE.to })).toBeNull();
      await expect(blind.engine.load(SCHOOL, 'auto')).rejects.toMatchObject({ code: 'offline' });
      expect(await blind.store.sizeOf(studentsSnapshotId(SCHOOL))).toBeNull();

      offline = false;
      pages = 0;
      const rebuilt = engine();
      const answer = await rebuilt.engine.load(SCHOOL, 'auto');
      expect(answer.data).toMatchObject({ mode: 'full', students: school.students.count });
      expect(pages).toBeGreaterThan(0);
      const learning = await rebuilt.engine.api()['learning.report']({ accountId: SCHOOL, from: RANGE.from, to: RANGE.to });
      expect(learning?.data).toEqual(platformLearning(RANGE));
    });
  }
});

const RANGE = { from: '2026-03-01T00:00:00.000Z', to: '2026-09-01T00:00:00.000Z' };
const platformLearning = (range: { from: string; to: string }) => toLearningReport(platformLearningReport(school, Date.parse(range.from), Date.parse(range.to)));

describe('learning figures from the synced enrollments', () => {
  it('are null before a sync, equal the platform report once synced, and answer offline from the snapshot', async () => {
    const first = engine();
    expect(await first.engine.api()['learning.report']({ accountId: SCHOOL, ...RANGE })).toBeNull();
    expect(pages).toBe(0); // asking never syncs: the platform's report answers meanwhile
    await first.engine.load(SCHOOL, 'full');
    await first.engine.idle();
    const online = await first.engine.api()['learning.report']({ accountId: SCHOOL, ...RANGE });
    expect(online).toMatchObject({ fromCache: false });
    expect(online?.data).toEqual(platformLearning(RANGE));
    expect(online!.data.enrollments).toBeGreaterThan(0);

    offline = true;
    const second = engine();
    const other = { from: '2025-11-15T05:00:00.000Z', to: '2026-02-15T05:00:00.000Z' };
    const answer = await second.engine.api()['learning.report']({ accountId: SCHOOL, ...other });
    expect(answer).toMatchObject({ fromCache: true });
    expect(answer?.data).toEqual(platformLearning(other));
    const course = school.catalog.courses[0]!;
    const one = await second.engine.api()['learning.course']({ accountId: SCHOOL, courseId: course.course.id, ...other });
    const { courseId: _id, title: _t, ...figures } = platformLearning(other).courses.find((c) => c.courseId === course.course.id)!;
    expect(one?.data).toEqual({ learning: figures, funnel: null, enrollmentsSeries: null });
  });
});

describe("the palette's students source", () => {
  it('finds a synced student by email and by name, offline from the snapshot, and says nothing is saved before a sync', async () => {
    const { studentsSource } = await import('../../../electron/services/search/sources/students-source');
    const asClient = (e: StudentsEngine) => {
      const api = e.api() as unknown as Record<string, (args: unknown) => Promise<unknown>>;
      return { call: (method: string, args: unknown) => api[method]!(args) } as unknown as Parameters<typeof studentsSource>[0];
    };
    const before = engine();
    expect((await studentsSource(asClient(before.engine)).search(SCHOOL, { text: 'a', limit: 5 })).report.state).toBe('not_saved');

    await before.engine.load(SCHOOL, 'full');
    await before.engine.idle();
    offline = true;
    const source = studentsSource(asClient(engine().engine));
    const email = school.students.email(7);
    const byEmail = await source.search(SCHOOL, { text: email.toUpperCase(), limit: 5 });
    expect(byEmail.hits[0]).toMatchObject({ kind: 'student', id: school.students.id(7), match: 'exact' });
    expect(byEmail.report).toMatchObject({ kind: 'student', state: 'ok', records: school.students.count });
    const name = school.students.name(7);
    const byName = await source.search(SCHOOL, { text: name.split(' ')[0]!, limit: 50 });
    expect(byName.hits.map((h) => h.id)).toContain(school.students.id(7));
    expect(byName.hits.every((h) => h.title.toLowerCase().includes(name.split(' ')[0]!.toLowerCase()) || h.subtitle.toLowerCase().includes(name.split(' ')[0]!.toLowerCase()))).toBe(true);
  });
});

describe('learning figures on an old synced copy', () => {
  it('answer from the copy at once and check the platform for changes in the background once it is 10 minutes old', async () => {
    let clock = Date.parse('2026-11-20T10:00:00Z');
    const { engine: students } = engine(() => clock);
    await students.load(SCHOOL, 'full');
    await students.idle();
    const ask = () => students.api()['learning.report']({ accountId: SCHOOL, ...RANGE });
    pages = 0;
    clock += 9 * 60_000;
    expect(await ask()).toMatchObject({ fetchedAt: '2026-11-20T10:00:00.000Z' });
    expect(pages).toBe(0);
    clock += 2 * 60_000;
    const answer = await ask();
    expect(answer).toMatchObject({ fetchedAt: '2026-11-20T10:00:00.000Z' }); // not waiting on the platform
    await expect.poll(async () => (await students.status(SCHOOL)).fetchedAt).toBe('2026-11-20T10:11:00.000Z');
    expect(pages).toBeGreaterThan(0);
    expect((await ask())?.data).toEqual(answer?.data);
    await students.idle();

    // Opened from the snapshot online: answered from it, and checked for changes at once.
    pages = 0;
    clock += 60_000;
    const { engine: reopened } = engine(() => clock);
    expect(await reopened.api()['learning.report']({ accountId: SCHOOL, ...RANGE })).toMatchObject({ fromCache: true, fetchedAt: '2026-11-20T10:11:00.000Z' });
    await expect.poll(async () => (await reopened.api()['learning.report']({ accountId: SCHOOL, ...RANGE }))?.fromCache).toBe(false);
    expect(pages).toBeGreaterThan(0);
  });
});

describe('a write the app made (engine.applyWrite)', () => {
  it('is in the synced copy at once: rows, the Tag filter and the snapshot; the copy keeps the age of its last sync', async () => {
    const first = engine();
    const synced = await first.engine.load(SCHOOL, 'full');
    const held = await first.engine.ensureLoaded(SCHOOL);
    const student = held.table.data.students[3]!;
    const enrollment = held.table.data.enrollments.find((e) => e.studentId !== student.id)!;
    const query = (e: StudentsEngine, tag: string) => e.api()['students.query']({ accountId: SCHOOL, filters: { tag }, sort: { key: 'email', direction: 'asc' }, offset: 0, limit: 50 });
    expect((await query(first.engine, 'it-written')).data.total).toBe(0);
    events.length = 0;

    const applied = await first.engine.applyWrite(SCHOOL, [
      { kind: 'student', student: { ...student, tags: [...student.tags, 'it-written'] } },
      { kind: 'enrollment.removed', enrollmentId: enrollment.id },
    ]);
    expect(applied).toBe(2);
    expect(events).toContainEqual({ event: 'data.invalidated', payload: { accountId: SCHOOL, reason: 'students_refreshed' } });
    const answer = await query(first.engine, 'it-written');
    expect(answer.data.rows.map((r) => r.id)).toEqual([student.id]);
    expect(answer.data.facets.tags).toContainEqual({ tag: 'it-written', students: 1 });
    expect(answer.fetchedAt).toBe(synced.fetchedAt);
    expect((await first.engine.ensureLoaded(SCHOOL)).table.data.enrollments.some((e) => e.id === enrollment.id)).toBe(false);
    // The same answer again changes nothing.
    expect(await first.engine.applyWrite(SCHOOL, [{ kind: 'student', student: { ...student, tags: [...student.tags, 'it-written'] } }])).toBe(0);

    await first.engine.idle();
    offline = true;
    const reopened = engine();
    expect((await query(reopened.engine, 'it-written')).data.rows.map((r) => r.id)).toEqual([student.id]);
  });

  it('leaves a school with nothing synced to its first sync', async () => {
    const { engine: students } = engine();
    expect(await students.applyWrite(SCHOOL, [{ kind: 'enrollment.removed', enrollmentId: 'enr_x' }])).toBe(0);
    expect(pages).toBe(0);
  });
});

describe('work from a list (students.pick by e-mails)', () => {
  it('finds each student once, trimmed and in any case, in the order given, and leaves unknown addresses out', async () => {
    const { engine: students } = engine();
    await students.load(SCHOOL, 'full');
    const held = (await students.ensureLoaded(SCHOOL)).table.data.students;
    const [a, b] = [held[5]!, held[9]!];
    const picked = await students.api()['students.pick']({ accountId: SCHOOL, emails: [` ${b.email.toUpperCase()} `, 'nobody@example.invalid', a.email, b.email] });
    expect(picked.data).toEqual({ ids: [b.id, a.id], emails: [b.email, a.email] });
  });
});
