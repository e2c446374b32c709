// The engine's page walks: a few at once, the next page asked for while the current one is read (from its
// bytes' tail), a wrong guess corrected, a looping platform refused, one failure stopping all, and a stopped
// walk going on from where it was (or from its start when the platform no longer knows that place).
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors';
import { runWalks, walkStates, type PageSource } from '../../../electron/services/engine/worker/page-walks';
import { SyncProfile } from '../../../electron/services/engine/worker/sync-profile';
import { parsePage, peekNextCursor, type FeedPage, type FeedReader, type FeedWalk } from '../../../electron/services/platform/list-feed';
import { RawPage, type PageRequest } from '../../../electron/services/platform/page-request';

interface Page extends FeedPage {
  items: number[];
}

const reader: FeedReader<Page> = {
  read: (body, timer) => {
    const page = parsePage(body, timer) as { data: number[]; meta: { total: number; next_cursor: string | null } };
    return { items: page.data, total: page.meta.total, next: page.meta.next_cursor };
  },
  peekNext: peekNextCursor,
};

/** Lists of numbers served in pages of 10, as the platform sends them (bytes, meta last), each answer after a turn. */
function platform(lists: Record<string, number[]>, options: { nextOf?: (list: string, end: number) => string | null; refuse?: (request: PageRequest) => boolean; fail?: (request: PageRequest) => AppError | null } = {}) {
  const asked: string[] = [];
  let inFlight = 0;
  let most = 0;
  const source: PageSource = async (request, signal) => {
    const list = String(request.query.list);
    asked.push(`${list}@${request.query.cursor ?? 0}`);
    inFlight++;
    most = Math.max(most, inFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, 2));
      if (signal.aborted) throw signal.reason;
      const failure = options.fail?.(request);
      if (failure) throw failure;
      if (options.refuse?.(request)) throw new AppError('request_refused', 'cursor belongs to nothing');
      const items = lists[list]!;
      const start = Number(request.query.cursor ?? 0);
      const end = Math.min(items.length, start + 10);
      const next = end < items.length ? (options.nextOf?.(list, end) ?? String(end)) : null;
      return new RawPage(new TextEncoder().encode(JSON.stringify({ data: items.slice(start, end), meta: { total: items.length, limit: 10, next_cursor: next } })));
    } finally {
      inFlight--;
    }
  };
  return { source, asked, most: () => most };
}

const walk = (list: string): FeedWalk => ({
  first: { accountId: 'a', operation: 'listOrders', query: { list } },
  at: (cursor) => ({ accountId: 'a', operation: 'listOrders', query: { list, cursor } }),
});
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
const options = (signal = new AbortController().signal, concurrency = 2) => ({ signal, profile: new SyncProfile(), concurrency, what: 'orders' as const });

