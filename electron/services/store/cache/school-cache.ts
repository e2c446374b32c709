// One school's part of the offline cache: a directory with a sealed manifest (the data key sealed by the
// SecretCipher, then the list of entries) and one sealed file per entry. Bounded in bytes, least recently
// used entries evicted first. Anything unreadable is dropped with a warning: a cache never stops the app.
import { createHash, hkdfSync } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Logger } from '../../log';
import { readIfExists, WriteQueue, writeFileAtomic } from '../json-file';
import type { SecretCipher } from '../secret-cipher';
import { newDataKey, openSegment, openValues, sealSegment, sealValues } from './sealed-segments';

/** Bump when what is stored changes shape: every school's cache is then dropped on open. */
const CACHE_FORMAT_VERSION = 2; // 2: each entry segment bound to its index and count
const MAGIC = Buffer.from('SCQC', 'ascii');
const MANIFEST = 'manifest.bin';

const Manifest = z.object({
  appVersion: z.string(),
  accountId: z.string(),
  entries: z.record(z.string(), z.object({ key: z.string(), bytes: z.int().nonnegative(), fetchedAt: z.string(), usedAt: z.number() })),
});
type Manifest = z.infer<typeof Manifest>;

interface SchoolCacheOptions {
  cipher: SecretCipher;
  appVersion: string;
  maxBytes: number;
  logger: Logger;
  now: () => number;
}

export interface CachedValues {
  fetchedAt: string;
  values: unknown[];
}

export interface SchoolCacheInfo {
  bytes: number;
  entries: number;
  oldestFetchedAt: string | null;
  newestFetchedAt: string | null;
}

function entryName(key: string): string {
  return `${createHash('sha256').update(key).digest('hex').slice(0, 40)}.bin`;
}

export class SchoolCache {
  readonly #queue = new WriteQueue();
  #dropped = false;

  private constructor(
    readonly dir: string,
    private readonly options: SchoolCacheOptions,
    private readonly dataKey: Buffer,
    private readonly sealedKey: Buffer,
    private manifest: Manifest,
  ) {}

  static async open(dir: string, accountId: string, options: SchoolCacheOptions): Promise<SchoolCache> {
    const found = await readManifest(dir, options);
    if (found.ok && found.manifest.appVersion === options.appVersion && found.manifest.accountId === accountId) {
      return new SchoolCache(dir, options, found.dataKey, found.sealedKey, found.manifest);
    }
    if (found.ok) options.logger.info('offline cache dropped: written by another app version', { from: found.manifest.appVersion, to: options.appVersion });
    else if (found.reason !== 'missing') options.logger.warn('offline cache dropped: unreadable', { reason: found.reason });
    await rm(dir, { recursive: true, force: true });
    const dataKey = newDataKey();
    const sealedKey = Buffer.from(await options.cipher.encrypt(dataKey));
    return new SchoolCache(dir, options, dataKey, sealedKey, { appVersion: options.appVersion, accountId, entries: {} });
  }

