// The test knobs: behaviour a test (or a person poking at the sandbox) can change while it runs.
import { z } from 'zod';

export const Knobs = z.object({
  accessTokenTtlSeconds: z.int().min(1).max(31_536_000),
  latencyMs: z.int().min(0).max(60_000),
  /** Only requests whose path starts with one of these wait `latencyMs` (null: every request): a slow list beside a quick sign-in. */
  slowPaths: z.array(z.string().startsWith('/')).min(1).max(20).nullable(),
  errorRate: z.number().min(0).max(1),
  /** Requests per minute per access token (per IP when anonymous); null turns the limit off. */
  rateLimitPerMinute: z.int().min(1).nullable(),
  /**
   * A platform that changes its page size between pages: each list answer holds at most the next of these many
   * records, in turn (never more than asked); null serves what is asked.
   */
  pageSizes: z.array(z.int().min(1).max(1000)).min(1).max(100).nullable(),
  /**
   * A platform that does not know some of the sandbox's list filters: list queries lose these parameters, so a
   * filtered list answers with the whole list (as a platform answers a filter it ignores); null knows them all.
   */
  ignoredFilters: z.array(z.string().min(1).max(40)).min(1).max(20).nullable(),
});
export type Knobs = z.infer<typeof Knobs>;

export const KnobsPatch = Knobs.partial().strict();

const DEFAULT_KNOBS: Knobs = { accessTokenTtlSeconds: 3600, latencyMs: 0, slowPaths: null, errorRate: 0, rateLimitPerMinute: null, pageSizes: null, ignoredFilters: null };

export class KnobsStore {
  #value: Knobs;

  constructor(initial: Partial<Knobs>) {
    this.#value = Knobs.parse({ ...DEFAULT_KNOBS, ...stripUndefined(initial) });
  }

  get(): Knobs {
    return { ...this.#value, pageSizes: this.#value.pageSizes && [...this.#value.pageSizes], ignoredFilters: this.#value.ignoredFilters && [...this.#value.ignoredFilters], slowPaths: this.#value.slowPaths && [...this.#value.slowPaths] };
  }

  /** Throws a zod error naming the bad field; nothing changes then. */
  set(patch: Partial<Knobs>): Knobs {
    const checked = KnobsPatch.parse(stripUndefined(patch));
    this.#value = { ...this.#value, ...checked };
    return this.get();
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
