// Sealed files that must not be rolled back (the vault, each school's outbox) carry a generation inside their
// sealed data, raised on every write; the latest one written is noted here, in a separate small sealed file.
// A file copied back from earlier then says an older generation than the app last wrote, and its owner refuses
// it (docs/security.md, "Copies put back"). The OS key store cannot hold a counter (safeStorage only seals),
// so this is a file too: it catches one file copied back, not the whole data folder restored with it.
import { z } from 'zod';
import type { Logger } from '../log';
import { readIfExists, WriteQueue, writeFileAtomic } from './json-file';
import type { SecretCipher } from './secret-cipher';

const Generations = z.object({ version: z.literal(1), generations: z.record(z.string(), z.int().nonnegative()) });

export class GenerationRecord {
  readonly #queue = new WriteQueue();

  private constructor(
    private readonly path: string,
    private readonly cipher: SecretCipher,
    private generations: Record<string, number>,
  ) {}

  /** Reads the record at `path`; a missing or unreadable one knows nothing yet (every file is taken as it is). */
  static async open(path: string, cipher: SecretCipher, logger: Logger): Promise<GenerationRecord> {
    const bytes = await readIfExists(path);
    if (!bytes) return new GenerationRecord(path, cipher, {});
    try {
      const plain = await cipher.decrypt(bytes);
      return new GenerationRecord(path, cipher, Generations.parse(JSON.parse(Buffer.from(plain).toString('utf8'))).generations);
    } catch (error) {
      logger.warn('the record of saved generations could not be read; it starts again', { reason: (error as Error).name });
      return new GenerationRecord(path, cipher, {});
    }
  }

  /** The latest generation written of the file `name`; 0 when none was noted. */
  latest(name: string): number {
    return this.generations[name] ?? 0;
  }

  /** Whether a file of `name` that says `generation` is older than the app last wrote (a copy put back). */
  isRolledBack(name: string, generation: number): boolean {
    return generation < this.latest(name);
  }

  /** Notes that `name` was written at `generation` (only ever raised); resolves once it is on disk. */
  note(name: string, generation: number): Promise<void> {
    if (generation <= this.latest(name)) return Promise.resolve();
    this.generations = { ...this.generations, [name]: generation };
    return this.#queue.run(async () => {
      const plain = Buffer.from(JSON.stringify({ version: 1, generations: this.generations }), 'utf8');
      await writeFileAtomic(this.path, await this.cipher.encrypt(plain), { mode: 0o600 });
    });
  }
}
