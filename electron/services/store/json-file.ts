// Atomic JSON files for state that is not secret (accounts, registered clients, the metadata cache), and the
// atomic write the vault shares: a crash at any point leaves either the old file or the new one, never half.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { Logger } from '../log';

/** Writes `data` to `path` via a temp file in the same directory, fsync and rename; keeps the previous file as `path.bak`. */
export async function writeFileAtomic(path: string, data: Uint8Array | string, options: { mode?: number; keepBackup?: boolean } = {}): Promise<void> {
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
    if (options.keepBackup) await copyFile(path, `${path}.bak`).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
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

/** Moves a damaged file aside (kept for inspection, never deleted) and returns where it went. */
export async function setAside(path: string, now: number = Date.now()): Promise<string> {
  const aside = `${path}.corrupt-${new Date(now).toISOString().replace(/[:.]/g, '-')}`;
  await rename(path, aside);
  return aside;
}

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
    throw new AppError('storage_unavailable', `The app could not read ${basename(path)}.`, { cause: error });
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

  save(value: z.output<S>): Promise<void> {
    const text = `${JSON.stringify(value, null, 2)}\n`;
    return this.queue.run(() => writeFileAtomic(this.path, text, { keepBackup: true }));
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
