// Runs the walks a feed hands the engine (platform/list-feed.ts): at most `concurrency` at once, each keeping
// the platform busy (the next page is asked for as soon as the current one's tail names it, while the worker
// reads this one), every page read and handed on as it arrives. A walk remembers where it is, so a sync that
// was stopped goes on from there. Retries and rate limits are the main process's API client's; a failure here
// stops every walk and is the sync's failure.
import { AppError } from '../../../../shared/errors';
import { t } from '../../../../shared/i18n/i18n';
import type { FeedPage, FeedReader, FeedWalk } from '../../platform/list-feed';
import type { PageRequest } from '../../platform/page-request';
import type { SyncProfile } from './sync-profile';

/** One page of a platform list through the main process (EngineHost.page). */
export type PageSource = (request: PageRequest, signal: AbortSignal) => Promise<unknown>;

export interface WalkState {
  readonly walk: FeedWalk;
  /** The position of the next page to read: null before the first. */
  position: string | null;
  done: boolean;
  /** Positions already read: one named twice means the platform is looping. */
  readonly seen: Set<string>;
  /** How many records the walk's list held, as its last page read said (null before the first). */
  total: number | null;
}

export function walkStates(walks: readonly FeedWalk[]): WalkState[] {
  return walks.map((walk) => ({ walk, position: null, done: false, seen: new Set(), total: null }));
}

interface WalkOptions {
  signal: AbortSignal;
  profile: SyncProfile;
  /** How many walks run at once (each with one request out at a time). */
  concurrency: number;
  /** What the list holds ("orders"), for the message when the platform loops. */
  what: 'orders' | 'students' | 'enrollments' | 'courses' | 'subscriptions';
  /** Each walk reads one page and stops there (where it is kept): to learn every walk's size at once. */
  onePage?: boolean;
}

interface Fetch {
  position: string | null;
  body: Promise<unknown>;
  cancel(): void;
}

/** Reads every page of the walks not done yet; `onPage` gets each as it arrives (the walks' pages interleave). */
export async function runWalks<P extends FeedPage>(source: PageSource, walks: readonly WalkState[], reader: FeedReader<P>, onPage: (page: P, walk: WalkState) => void, options: WalkOptions): Promise<void> {
  const pending = walks.filter((w) => !w.done);
  const stop = new AbortController();
  const signal = AbortSignal.any([options.signal, stop.signal]);
  const { profile } = options;

  const fetch = (walk: WalkState, position: string | null): Fetch => {
    const own = new AbortController();
    profile.requests++;
    const request = position === null ? walk.walk.first : walk.walk.at(position);
    // One page each, the way to its next page kept: the main process asks for that page ahead (client/
    // pages-ahead.ts), so the platform serves the walks' second pages while the worker reads the first ones
    // (it sat idle for that, 30-60 ms, with none asked), and a walk whose turn comes later finds its next page
    // there. The walks at once stay `concurrency`; only these few pages are asked for before their turn.
    const body = source(request, AbortSignal.any([signal, own.signal]));
    body.catch(() => undefined); // a page asked for ahead and then not needed is dropped, not an unhandled failure
    return { position, body, cancel: () => own.abort(new AppError('cancelled', t('engine:errors.notNeeded'))) };
  };

  const walkOne = async (walk: WalkState) => {
    const resumedAt = walk.position;
    let current = fetch(walk, walk.position);
    for (;;) {
      let body: unknown;
      try {
        body = await current.body;
      } catch (error) {
        // A stopped sync's position may be one the platform no longer honours: that walk starts over (what it
        // brings again is merged as a repeat).
        if (resumedAt !== null && current.position === resumedAt && error instanceof AppError && error.code === 'request_refused' && !signal.aborted) {
          walk.seen.clear();
          walk.position = null;
          current = fetch(walk, null);
          continue;
        }
        throw error;
      }
      const peeked = options.onePage ? undefined : reader.peekNext(body);
      const ahead = typeof peeked === 'string' && !walk.seen.has(peeked) ? fetch(walk, peeked) : null;
      let page: P;
      try {
        page = reader.read(body, profile);
        profile.page();
        walk.total = page.total;
        onPage(page, walk);
      } catch (error) {
        ahead?.cancel();
        throw error;
      }
      const next = page.next;
      if (next === null) {
        ahead?.cancel();
        walk.done = true;
        profile.walkEnded();
        return;
      }
      if (walk.seen.has(next)) {
        ahead?.cancel();
        throw new AppError('bad_response', t('engine:errors.samePageTwice', { what: t(`engine:lists.${options.what}`) }));
      }
      walk.seen.add(next);
      walk.position = next;
      if (options.onePage) return;
      if (ahead && ahead.position === next) current = ahead;
      else {
        ahead?.cancel();
        current = fetch(walk, next);
      }
    }
  };

  let queued = 0;
  const worker = async () => {
    while (queued < pending.length) await walkOne(pending[queued++]!);
  };
  const results = await Promise.allSettled(
    Array.from({ length: Math.min(options.concurrency, pending.length) }, () =>
      worker().catch((error: unknown) => {
        stop.abort(error);
        throw error;
      }),
    ),
  );
  if (options.signal.aborted) throw options.signal.reason ?? new AppError('cancelled', t('engine:errors.cancelled'));

  // The first walk's own failure (the others then failed because it stopped them).
  if (results.some((r) => r.status === 'rejected')) throw stop.signal.reason;
}
