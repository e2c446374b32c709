// The offline cache of what the admin has seen: every successful data answer, per school, keyed by the
// method and its normalised input, encrypted at rest (see cache/school-cache.ts), bounded per school,
// dropped on sign-out and when the app or the cache format changes.
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../log';
import type { SecretCipher } from './secret-cipher';
import { SchoolCache } from './cache/school-cache';
import type { CachedValues, SchoolCacheInfo } from './cache/school-cache';

const DEFAULT_MAX_BYTES_PER_SCHOOL = 64 * 1024 * 1024;

export interface QueryCacheOptions {
  /** The cache's own directory, e.g. `<dataDir>/query-cache`. */
  dir: string;
  cipher: SecretCipher;
  appVersion: string;
  logger: Logger;
  maxBytesPerSchool?: number;
  now?: () => number;
}

/** Same input, same key: object keys sorted, undefined left out, so {a, b} and {b, a} share an entry. */
export function cacheKey(method: string, input: unknown): string {
  return `${method} ${stableJson(input)}`;
}

function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}

export class QueryCache {
  readonly maxBytesPerSchool: number;
  readonly #schools = new Map<string, Promise<SchoolCache>>();

  constructor(private readonly options: QueryCacheOptions) {
    this.maxBytesPerSchool = options.maxBytesPerSchool ?? DEFAULT_MAX_BYTES_PER_SCHOOL;
  }

  /** The school's directory: a hash, so account ids (URLs) never become file names. */
  schoolDir(accountId: string): string {
    return join(this.options.dir, createHash('sha256').update(accountId).digest('hex').slice(0, 32));
  }

  async get(accountId: string, key: string): Promise<CachedValues | null> {
    return (await this.#school(accountId))?.get(key) ?? null;
  }

  async getOne<T = unknown>(accountId: string, key: string): Promise<{ fetchedAt: string; value: T } | null> {
    const found = await this.get(accountId, key);
    return found && found.values.length === 1 ? { fetchedAt: found.fetchedAt, value: found.values[0] as T } : null;
  }

  /**
   * The newest kept answer of any of `methods`, whatever its input (the course list of whichever range was seen
   * last): what the command palette searches. One value per answer, as CachedReader keeps them.
   */
  async getNewest<T = unknown>(accountId: string, methods: readonly string[]): Promise<{ method: string; fetchedAt: string; value: T } | null> {
    const school = await this.#school(accountId);
    const key = school?.newestKey(methods.map((m) => `${m} `)) ?? null;
    if (!key) return null;
    const found = await this.getOne<T>(accountId, key);
    return found ? { method: key.slice(0, key.indexOf(' ')), ...found } : null;
  }

  /** Keeps an answer; a failure to write is logged, never thrown (the answer itself already reached the UI). */
  async put(accountId: string, key: string, fetchedAt: string, values: readonly unknown[]): Promise<void> {
    try {
      await (await this.#school(accountId))?.put(key, fetchedAt, values);
    } catch (error) {
      this.options.logger.warn('offline cache: could not keep an answer', { error: (error as Error).message });
    }
  }

  async info(accountId: string): Promise<SchoolCacheInfo> {
    return (await this.#school(accountId))?.info() ?? { bytes: 0, entries: 0, oldestFetchedAt: null, newestFetchedAt: null };
  }

  /** The school's key for another sealed store (see SchoolCache.deriveKey); null without a usable key store. */
  async deriveKey(accountId: string, purpose: string): Promise<Buffer | null> {
    const school = await this.#school(accountId);
    return school ? school.deriveKey(purpose) : null;
  }

  /** Removes everything kept for the school (sign-out). */
  async drop(accountId: string): Promise<void> {
    const school = this.#schools.get(accountId);
    this.#schools.delete(accountId);
    if (school) await (await school.catch(() => null))?.drop();
    await rm(this.schoolDir(accountId), { recursive: true, force: true });
  }

  /** Null when the key store cannot be used: the app works on, just without an offline cache. */
  async #school(accountId: string): Promise<SchoolCache | null> {
    let school = this.#schools.get(accountId);
    if (!school) {
      school = SchoolCache.open(this.schoolDir(accountId), accountId, {
        cipher: this.options.cipher,
        appVersion: this.options.appVersion,
        maxBytes: this.maxBytesPerSchool,
        logger: this.options.logger,
        now: this.options.now ?? Date.now,
      });
      this.#schools.set(accountId, school);
    }
    try {
      return await school;
    } catch (error) {
      this.#schools.delete(accountId);
      this.options.logger.warn('offline cache unavailable', { error: (error as Error).message });
      return null;
    }
  }
}