  get(key: string): Promise<CachedValues | null> {
    return this.#queue.run(async () => {
      const name = entryName(key);
      const entry = this.manifest.entries[name];
      if (!entry || this.#dropped) return null;
      try {
        const bytes = await readIfExists(join(this.dir, name));
        if (!bytes) throw new Error('entry file missing');
        const [header, ...values] = await openValues(this.dataKey, bytes, name);
        const check = z.object({ key: z.string(), fetchedAt: z.string() }).parse(header);
        if (check.key !== key) throw new Error('entry holds another key');
        entry.usedAt = this.options.now();
        return { fetchedAt: check.fetchedAt, values };
      } catch (error) {
        this.options.logger.warn('offline cache entry dropped: unreadable', { entry: name, error: (error as Error).message });
        delete this.manifest.entries[name];
        await rm(join(this.dir, name), { force: true });
        await this.#writeManifest();
        return null;
      }
    });
  }

  /** The key of the newest entry (by fetchedAt) whose key starts with one of `prefixes`, e.g. any range of a method. */
  newestKey(prefixes: readonly string[]): string | null {
    let best: { key: string; fetchedAt: string } | null = null;
    for (const entry of Object.values(this.manifest.entries)) {
      if (!prefixes.some((p) => entry.key.startsWith(p))) continue;
      if (!best || entry.fetchedAt > best.fetchedAt) best = entry;
    }
    return best?.key ?? null;
  }

  /** Stores values under a key (replacing what was there), then evicts least recently used entries to fit. */
  put(key: string, fetchedAt: string, values: readonly unknown[]): Promise<void> {
    return this.#queue.run(async () => {
      if (this.#dropped) return;
      const name = entryName(key);
      const sealed = await sealValues(this.dataKey, [{ key, fetchedAt }, ...values], name);
      if (sealed.length > this.options.maxBytes) {
        this.options.logger.warn('offline cache: answer larger than the whole cache, not kept', { bytes: sealed.length, maxBytes: this.options.maxBytes });
        if (this.manifest.entries[name]) {
          delete this.manifest.entries[name];
          await rm(join(this.dir, name), { force: true });
          await this.#writeManifest();
        }
        return;
      }
      await writeFileAtomic(join(this.dir, name), sealed);
      this.manifest.entries[name] = { key, bytes: sealed.length, fetchedAt, usedAt: this.options.now() };
      await this.#evict(name);
      await this.#writeManifest();
    });
  }

  /**
   * A key for another sealed store of this school (the data engine's snapshot), derived from the data key
   * (HKDF-SHA256, one per purpose): it goes when the cache's key goes (sign-out, another app version).
   */
  async deriveKey(purpose: string): Promise<Buffer> {
    // The sealed data key must be on disk before anything is sealed under a key derived from it.
    await this.#queue.run(async () => {
      if (!this.#dropped && !(await stat(join(this.dir, MANIFEST)).catch(() => null))) await this.#writeManifest();
    });
    return Buffer.from(hkdfSync('sha256', this.dataKey, Buffer.alloc(0), `school-companion ${purpose}`, 32));
  }

  info(): SchoolCacheInfo {
    const entries = Object.values(this.manifest.entries);
    const times = entries.map((e) => e.fetchedAt).sort();
    return {
      bytes: entries.reduce((sum, e) => sum + e.bytes, 0),
      entries: entries.length,
      oldestFetchedAt: times[0] ?? null,
      newestFetchedAt: times.at(-1) ?? null,
    };
  }

  /** Deletes the school's whole cache directory; later calls find nothing. */
  drop(): Promise<void> {
    return this.#queue.run(async () => {
      this.#dropped = true;
      this.manifest.entries = {};
      await rm(this.dir, { recursive: true, force: true });
    });
  }

  /** Files on disk the manifest does not know (a crash between writes) are removed too. */
  async #evict(justWritten: string): Promise<void> {
    const byAge = Object.entries(this.manifest.entries).sort(([, a], [, b]) => a.usedAt - b.usedAt);
    let total = byAge.reduce((sum, [, e]) => sum + e.bytes, 0);
    for (const [name, entry] of byAge) {
      if (total <= this.options.maxBytes) break;
      if (name === justWritten) continue;
      delete this.manifest.entries[name];
      total -= entry.bytes;
      await rm(join(this.dir, name), { force: true });
    }
    const known = new Set([MANIFEST, ...Object.keys(this.manifest.entries)]);
    for (const file of await readdir(this.dir).catch(() => [] as string[])) {
      if (!known.has(file) && !file.startsWith('.')) await rm(join(this.dir, file), { force: true });
    }
  }

  async #writeManifest(): Promise<void> {
    if (this.#dropped) return;
    const header = Buffer.alloc(MAGIC.length + 2 + 4);
    MAGIC.copy(header, 0);
    header.writeUInt16BE(CACHE_FORMAT_VERSION, MAGIC.length);
    header.writeUInt32BE(this.sealedKey.length, MAGIC.length + 2);
    const body = sealSegment(this.dataKey, Buffer.from(JSON.stringify(this.manifest), 'utf8'), MANIFEST);
    await writeFileAtomic(join(this.dir, MANIFEST), Buffer.concat([header, this.sealedKey, body]));
  }

  /** Bytes really on disk (for tests and the benchmark). */
  async diskBytes(): Promise<number> {
    let total = 0;
    for (const file of await readdir(this.dir).catch(() => [] as string[])) total += (await stat(join(this.dir, file))).size;
    return total;
  }
}

type ManifestRead =
  | { ok: true; manifest: Manifest; dataKey: Buffer; sealedKey: Buffer }
  | { ok: false; reason: 'missing' | 'other_format' | 'damaged' };

async function readManifest(dir: string, options: SchoolCacheOptions): Promise<ManifestRead> {
  let bytes: Buffer | null;
  try {
    bytes = await readIfExists(join(dir, MANIFEST));
  } catch {
    return { ok: false, reason: 'damaged' };
  }
  if (!bytes) return { ok: false, reason: 'missing' };
  try {
    if (bytes.length < MAGIC.length + 6 || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return { ok: false, reason: 'damaged' };
    if (bytes.readUInt16BE(MAGIC.length) !== CACHE_FORMAT_VERSION) return { ok: false, reason: 'other_format' };
    const keyLength = bytes.readUInt32BE(MAGIC.length + 2);
    const keyStart = MAGIC.length + 6;
    const sealedKey = Buffer.from(bytes.subarray(keyStart, keyStart + keyLength));
    const dataKey = Buffer.from(await options.cipher.decrypt(sealedKey));
    if (dataKey.length !== 32) return { ok: false, reason: 'damaged' };
    const plain = openSegment(dataKey, bytes.subarray(keyStart + keyLength), MANIFEST);
    const manifest = Manifest.parse(JSON.parse(plain.toString('utf8')));
    return { ok: true, manifest, dataKey, sealedKey };
  } catch {
    return { ok: false, reason: 'damaged' };
  }
}
