// Every read goes through here: ask the platform, keep the answer in the offline cache, and when the
// platform cannot be reached answer from the cache instead of an error (fromCache, with its age). The first
// success after such a fallback means the platform is back: the UI is told to refetch (data.invalidated).
import type { Answer } from '../../../shared/ipc/data';
import { isAppError } from '../../../shared/errors';
import type { EmitEvent } from '../ipc/handler-types';
import type { Logger } from '../log';
import type { QueryCache } from '../store/query-cache';
import { cacheKey } from '../store/query-cache';

/** Failures that mean "the platform is not there right now", as opposed to "it said no". */
const UNAVAILABLE = new Set(['offline', 'unreachable', 'server_error', 'timed_out']);

export function isUnavailable(error: unknown): boolean {
  return isAppError(error) && UNAVAILABLE.has(error.code);
}

/** The same, for an error already reduced to its code (null: no error). */
export function isUnavailableCode(code: string | null): boolean {
  return code !== null && UNAVAILABLE.has(code);
}

export class CachedReader {
  /** Accounts that were last answered from the cache because the platform could not be reached. */
  readonly #servedOffline = new Set<string>();

  constructor(
    private readonly cache: QueryCache,
    private readonly emit: EmitEvent,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  async read<T>(accountId: string, method: string, input: unknown, fetch: () => Promise<T>): Promise<Answer<T>> {
    const key = cacheKey(method, input);
    const fetchedAt = new Date(this.now()).toISOString();
    let data: T;
    try {
      data = await fetch();
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      const cached = await this.cache.getOne<T>(accountId, key);
      if (!cached) throw error;
      this.logger.info('answered from the offline cache', { method, fetchedAt: cached.fetchedAt });
      this.markOffline(accountId);
      return { data: cached.value, fetchedAt: cached.fetchedAt, fromCache: true };
    }
    this.markOnline(accountId);
    await this.cache.put(accountId, key, fetchedAt, [data]);
    return { data, fetchedAt, fromCache: false };
  }

  markOffline(accountId: string): void {
    this.#servedOffline.add(accountId);
  }

  /** A call for the account succeeded: if it had been answered from the cache, its screens should refetch. */
  markOnline(accountId: string): void {
    if (this.#servedOffline.delete(accountId)) this.emit('data.invalidated', { accountId, reason: 'back_online' });

  }

  /** The shell's online probe says the platforms answer again. */
  backOnline(): void {
    for (const accountId of [...this.#servedOffline]) this.markOnline(accountId);
  }

  forget(accountId: string): void {
    this.#servedOffline.delete(accountId);
  }
}
