// A collection whose sync answers a table still to be settled (SyncOutcome.settled: a first sync's orders answer
// from the memory they were filled in, their final layout made after): the load answers at once, the settled
// table then takes its place and is what the snapshot holds, on disk for the next start too; a change the app
// makes meanwhile is not undone by it; a settle that fails leaves the table answered, and the snapshot holds it.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JobRegistry } from '../../../electron/services/engine/worker/jobs';
import { SnapshotStore } from '../../../electron/services/engine/worker/snapshot-store';
import { SyncedCollection, type CollectionKind, type EngineHost } from '../../../electron/services/engine/worker/synced-collection';
import { memoryLogger } from '../../../electron/services/log';

const SCHOOL = 'https://school.example.test#admin-1';

interface Table {
  name: string;
}

/** A settle the test ends when it wants to. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

let dir: string;
let key: Buffer;
let settle: ReturnType<typeof deferred<Table>>;
let logger: ReturnType<typeof memoryLogger>;

const kind: CollectionKind<Table, string> = {
  name: 'orders',
  snapshotId: (accountId) => `${accountId}#test`,
  sync: async () => ({ table: { name: 'as filled' }, changed: 1, fetched: 1, settled: () => settle.promise }),
  encode: (table, fetchedAt) => [Buffer.from(JSON.stringify({ table, fetchedAt }))],
  decode: (plain) => JSON.parse(plain.toString('utf8')) as { table: Table; fetchedAt: string },
  result: (table) => table.name,
  invalidated: 'orders_refreshed',
};

function collection(): SyncedCollection<Table, string> {
  const host: EngineHost = {
    page: async () => {
      throw new Error('this collection asks the platform for nothing');
    },
    emit: () => undefined,
    reachable: () => undefined,
    key: () => key,
    logger,
  };
  return new SyncedCollection(kind, host, new SnapshotStore({ dir }), new JobRegistry());
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'synced-collection-'));
  key = randomBytes(32);
  settle = deferred<Table>();
  logger = memoryLogger();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a synced table settled after the load answers', () => {
  it('answers at once, then the settled table takes its place, and it is what the snapshot holds, also after a restart', async () => {
    const c = collection();
    const answer = await c.load(SCHOOL, 'full');
    expect(answer.data).toBe('as filled');
    expect(c.inMemory(SCHOOL)?.table.name).toBe('as filled'); // the settle has not ended yet
    settle.resolve({ name: 'settled' });
    await c.idle();
    expect(c.inMemory(SCHOOL)?.table.name).toBe('settled');
    expect((await c.snapshotInfo(SCHOOL))?.table.name).toBe('settled');
    expect((await collection().opened(SCHOOL))?.table.name).toBe('settled');
  });

  it('keeps a change the app made while the table settled, and writes that one', async () => {
    const c = collection();
    await c.load(SCHOOL, 'full');
    expect(await c.apply(SCHOOL, (table) => ({ table: { name: `${table.name} + a coupon` }, changed: 1 }))).toBe(1);
    settle.resolve({ name: 'settled' });
    await c.idle();
    expect(c.inMemory(SCHOOL)?.table.name).toBe('as filled + a coupon');
    expect((await collection().opened(SCHOOL))?.table.name).toBe('as filled + a coupon');
  });

  it('keeps answering the table it had when settling it fails, says so in the log, and writes that one', async () => {
    const c = collection();
    await c.load(SCHOOL, 'full');
    settle.reject(new Error('out of memory'));
    await c.idle();
    expect(c.inMemory(SCHOOL)?.table.name).toBe('as filled');
    expect(logger.lines.some((line) => line.includes('orders not settled') && line.includes('out of memory'))).toBe(true);
    expect((await collection().opened(SCHOOL))?.table.name).toBe('as filled');
  });
});
