// Each school's activity log and outbox, on disk, sealed by the app's SecretCipher like the rest of the
// per-school data (the OS key store in the desktop app, the user-only key file in browser mode): what the
// admin changed and what waits to be sent survive a restart and are unreadable to anyone else. One small
// file per school, written atomically, writes serialized; a damaged file is set aside, never fatal.
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { ActivityEntry, OutboxItem } from '../../../shared/ipc/writes';
import type { Logger } from '../log';
import { readIfExists, setAside, WriteQueue, writeFileAtomic } from '../store/json-file';
import type { SecretCipher } from '../store/secret-cipher';

/** The log keeps the most recent entries; an admin's year of changes fits easily. */
export const MAX_ACTIVITY = 5000;

const SchoolWrites = z.object({
  version: z.literal(1),
  accountId: z.string(),
  activity: z.array(ActivityEntry),
  outbox: z.array(OutboxItem),
});
type SchoolWrites = z.infer<typeof SchoolWrites>;

export function writesFileName(accountId: string): string {
  return `${createHash('sha256').update(accountId).digest('hex').slice(0, 40)}.bin`;
}

export class WritesStore {
  readonly #loaded = new Map<string, Promise<SchoolWrites>>();
  readonly #queue = new WriteQueue();

  constructor(
    private readonly dir: string,
    private readonly cipher: SecretCipher,
    private readonly logger: Logger,
  ) {}

  /** The school's state (loaded once, then kept in memory). */
  get(accountId: string): Promise<SchoolWrites> {
    let found = this.#loaded.get(accountId);
    if (!found) {
      found = this.#read(accountId);
      this.#loaded.set(accountId, found);
      found.catch(() => this.#loaded.delete(accountId));
    }
    return found;
  }

  /** Changes the school's state and writes it; changes run one after another. */
  update<T>(accountId: string, change: (state: SchoolWrites) => T): Promise<T> {
    return this.#queue.run(async () => {
      const state = await this.get(accountId);
      const result = change(state);
      if (state.activity.length > MAX_ACTIVITY) state.activity.splice(0, state.activity.length - MAX_ACTIVITY);
      const sealed = await this.cipher.encrypt(Buffer.from(JSON.stringify(state), 'utf8'));
      await writeFileAtomic(this.#path(accountId), sealed);
      return result;
    });
  }

  /** Forgets a signed-out school's log and outbox. */
  drop(accountId: string): Promise<void> {
    return this.#queue.run(async () => {
      this.#loaded.delete(accountId);
      await rm(this.#path(accountId), { force: true });
    });
  }

  #path(accountId: string): string {
    return join(this.dir, writesFileName(accountId));
  }

  async #read(accountId: string): Promise<SchoolWrites> {
    const empty: SchoolWrites = { version: 1, accountId, activity: [], outbox: [] };
    const path = this.#path(accountId);
    const bytes = await readIfExists(path);
    if (!bytes) return empty;
    try {
      const plain = await this.cipher.decrypt(bytes);
      const parsed = SchoolWrites.parse(JSON.parse(Buffer.from(plain).toString('utf8')));
      if (parsed.accountId !== accountId) throw new Error('written for another account');
      return parsed;
    } catch (error) {
      const aside = await setAside(path).catch(() => null);
      this.logger.warn('activity log and outbox unreadable: set aside, starting empty', { reason: (error as Error).name, aside: aside ? 'kept' : 'not kept' });
      return empty;
    }
  }
}
