import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryLogger } from '../../../electron/services/log';
import { MAX_ACTIVITY, WritesStore, writesFileName } from '../../../electron/services/writes/writes-store';
import { fakeCipher, tempDir } from '../../integration/sign-in/harness';

const dirs: { remove(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => d.remove()));
});

const entry = (n: number) => ({ id: `e${n}`, at: new Date(Date.UTC(2026, 10, 20, 0, 0, n)).toISOString(), kind: 'coupon.create', summary: `Create coupon “SECRET${n}”`, result: 'done' as const, detail: null, target: null });

describe('the writes store', () => {
  it('keeps each school sealed on disk, survives a reopen, and keeps the latest entries', async () => {
    const dir = await tempDir('writes-store-');
    dirs.push(dir);
    const cipher = fakeCipher();
    const store = new WritesStore(dir.path, cipher, memoryLogger());
    await store.update('acct-1', (s) => {
      for (let n = 0; n < MAX_ACTIVITY + 3; n++) s.activity.push(entry(n));
    });
    const bytes = await readFile(join(dir.path, writesFileName('acct-1')));
    expect(bytes.toString('latin1')).not.toContain('SECRET');
    const again = await new WritesStore(dir.path, cipher, memoryLogger()).get('acct-1');
    expect(again.activity).toHaveLength(MAX_ACTIVITY);
    expect(again.activity[0]!.id).toBe('e3');
    expect((await new WritesStore(dir.path, cipher, memoryLogger()).get('acct-2')).activity).toEqual([]);
  });

  it('sets a damaged file aside and starts empty, without stopping the app; another key cannot read it', async () => {
    const dir = await tempDir('writes-store-');
    dirs.push(dir);
    const store = new WritesStore(dir.path, fakeCipher(), memoryLogger());
    await store.update('acct-1', (s) => void s.activity.push(entry(1)));
    const logger = memoryLogger();
    const other = new WritesStore(dir.path, fakeCipher(), logger);
    expect((await other.get('acct-1')).activity).toEqual([]);
    expect((await readdir(dir.path)).some((name) => name.includes('.corrupt-'))).toBe(true);
    await writeFile(join(dir.path, writesFileName('acct-3')), 'not sealed');
    expect((await new WritesStore(dir.path, fakeCipher(), memoryLogger()).get('acct-3')).outbox).toEqual([]);
  });
});

describe('a copy of the outbox put back', () => {
  const waiting = (id: string) => ({ id, createdAt: '2026-11-20T00:00:00.000Z', request: { kind: 'course.setPublished' as const, courseId: 'c1', title: 'Course', published: false, seenUpdatedAt: null }, summary: `Unpublish ${id}`, state: 'waiting' as const, reason: null });

  it('is refused at the next start: nothing in it waits to be sent, the log says so, and the copy is set aside', async () => {
    const dir = await tempDir('writes-store-');
    dirs.push(dir);
    const cipher = fakeCipher();
    const file = join(dir.path, writesFileName('acct-1'));
    const store = new WritesStore(dir.path, cipher, memoryLogger());
    await store.update('acct-1', (s) => void s.outbox.push(waiting('dropped-later')));
    const copy = await readFile(file);
    await store.update('acct-1', (s) => void s.outbox.splice(0, 1)); // the admin drops it
    await writeFile(file, copy); // the older file is copied back while the app is stopped

    const logger = memoryLogger();
    const restarted = await new WritesStore(dir.path, cipher, logger).get('acct-1');
    expect(restarted.outbox).toEqual([]);
    expect(restarted.activity).toEqual([expect.objectContaining({ result: 'rolled_back', summary: 'An older copy of the outbox and activity log was not used' })]);
    expect((await readdir(dir.path)).some((name) => name.startsWith(`${writesFileName('acct-1')}.corrupt-`))).toBe(true);
    expect(logger.lines.join('\n')).toContain('older than the app last wrote');
    // The refusal itself is kept: another start finds the notice, not the copy.
    expect((await new WritesStore(dir.path, cipher, memoryLogger()).get('acct-1')).activity.map((e) => e.result)).toEqual(['rolled_back']);
  });

  it('is refused after the school was signed out and connected again too', async () => {
    const dir = await tempDir('writes-store-');
    dirs.push(dir);
    const cipher = fakeCipher();
    const file = join(dir.path, writesFileName('acct-1'));
    const store = new WritesStore(dir.path, cipher, memoryLogger());
    await store.update('acct-1', (s) => void s.outbox.push(waiting('from-before')));
    const copy = await readFile(file);
    await store.drop('acct-1');
    await writeFile(file, copy);
    expect((await new WritesStore(dir.path, cipher, memoryLogger()).get('acct-1')).outbox).toEqual([]);
  });

  it('takes the latest file as it is, and a file from before generations were kept', async () => {
    const dir = await tempDir('writes-store-');
    dirs.push(dir);
    const cipher = fakeCipher();
    const store = new WritesStore(dir.path, cipher, memoryLogger());
    await store.update('acct-1', (s) => void s.outbox.push(waiting('kept')));
    await store.update('acct-1', (s) => void s.activity.push(entry(1)));
    expect((await new WritesStore(dir.path, cipher, memoryLogger()).get('acct-1')).outbox.map((i) => i.id)).toEqual(['kept']);

    const legacy = { version: 1, accountId: 'acct-2', activity: [], outbox: [waiting('legacy')] };
    await writeFile(join(dir.path, writesFileName('acct-2')), await cipher.encrypt(Buffer.from(JSON.stringify(legacy))));
    expect((await new WritesStore(dir.path, cipher, memoryLogger()).get('acct-2')).outbox.map((i) => i.id)).toEqual(['legacy']);
  });
});
