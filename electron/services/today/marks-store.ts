// What Today keeps per school across restarts: the visit mark ("since you last looked", visit-policy.ts) and
// the comments the admin marked handled (answered on the site, by mail, or needing nothing). One small file
// per school, sealed by the app's SecretCipher like the outbox (the OS key store in the desktop app): it names
// comment ids and times only, yet which comments an admin handled is theirs alone. Written atomically, one
// write at a time; a damaged file is set aside and Today starts afresh, never fatal; dropped on sign-out.
import { PerAccountLoad } from '../store/per-account-load';
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Logger } from '../log';
import { readIfExists, setAside, WriteQueue, writeFileAtomic } from '../store/json-file';
import type { SecretCipher } from '../store/secret-cipher';
import type { VisitMark } from './visit-policy';

const isoTime = z.iso.datetime({ offset: true });

/** Handled marks kept per school; the oldest go first beyond it (the inbox shows the newest 500 comments). */
export const MAX_HANDLED = 5000;

const SchoolMarks = z.object({
  version: z.literal(1),
  accountId: z.string(),
  visit: z.object({ since: isoTime.nullable(), seenAt: isoTime, session: z.string().max(100) }).nullable(),
  /** Comment id → when it was marked handled. */
  handled: z.record(z.string().max(256), isoTime),
});
type SchoolMarks = z.infer<typeof SchoolMarks>;

function fileName(accountId: string): string {
  return `${createHash('sha256').update(accountId).digest('hex').slice(0, 40)}.bin`;
}

export class TodayMarksStore {
  readonly #loaded = new PerAccountLoad<SchoolMarks>((accountId) => this.#read(accountId));
  readonly #queue = new WriteQueue();

  constructor(
    private readonly dir: string,
    private readonly cipher: SecretCipher,
    private readonly logger: Logger,
  ) {}

  get(accountId: string): Promise<SchoolMarks> {
    return this.#loaded.get(accountId);
  }

  /** Changes the school's marks and writes them; changes run one after another. */
  update<T>(accountId: string, change: (marks: SchoolMarks) => T): Promise<T> {
    return this.#queue.run(async () => {
      const marks = await this.get(accountId);
      const result = change(marks);
      const ids = Object.keys(marks.handled);
      if (ids.length > MAX_HANDLED) {
        const oldest = ids.sort((a, b) => marks.handled[a]!.localeCompare(marks.handled[b]!)).slice(0, ids.length - MAX_HANDLED);
        for (const id of oldest) delete marks.handled[id];
      }
      await writeFileAtomic(this.#path(accountId), await this.cipher.encrypt(Buffer.from(JSON.stringify(marks), 'utf8')));
      return result;
    });
  }

  /** The visit mark after a look at Today (visit-policy.ts), saved. */
  visit(accountId: string, next: (stored: VisitMark | null) => VisitMark): Promise<VisitMark> {
    return this.update(accountId, (marks) => (marks.visit = next(marks.visit)));
  }

  /** Marks a comment handled, or not any more; answers whether it is now. */
  setHandled(accountId: string, commentId: string, handled: boolean, now: number): Promise<boolean> {
    return this.update(accountId, (marks) => {
      if (handled) marks.handled[commentId] ??= new Date(now).toISOString();
      else delete marks.handled[commentId];
      return handled;
    });
  }

  async handled(accountId: string): Promise<ReadonlySet<string>> {
    return new Set(Object.keys((await this.get(accountId)).handled));
  }

  /** Forgets a signed-out school's marks. */
  drop(accountId: string): Promise<void> {
    return this.#queue.run(async () => {
      this.#loaded.forget(accountId);
      await rm(this.#path(accountId), { force: true });
    });
  }

  #path(accountId: string): string {
    return join(this.dir, fileName(accountId));
  }

  async #read(accountId: string): Promise<SchoolMarks> {
    const empty: SchoolMarks = { version: 1, accountId, visit: null, handled: {} };
    const path = this.#path(accountId);
    const bytes = await readIfExists(path);
    if (!bytes) return empty;
    try {
      const parsed = SchoolMarks.parse(JSON.parse(Buffer.from(await this.cipher.decrypt(bytes)).toString('utf8')));
      if (parsed.accountId !== accountId) throw new Error('written for another account');
      return parsed;
    } catch (error) {
      const aside = await setAside(path).catch(() => null);
      this.logger.warn("Today's marks unreadable: set aside, starting afresh", { reason: (error as Error).name, aside: aside ? 'kept' : 'not kept' });
      return empty;
    }
  }
}