describe('page walks', () => {
  it('reads every page of every walk, at most `concurrency` walks at once', async () => {
    const lists = { a: range(0, 95), b: range(100, 40), c: range(200, 7), d: range(300, 0) };
    const { source, most } = platform(lists);
    const got: number[] = [];
    const walks = walkStates(['a', 'b', 'c', 'd'].map(walk));
    await runWalks(source, walks, reader, (page) => got.push(...page.items), options(undefined, 2));
    expect(got.sort((x, y) => x - y)).toEqual(Object.values(lists).flat());
    expect(walks.every((w) => w.done)).toBe(true);
    // Each walk has its next page out while it reads the current one: two walks, at most two pages each.
    expect(most()).toBeLessThanOrEqual(4);
  });

  it('asks for the next page as soon as the current one is in, before reading it', async () => {
    const { source, asked } = platform({ a: range(0, 30) });
    const seenWhenRead: number[] = [];
    await runWalks(source, walkStates([walk('a')]), reader, () => seenWhenRead.push(asked.length), options(undefined, 1));
    // When page 1 is read, page 2 was already asked for, and so on; the last page asks for nothing more.
    expect(seenWhenRead).toEqual([2, 3, 3]);
    expect(asked).toEqual(['a@0', 'a@10', 'a@20']);
  });

  it('peeks the next position from the tail of the bytes, and leaves alone what it cannot read cheaply', () => {
    const page = (meta: object) => new RawPage(new TextEncoder().encode(JSON.stringify({ data: [{ next_cursor: 'inside' }], meta })));
    expect(peekNextCursor(page({ total: 1, next_cursor: 'djEuMTAwMC5hYmM' }))).toBe('djEuMTAwMC5hYmM');
    expect(peekNextCursor(page({ total: 1, next_cursor: null }))).toBeNull();
    expect(peekNextCursor(page({ total: 1, next_cursor: 'with \\"escape' }))).toBeUndefined();
    expect(peekNextCursor({ data: [], meta: { next_cursor: 'x' } })).toBeUndefined();
  });

  it('follows the position the page names when the early guess was wrong', async () => {
    // The page's tail names one cursor, its meta (read in full) another: a platform whose meta is not last.
    const lists = { a: range(0, 35) };
    const { source, asked } = platform(lists);
    const twisted: PageSource = async (request, signal) => {
      const body = (await source(request, signal)) as RawPage;
      const json = JSON.parse(new TextDecoder().decode(body.bytes)) as { data: number[]; meta: object };
      return new RawPage(new TextEncoder().encode(JSON.stringify({ meta: json.meta, data: json.data, tail: { next_cursor: '99' } })));
    };
    const got: number[] = [];
    await runWalks(twisted, walkStates([walk('a')]), reader, (page) => got.push(...page.items), options(undefined, 1));
    expect(got).toEqual(lists.a);
    expect(asked.filter((a) => a !== 'a@99')).toEqual(['a@0', 'a@10', 'a@20', 'a@30']);
  });

  it('stops when the platform names a page it already gave', async () => {
    const { source } = platform({ a: range(0, 50) }, { nextOf: () => '10' });
    await expect(runWalks(source, walkStates([walk('a')]), reader, () => undefined, options())).rejects.toMatchObject({ code: 'bad_response', message: expect.stringContaining('the same page of orders twice') });
  });

  it("stops every walk on one walk's failure, and fails with it", async () => {
    const { source } = platform({ a: range(0, 500), b: range(0, 500) }, { fail: (r) => (r.query.list === 'b' && r.query.cursor === '30' ? new AppError('server_error', 'down') : null) });
    const walks = walkStates([walk('a'), walk('b')]);
    await expect(runWalks(source, walks, reader, () => undefined, options())).rejects.toMatchObject({ code: 'server_error' });
    expect(walks[0]!.done).toBe(false);
  });

  it('goes on from where each walk was after being stopped, without reading a page twice', async () => {
    const lists = { a: range(0, 100), b: range(100, 100) };
    const { source } = platform(lists);
    const walks = walkStates([walk('a'), walk('b')]);
    const got: number[] = [];
    const stop = new AbortController();
    await expect(runWalks(source, walks, reader, (page) => {
      got.push(...page.items);
      if (got.length === 60) stop.abort(new AppError('cancelled', 'Cancelled by the admin.'));
    }, options(stop.signal))).rejects.toMatchObject({ code: 'cancelled' });
    expect(walks.some((w) => w.position !== null && !w.done)).toBe(true);
    await runWalks(source, walks, reader, (page) => got.push(...page.items), options());
    expect(got.sort((x, y) => x - y)).toEqual([...lists.a, ...lists.b]);
  });

  it('starts a walk over when the platform no longer knows where it stopped', async () => {
    const { source, asked } = platform({ a: range(0, 30) }, { refuse: (r) => r.query.cursor === 'stale' });
    const [state] = walkStates([walk('a')]);
    state!.position = 'stale';
    const got: number[] = [];
    await runWalks(source, [state!], reader, (page) => got.push(...page.items), options());
    expect(got).toEqual(range(0, 30));
    expect(asked[0]).toBe('a@stale');
  });
  it("with onePage, reads every walk's first page at once and keeps where each is and its size, to go on from there", async () => {
    const lists = { a: range(0, 25), b: range(100, 5), c: range(200, 12) };
    const { source, asked, most } = platform(lists);
    const walks = walkStates([walk('a'), walk('b'), walk('c')]);
    const got: number[] = [];
    await runWalks(source, walks, reader, (page) => got.push(...page.items), { ...options(undefined, 3), onePage: true });
    // One request per walk (none asked ahead), all out at once.
    expect(asked.sort()).toEqual(['a@0', 'b@0', 'c@0']);
    expect(most()).toBe(3);
    expect(walks.map((w) => [w.total, w.position, w.done])).toEqual([[25, '10', false], [5, null, true], [12, '10', false]]);
    await runWalks(source, walks, reader, (page) => got.push(...page.items), options());
    expect(got.sort((x, y) => x - y)).toEqual([...lists.a, ...lists.b, ...lists.c]);
    expect(asked.filter((a) => a.endsWith('@0'))).toHaveLength(3);
  });
});
