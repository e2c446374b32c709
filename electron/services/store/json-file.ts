// Atomic JSON files for state that is not secret (accounts, registered clients, the metadata cache), and the
// atomic write the vault shares: a crash at any point leaves either the old file or the new one, never half.
import { t } from '../../../shared/i18n/i18n';
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { Logger } from '../log';

/** Writes `data` to `path` via a temp file in the same directory, fsync and rename. */
export async function writeFileAtomic(path: string, data: Uint8Array | string, options: { mode?: number } = {}): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temp = join(dir, `.${basename(path)}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`);
  const handle = await open(temp, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, options.mode ?? 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dir);
}

async function syncDirectory(dir: string): Promise<void> {
  // Makes the rename itself durable; not every platform lets a directory be opened for sync.
  try {
    const handle = await open(dir, constants.O_RDONLY);
    try { await handle.sync(); } finally { await handle.close(); }
  } catch { /* best effort */ }
}

/** Moves a damaged file aside for inspection and returns where it went. Its time is set to now: old copies are removed by age. */
export async function setAside(path: string, now: number = Date.now()): Promise<string> {
  const aside = `${path}.corrupt-${new Date(now).toISOString().replace(/[:.]/g, '-')}`;
  await rename(path, aside);
  await utimes(aside, now / 1000, now / 1000).catch(() => undefined);
  return aside;
}

/** Damaged copies of `path` set aside more than `maxAgeMs` ago are deleted: they are kept for a look, not forever. */
export async function pruneSetAside(path: string, maxAgeMs: number, now: number = Date.now()): Promise<void> {
  const dir = dirname(path);
  const prefix = `${basename(path)}.corrupt-`;
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.startsWith(prefix));
  for (const name of names) {
    const info = await stat(join(dir, name)).catch(() => null);
    if (info && now - info.mtimeMs > maxAgeMs) await rm(join(dir, name), { force: true });
  }
}

export const SET_ASIDE_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/** Runs writes one after another, so two concurrent saves cannot interleave or finish out of order. */
export class WriteQueue {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(task: () => Promise<T>): Promise<T> {
    const next = this.tail.then(task, task);
    this.tail = next.catch(() => undefined);
    return next;
  }
}

export async function readIfExists(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new AppError('storage_unavailable', t('errors:main.fileUnreadable', { file: basename(path) }), { cause: error });
  }
}

/** A typed JSON document on disk: validated on load, written atomically, writes serialized. */
export class JsonFile<S extends z.ZodType> {
  private readonly queue = new WriteQueue();

  constructor(
    readonly path: string,
    private readonly schema: S,
    private readonly empty: () => z.output<S>,
    private readonly logger?: Logger,
  ) {}

  /** The stored value, or the empty value when there is none. A damaged file is set aside (and the backup used if good). */
  async load(): Promise<z.output<S>> {
    await pruneSetAside(this.path, SET_ASIDE_KEEP_MS);
    const main = await this.parse(this.path);
    if (main.ok) return main.value;
    if (main.reason === 'missing') return this.empty();
    const aside = await setAside(this.path);
    const backup = await this.parse(`${this.path}.bak`);
    this.logger?.warn('state file was damaged and set aside', { file: basename(this.path), aside: basename(aside), usedBackup: backup.ok });
    if (backup.ok) {
      await this.save(backup.value);
      return backup.value;
    }
    return this.empty();
  }

  /**
   * The backup is written after the file, with the same content: it is a second copy of the current state,
   * never an older one (an older account list would bring back accounts signed out since).
   */
  save(value: z.output<S>): Promise<void> {
    const text = `${JSON.stringify(value, null, 2)}\n`;
    return this.queue.run(async () => {
      await writeFileAtomic(this.path, text);
      await writeFileAtomic(`${this.path}.bak`, text);
    });
  }

  private async parse(path: string): Promise<{ ok: true; value: z.output<S> } | { ok: false; reason: 'missing' | 'damaged' }> {
    const bytes = await readIfExists(path);
    if (!bytes) return { ok: false, reason: 'missing' };
    try {
      const parsed = this.schema.safeParse(JSON.parse(bytes.toString('utf8')));
      return parsed.success ? { ok: true, value: parsed.data } : { ok: false, reason: 'damaged' };
    } catch {
      return { ok: false, reason: 'damaged' };
    }
  }
}
