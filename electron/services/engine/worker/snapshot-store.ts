// The engine's snapshots on disk: one file per school, its columns sealed with AES-256-GCM under a key derived
// from that school's offline-cache data key (so signing out, or a new app version dropping the cache, leaves an
// old snapshot unreadable), the file name bound in as associated data (files cannot be swapped between
// schools), written to a temp file, fsynced and renamed (a crash leaves the old snapshot or the new one, never
// half of one). A truncated, altered or foreign file fails authentication and is deleted: the caller rebuilds
// from the platform. All schools together stay under a byte bound; the least recently used is evicted first.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_SNAPSHOT_MAX_BYTES } from '../contract/protocol';

const MAGIC = Buffer.from('SCENGSN1', 'ascii');
const FORMAT_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + 2 + IV_BYTES + TAG_BYTES;
const SUFFIX = '.snap';


class SnapshotRefused extends Error {}

interface SnapshotStoreOptions {
  dir: string;
  maxBytes?: number;
  now?: () => number;
}

export class SnapshotStore {
  readonly maxBytes: number;
  readonly #now: () => number;

  constructor(private readonly options: SnapshotStoreOptions) {
    this.maxBytes = options.maxBytes ?? DEFAULT_SNAPSHOT_MAX_BYTES;
    this.#now = options.now ?? Date.now;
  }

  /** A hash of the account id: account ids (URLs) never become file names. */
  fileName(accountId: string): string {
    return `${createHash('sha256').update(accountId).digest('hex').slice(0, 32)}${SUFFIX}`;
  }

  path(accountId: string): string {
    return join(this.options.dir, this.fileName(accountId));
  }

  #aad(name: string): Buffer {
    const version = Buffer.alloc(2);
    version.writeUInt16BE(FORMAT_VERSION);
    return Buffer.concat([MAGIC, version, Buffer.from(name, 'utf8')]);
  }

  /** Seals and writes atomically, then evicts other schools' snapshots (least recently used first) to fit. */
  async write(accountId: string, key: Buffer, plain: readonly Uint8Array[]): Promise<number> {
    const name = this.fileName(accountId);
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(this.#aad(name));
    const body = plain.map((part) => cipher.update(part));
    body.push(cipher.final());
    const head = Buffer.alloc(MAGIC.length + 2);
    MAGIC.copy(head);
    head.writeUInt16BE(FORMAT_VERSION, MAGIC.length);
    const bytes = HEADER_BYTES + body.reduce((sum, b) => sum + b.length, 0);
    if (bytes > this.maxBytes) throw new SnapshotRefused(`snapshot of ${bytes} bytes exceeds the bound of ${this.maxBytes}`);
    await mkdir(this.options.dir, { recursive: true, mode: 0o700 });
    const target = join(this.options.dir, name);
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await open(temp, 'w', 0o600);
    try {
      // writev takes at most IOV_MAX buffers per call; a snapshot has about a hundred.
      await handle.writev([head, iv, cipher.getAuthTag(), ...body]);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
    const now = new Date(this.#now());
    await utimes(target, now, now).catch(() => undefined); // the use time eviction goes by
    await this.#evict(name);
    return bytes;
  }

  /** The plaintext, or null when there is none; throws SnapshotRefused (after deleting the file) when it does not authenticate. */
  async read(accountId: string, key: Buffer): Promise<Buffer | null> {
    const name = this.fileName(accountId);
    const target = join(this.options.dir, name);
    let bytes: Buffer;
    try {
      bytes = await readFile(target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      if (bytes.length < HEADER_BYTES || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not a snapshot');
      if (bytes.readUInt16BE(MAGIC.length) !== FORMAT_VERSION) throw new Error('another snapshot format');
      const ivAt = MAGIC.length + 2;
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(ivAt, ivAt + IV_BYTES));
      decipher.setAAD(this.#aad(name));
      decipher.setAuthTag(bytes.subarray(ivAt + IV_BYTES, HEADER_BYTES));
      const plain = decipher.update(bytes.subarray(HEADER_BYTES));
      const last = decipher.final(); // throws unless every byte is as written, under this key, for this school
      const now = new Date(this.#now());
      await utimes(target, now, now).catch(() => undefined); // "recently used", for eviction
      return last.length === 0 ? plain : Buffer.concat([plain, last]);
    } catch (error) {
      await rm(target, { force: true });
      throw new SnapshotRefused(`snapshot refused: ${(error as Error).message}`);
    }
  }

  async remove(accountId: string): Promise<void> {
    await rm(this.path(accountId), { force: true });
  }

  /** Bytes on disk per school file (tests, the benchmark, cacheInfo). */
  async sizeOf(accountId: string): Promise<number | null> {
    try {
      return (await stat(this.path(accountId))).size;
    } catch {
      return null;
    }
  }

  async #evict(keep: string): Promise<void> {
    const names = await readdir(this.options.dir).catch(() => [] as string[]);
    const files: { name: string; bytes: number; usedAt: number }[] = [];
    for (const name of names) {
      if (name.endsWith('.tmp')) {
        // A temp file older than a minute is a crash's leftover.
        const info = await stat(join(this.options.dir, name)).catch(() => null);
        if (info && this.#now() - info.mtimeMs > 60_000) await rm(join(this.options.dir, name), { force: true });
        continue;
      }
      if (!name.endsWith(SUFFIX)) continue;
      const info = await stat(join(this.options.dir, name)).catch(() => null);
      if (info) files.push({ name, bytes: info.size, usedAt: info.mtimeMs });
    }
    let total = files.reduce((sum, f) => sum + f.bytes, 0);
    for (const file of files.sort((a, b) => a.usedAt - b.usedAt)) {
      if (total <= this.maxBytes) break;
      if (file.name === keep) continue;
      await rm(join(this.options.dir, file.name), { force: true });
      total -= file.bytes;
    }
  }
}
