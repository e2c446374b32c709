// The students engine in-process, syncing from the sandbox's own demo data served page by page: the sealed
// snapshot opens offline; a truncated or altered one is refused, deleted and rebuilt from the platform, never shown.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors';
import { memoryLogger } from '../../../electron/services/log';
import { SnapshotStore } from '../../../electron/services/engine/snapshot-store';
import { StudentsEngine, studentsSnapshotId } from '../../../electron/services/engine/students-engine';
import type { PageRequest } from '../../../electron/services/engine/protocol';
import { createDemoPlatform } from '../../sandbox/data';
import { demoPages } from './demo-pages';

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

function engine() {
  const store = new SnapshotStore({ dir });
  return { store, engine: new StudentsEngine({ page, emit: () => undefined, reachable: () => undefined, key: () => key, logger: memoryLogger() }, store) };
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'students-engine-'));
  offline = false;
  pages = 0;
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
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
      await expect(blind.engine.load(SCHOOL, 'auto')).rejects.toMatchObject({ code: 'offline' });
      expect(await blind.store.sizeOf(studentsSnapshotId(SCHOOL))).toBeNull();

      offline = false;
      pages = 0;
      const rebuilt = engine();
      const answer = await rebuilt.engine.load(SCHOOL, 'auto');
      expect(answer.data).toMatchObject({ mode: 'full', students: school.students.count });
      expect(pages).toBeGreaterThan(0);
    });
  }
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
