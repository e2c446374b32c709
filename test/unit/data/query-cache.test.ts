import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryLogger } from '../../../electron/services/log';
import { KeyFileCipher } from '../../../electron/services/store/key-file-cipher';
import { cacheKey, QueryCache } from '../../../electron/services/store/query-cache';
import type { QueryCacheOptions } from '../../../electron/services/store/query-cache';

const SECRET_NAME = 'Zoë Secret-Buyer 4242';

let root: string;
let cipher: KeyFileCipher;
let logger: ReturnType<typeof memoryLogger>;
let clock: number;

function open(options: Partial<QueryCacheOptions> = {}): QueryCache {
  return new QueryCache({ dir: join(root, 'query-cache'), cipher, appVersion: '1.0.0', logger, now: () => ++clock, ...options });
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) if (entry.isFile()) out.push(join(entry.parentPath, entry.name));
  return out;
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'query-cache-'));
  cipher = await KeyFileCipher.open(join(root, 'keys'));
  logger = memoryLogger();
  clock = 1_000;
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('QueryCache', () => {
  it('keys by method and normalised input', () => {
    expect(cacheKey('data.x', { b: 1, a: { d: [1, 2], c: undefined } })).toBe(cacheKey('data.x', { a: { d: [1, 2] }, b: 1 }));
    expect(cacheKey('data.x', { a: 1 })).not.toBe(cacheKey('data.y', { a: 1 }));
  });

  it('gives back what it kept, and keeps it encrypted at rest (no clear text, not even compressed)', async () => {
    const cache = open();
    const value = { buyer: SECRET_NAME, rows: Array.from({ length: 200 }, (_, i) => ({ i, email: `${SECRET_NAME}@example.test` })) };
    await cache.put('acc-1', 'k1', '2026-11-21T08:00:00.000Z', [value]);
    expect(await cache.getOne('acc-1', 'k1')).toEqual({ fetchedAt: '2026-11-21T08:00:00.000Z', value });

    const files = await filesUnder(join(root, 'query-cache'));
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const file of files) {
      const bytes = await readFile(file);
      expect(bytes.includes(Buffer.from('Secret-Buyer'))).toBe(false);
      expect(bytes.includes(Buffer.from('acc-1'))).toBe(false);
      expect(bytes.includes(Buffer.from('example.test'))).toBe(false);
      expect(bytes[0] === 0x1f && bytes[1] === 0x8b).toBe(false); // not a bare gzip stream
    }
    // A fresh instance (next app start) reads it back with the same key store.
    expect((await open().getOne('acc-1', 'k1'))?.value).toEqual(value);
  });

  it('keeps a value of many segments (an order snapshot) and reads it back in order', async () => {
    const cache = open();
    const chunks = Array.from({ length: 5 }, (_, c) => Array.from({ length: 1000 }, (_, i) => ({ id: `o${c}-${i}` })));
    await cache.put('acc-1', 'orders', '2026-11-21T08:00:00.000Z', chunks);
    expect((await open().get('acc-1', 'orders'))?.values).toEqual(chunks);
  });

  it('refuses an entry whose segments were cut off, reordered or repeated on disk', async () => {
    /** The entry file's length-prefixed segments, and how to write them back in another arrangement. */
    const segmentsOf = (bytes: Buffer) => {
      const out: Buffer[] = [];
      for (let offset = 0; offset < bytes.length; offset += 4 + bytes.readUInt32BE(offset)) out.push(bytes.subarray(offset, offset + 4 + bytes.readUInt32BE(offset)));
      return out;
    };
    const chunks = [['first'], ['second'], ['third']];
    const arrangements: [string, (s: Buffer[]) => Buffer[]][] = [
      ['the last segment cut off', (s) => s.slice(0, -1)],
      ['two segments swapped', (s) => [s[0]!, s[2]!, s[1]!, ...s.slice(3)]],
      ['a segment repeated', (s) => [...s, s.at(-1)!]],
    ];
    for (const [what, arrange] of arrangements) {
      const cache = open();
      await cache.put('acc-1', 'orders', '2026-11-21T08:00:00.000Z', chunks);
      const dir = cache.schoolDir('acc-1');
      const [entry] = (await readdir(dir)).filter((f) => f !== 'manifest.bin');
      const segments = segmentsOf(await readFile(join(dir, entry!)));
      expect(segments, what).toHaveLength(1 + chunks.length); // the header, then one per chunk
      await writeFile(join(dir, entry!), Buffer.concat(arrange(segments)));
      expect(await open().get('acc-1', 'orders'), what).toBeNull();
    }
  });

  it('stays within its size bound, evicting the least recently used first', async () => {
    const cache = open({ maxBytesPerSchool: 6_000 });
    const blob = (seed: number) => Array.from({ length: 300 }, (_, i) => ((i * 7919 + seed * 104729) % 1000003).toString(36)).join('');
    for (let i = 0; i < 4; i++) await cache.put('acc-1', `k${i}`, `2026-11-21T08:0${i}:00.000Z`, [blob(i)]);
    expect(await cache.getOne('acc-1', 'k0')).not.toBeNull(); // k0 is now the most recently used
    for (let i = 4; i < 8; i++) await cache.put('acc-1', `k${i}`, `2026-11-21T08:0${i}:00.000Z`, [blob(i)]);
    const info = await cache.info('acc-1');
    expect(info.bytes).toBeLessThanOrEqual(6_000);
    expect(info.entries).toBeGreaterThan(1);
    expect(info.entries).toBeLessThan(8);
    expect(await cache.getOne('acc-1', 'k1')).toBeNull(); // least recently used: gone
    expect(await cache.getOne('acc-1', 'k7')).not.toBeNull();
    const onDisk = (await filesUnder(cache.schoolDir('acc-1'))).length;
    expect(onDisk).toBe(info.entries + 1); // entries + manifest, nothing left behind
  });

  it('does not keep an answer larger than the whole bound', async () => {
    const cache = open({ maxBytesPerSchool: 500 });
    await cache.put('acc-1', 'big', '2026-11-21T08:00:00.000Z', [Array.from({ length: 2000 }, (_, i) => i * 7919)]);
    expect(await cache.getOne('acc-1', 'big')).toBeNull();
    expect(logger.lines.some((l) => l.includes('larger than the whole cache'))).toBe(true);
  });

  it('drops everything when the app version changes', async () => {
    await open().put('acc-1', 'k', '2026-11-21T08:00:00.000Z', ['v1']);
    const next = open({ appVersion: '1.1.0' });
    expect(await next.get('acc-1', 'k')).toBeNull();
    expect(await next.info('acc-1')).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('drops everything when the cache format version in the header changes', async () => {
    const cache = open();
    await cache.put('acc-1', 'k', '2026-11-21T08:00:00.000Z', ['v']);
    const manifest = join(cache.schoolDir('acc-1'), 'manifest.bin');
    const bytes = await readFile(manifest);
    bytes.writeUInt16BE(99, 4);
    await writeFile(manifest, bytes);
    expect(await open().get('acc-1', 'k')).toBeNull();
  });

  it('drops a corrupt manifest with a warning, never a crash, and works on', async () => {
    const cache = open();
    await cache.put('acc-1', 'k', '2026-11-21T08:00:00.000Z', ['v']);
    await writeFile(join(cache.schoolDir('acc-1'), 'manifest.bin'), 'garbage that is not a cache');
    const next = open();
    expect(await next.get('acc-1', 'k')).toBeNull();
    expect(logger.lines.some((l) => l.includes('warn') && l.includes('unreadable'))).toBe(true);
    await next.put('acc-1', 'k', '2026-11-21T09:00:00.000Z', ['again']);
    expect((await open().getOne('acc-1', 'k'))?.value).toBe('again');
  });

  it('drops a tampered entry file and keeps the others', async () => {
    const cache = open();
    await cache.put('acc-1', 'a', '2026-11-21T08:00:00.000Z', ['A']);
    await cache.put('acc-1', 'b', '2026-11-21T08:00:00.000Z', ['B']);
    const dir = cache.schoolDir('acc-1');
    const entryFiles = (await readdir(dir)).filter((f) => f !== 'manifest.bin');
    const victim = join(dir, entryFiles[0]!);
    const bytes = await readFile(victim);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
    await writeFile(victim, bytes);
    const next = open();
    const results = [await next.getOne('acc-1', 'a'), await next.getOne('acc-1', 'b')];
    expect(results.filter((r) => r === null)).toHaveLength(1);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect((await next.info('acc-1')).entries).toBe(1);
  });

  it('cannot be read with another key store: dropped, not misread', async () => {
    await open().put('acc-1', 'k', '2026-11-21T08:00:00.000Z', ['v']);
    const otherCipher = await KeyFileCipher.open(join(root, 'other-keys'));
    expect(await open({ cipher: otherCipher }).get('acc-1', 'k')).toBeNull();
  });

  it('drops one school on sign-out and leaves the others', async () => {
    const cache = open();
    await cache.put('acc-1', 'k', '2026-11-21T08:00:00.000Z', ['one']);
    await cache.put('acc-2', 'k', '2026-11-21T08:00:00.000Z', ['two']);
    await cache.drop('acc-1');
    expect(await cache.get('acc-1', 'k')).toBeNull();
    expect((await cache.getOne('acc-2', 'k'))?.value).toBe('two');
    expect(await readdir(cache.schoolDir('acc-1')).catch(() => 'gone')).toBe('gone');
    expect((await open().getOne('acc-2', 'k'))?.value).toBe('two');
  });
});
