// Each school's activity log and outbox, on disk, sealed by the app's SecretCipher like the rest of the
// per-school data (the OS key store in the desktop app, the user-only key file in browser mode): what the
// admin changed and what waits to be sent survive a restart and are unreadable to anyone else. One small
// file per school, written atomically, writes serialized; a damaged file is set aside, never fatal. A file
// older than the app last wrote (a copy put back, which would send a write the admin dropped) is refused.
import { PerAccountLoad } from '../store/per-account-load';
import { createHash, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { ActivityEntry, OutboxItem } from '../../../shared/ipc/writes';
import type { Logger } from '../log';
import { GenerationRecord } from '../store/generation-record';
import { readIfExists, setAside, WriteQueue, writeFileAtomic } from '../store/json-file';
import type { SecretCipher } from '../store/secret-cipher';
import { t } from '../../../shared/i18n/i18n';

/** The log keeps the most recent entries; an admin's year of changes fits easily. */
export const MAX_ACTIVITY = 5000;

const SchoolWrites = z.object({
  version: z.literal(1),
  /** Raised on every write and noted in the generation record (store/generation-record.ts). Absent in older files. */
  generation: z.int().nonnegative().default(0),
  accountId: z.string(),
  activity: z.array(ActivityEntry),
  outbox: z.array(OutboxItem),
});
type SchoolWrites = z.output<typeof SchoolWrites>;

/** Where the latest generation of each school's file is noted, next to them. */
const GENERATIONS_FILE = 'generations.bin';

export function writesFileName(accountId: string): string {
  return `${createHash('sha256').update(accountId).digest('hex').slice(0, 40)}.bin`;
}

export class WritesStore {
  readonly #loaded = new PerAccountLoad<SchoolWrites>((accountId) => this.#read(accountId));
  readonly #queue = new WriteQueue();
  #generations: Promise<GenerationRecord> | null = null;

  constructor(
    private readonly dir: string,
    private readonly cipher: SecretCipher,
    private readonly logger: Logger,
  ) {}

  /** The school's state (loaded once, then kept in memory). */
  get(accountId: string): Promise<SchoolWrites> {
    return this.#loaded.get(accountId);
  }

  /** Changes the school's state and writes it; changes run one after another. */
  update<T>(accountId: string, change: (state: SchoolWrites) => T): Promise<T> {
    return this.#queue.run(async () => {
      const state = await this.get(accountId);
      const result = change(state);
      if (state.activity.length > MAX_ACTIVITY) state.activity.splice(0, state.activity.length - MAX_ACTIVITY);
      await this.#write(state);
      return result;
    });
  }

  /** Forgets a signed-out school's log and outbox. Its generation stays noted: a copy put back later is still refused. */
  drop(accountId: string): Promise<void> {
    return this.#queue.run(async () => {
      this.#loaded.forget(accountId);
      await rm(this.#path(accountId), { force: true });
      // Removing is a write too: the file last written is now older than the app's latest word on it.
      const record = await this.#record();
      await record.note(writesFileName(accountId), record.latest(writesFileName(accountId)) + 1);
    });
  }

  #path(accountId: string): string {
    return join(this.dir, writesFileName(accountId));
  }

  #record(): Promise<GenerationRecord> {
    this.#generations ??= GenerationRecord.open(join(this.dir, GENERATIONS_FILE), this.cipher, this.logger);
    return this.#generations;
  }

  /** The next generation on disk first, then noted: a crash in between leaves a file newer than noted, which is fine. */
  async #write(state: SchoolWrites): Promise<void> {
    const record = await this.#record();
    const name = writesFileName(state.accountId);
    state.generation = Math.max(state.generation, record.latest(name)) + 1;
    const sealed = await this.cipher.encrypt(Buffer.from(JSON.stringify(state), 'utf8'));
    await writeFileAtomic(this.#path(state.accountId), sealed);
    await record.note(name, state.generation);
  }

  async #read(accountId: string): Promise<SchoolWrites> {
    const record = await this.#record();
    const empty: SchoolWrites = { version: 1, generation: record.latest(writesFileName(accountId)), accountId, activity: [], outbox: [] };
    const path = this.#path(accountId);
    const bytes = await readIfExists(path);
    if (!bytes) return empty;
    let parsed: SchoolWrites;
    try {
      const plain = await this.cipher.decrypt(bytes);
      parsed = SchoolWrites.parse(JSON.parse(Buffer.from(plain).toString('utf8')));
      if (parsed.accountId !== accountId) throw new Error('written for another account');
    } catch (error) {
      const aside = await setAside(path).catch(() => null);
      this.logger.warn('activity log and outbox unreadable: set aside, starting empty', { reason: (error as Error).name, aside: aside ? 'kept' : 'not kept' });
      return empty;
    }
    if (!record.isRolledBack(writesFileName(accountId), parsed.generation)) return parsed;
    // A copy put back: its outbox may hold writes the admin dropped or that were sent since. None of it is used.
    const aside = await setAside(path).catch(() => null);
    this.logger.warn('activity log and outbox older than the app last wrote: set aside, nothing in them sent', { account: accountId, aside: aside ? 'kept' : 'not kept' });
    const refused: SchoolWrites = { ...empty, activity: [rolledBackNotice()] };
    await this.#write(refused);
    return refused;
  }
}

/** What the activity log says about an older copy it refused (the admin sees it on the Activity page). */
function rolledBackNotice(): SchoolWrites['activity'][number] {
  return {
    id: randomUUID(),
    at: new Date().toISOString(),
    kind: 'outbox.rolled_back',
    summary: t('writes:service.rolledBack'),
    result: 'rolled_back',
    detail: t('writes:service.rolledBackDetail'),
    target: null,
  };
}
