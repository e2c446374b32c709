// The next page of a walk, asked for by the main process the moment a page's bytes arrive, before they cross to
// the engine's worker. The worker asks for that page too, as soon as it has read the tail of this one
// (engine/worker/page-walks.ts), but by then the page has crossed to it, waited behind the page it was reading,
// and its request has crossed back: meanwhile the platform, with a request fewer in hand, sat idle for part of
// each page (56–65 % busy during a 1,000,000-order sync against 79 % during the floor). Only a request that says
// how its next page is named (`PageRequest.next`, set by the feeds) is followed. The worker's own request for
// that page then takes the one already under way (and one arriving before the worker took it has the page after
// it asked for too: DEPTH); a page nobody takes is dropped after a while.
import { nextPageRequest, type PageRequest } from '../contract/protocol';

/** How long a page asked for ahead waits to be taken before it is dropped (a walk stopped, Cancel). */
const KEEP_MS = 30_000;
/** At most this many pages ahead at once (up to DEPTH per walk running: a few). */
const MOST = 16;
/**
 * How many pages of a walk may be asked for ahead of the worker's own requests: the next one as a page is taken,
 * and the one after it when that next page arrives before the worker took it (it was reading another walk's
 * page, or collecting garbage), so the walk keeps a request out while the worker lags. With one, the ratio to
 * the floor at 100,000 orders was 1.15-1.92 (median 1.43), with two 1.13-1.75 (median 1.28), in 10 runs of
 * each taken in turn.
 */
const DEPTH = 2;

interface Ahead {
  bytes: Promise<Uint8Array>;
  controller: AbortController;
  timer: ReturnType<typeof setTimeout>;
}

/** The same page request, however its query's keys are ordered. */
function keyOf(request: PageRequest): string {
  const query = Object.entries(request.query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([request.accountId, request.operation, query]);
}

export class PagesAhead {
  readonly #ahead = new Map<string, Ahead>();

  /** `fetch` is the page call the worker's own requests use (the API client's, with its retries and limits). */
  constructor(private readonly fetch: (request: PageRequest, signal: AbortSignal) => Promise<Uint8Array>) {}

  /** The page asked for ahead for this request, taken (its abort follows `signal` from now on), or undefined. */
  take(request: PageRequest, signal: AbortSignal): Promise<Uint8Array> | undefined {
    const key = keyOf(request);
    const ahead = this.#ahead.get(key);
    if (!ahead) return undefined;
    this.#ahead.delete(key);
    clearTimeout(ahead.timer);
    if (signal.aborted) ahead.controller.abort(signal.reason);
    else signal.addEventListener('abort', () => ahead.controller.abort(signal.reason), { once: true });
    return ahead.bytes;
  }

  /**
   * A page of `request` arrived: when the request names how its next page is asked for and the tail names it,
   * that page is asked for now (`depth`: how far ahead of the worker this page was asked for itself).
   */
  arrived(request: PageRequest, bytes: Uint8Array, depth = 1): void {
    if (this.#ahead.size >= MOST) return;
    const next = nextPageRequest(request, bytes);
    if (!next) return;
    const key = keyOf(next);
    if (this.#ahead.has(key)) return;
    const controller = new AbortController();
    const page = this.fetch(next, controller.signal);
    page.catch(() => undefined); // a page nobody takes is dropped, its failure with it; one taken fails its taker
    const timer = setTimeout(() => this.#drop(key), KEEP_MS);
    timer.unref?.();
    const entry = { bytes: page, controller, timer };
    this.#ahead.set(key, entry);
    // Still not taken when it arrives: the page after it too (a page taken is followed by its taker's arrived()).
    if (depth < DEPTH) {
      void page.then((arrivedBytes) => {
        if (this.#ahead.get(key) === entry) this.arrived(next, arrivedBytes, depth + 1);
      }, () => undefined);
    }
  }

  #drop(key: string): void {
    const ahead = this.#ahead.get(key);
    if (!ahead) return;
    this.#ahead.delete(key);
    clearTimeout(ahead.timer);
    ahead.controller.abort();
  }

  /** Drops every page asked for ahead (the engine closing or its worker gone). */
  clear(): void {
    for (const key of [...this.#ahead.keys()]) this.#drop(key);
  }
}
