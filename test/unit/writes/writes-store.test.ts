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
