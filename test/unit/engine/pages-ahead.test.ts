// The main process asks for a walk's next page as its page arrives (engine/client/pages-ahead.ts): held to the
// requests it makes, what the worker's own request for that page then gets, and what it drops.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PagesAhead } from '../../../electron/services/engine/client/pages-ahead';
import type { PageRequest } from '../../../electron/services/platform/page-request';

const encoder = new TextEncoder();
const pageNaming = (next: string | null) => encoder.encode(JSON.stringify({ data: [{ id: 'ord_1' }], meta: { total: 9, limit: 1000, next_cursor: next } }));
const walkPage = (query: Record<string, string | number>): PageRequest => ({ accountId: 'acc', operation: 'listOrders', query: { limit: 1000, sort: 'created_at', ...query }, next: { cursorParam: 'cursor' } });

function recording() {
  const asked: { request: PageRequest; signal: AbortSignal }[] = [];
  const answers = new Map<string, Uint8Array>();
  const fetch = (request: PageRequest, signal: AbortSignal) => {
    asked.push({ request, signal });
    return Promise.resolve(answers.get(String(request.query.cursor)) ?? pageNaming(null));
  };
  return { asked, answers, fetch };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('pages asked for ahead', () => {
  it('asks for the page the tail names at once, and hands it to the request for it, keys in any order, once', async () => {
    const { asked, answers, fetch } = recording();
    answers.set('c2', pageNaming('c3'));
    const ahead = new PagesAhead(fetch);
    const first = walkPage({ paid_from: '2026-01-01T00:00:00.000Z' });
    ahead.arrived(first, pageNaming('c2'));
    expect(asked.map((a) => a.request.query)).toEqual([{ ...first.query, cursor: 'c2' }]);
    const second: PageRequest = { accountId: 'acc', operation: 'listOrders', query: { cursor: 'c2', paid_from: '2026-01-01T00:00:00.000Z', sort: 'created_at', limit: 1000 }, next: { cursorParam: 'cursor' } };
    const taken = ahead.take(second, new AbortController().signal);
    expect(await taken).toEqual(pageNaming('c3'));
    expect(ahead.take(second, new AbortController().signal)).toBeUndefined();
    // Another list, another school, another position: not this page.
    ahead.arrived(first, pageNaming('c2'));
    expect(ahead.take({ ...second, accountId: 'other' }, new AbortController().signal)).toBeUndefined();
    expect(ahead.take({ ...second, query: { ...second.query, cursor: 'c9' } }, new AbortController().signal)).toBeUndefined();
  });

  it('asks for the page after the next when the next arrives before the worker takes it, and no further ahead than that', async () => {
    const { asked, answers, fetch } = recording();
    for (const [at, next] of [['c2', 'c3'], ['c3', 'c4'], ['c4', 'c5'], ['c5', 'c6']] as const) answers.set(at, pageNaming(next));
    const cursors = () => asked.map((a) => a.request.query.cursor);
    const flushed = () => new Promise((resolve) => setImmediate(resolve));
    const ahead = new PagesAhead(fetch);
    ahead.arrived(walkPage({}), pageNaming('c2'));
    await flushed();
    expect(cursors()).toEqual(['c2', 'c3']); // c2 came untaken: c3 too, and not c4
    // The worker takes c2 and (as the engine client does) tells its arrival: c3 is already asked for.
    const c2 = walkPage({ cursor: 'c2' });
    ahead.arrived(c2, (await ahead.take(c2, new AbortController().signal))!);
    await flushed();
    expect(cursors()).toEqual(['c2', 'c3']);
    const c3 = walkPage({ cursor: 'c3' });
    ahead.arrived(c3, (await ahead.take(c3, new AbortController().signal))!);
    await flushed();
    expect(cursors()).toEqual(['c2', 'c3', 'c4', 'c5']);
    // A page taken before it arrives is followed by its taker alone.
    const other = recording();
    other.answers.set('d2', pageNaming('d3'));
    const taken = new PagesAhead(other.fetch);
    taken.arrived(walkPage({ paid_to: '2026-01-01T00:00:00.000Z' }), pageNaming('d2'));
    void taken.take(walkPage({ paid_to: '2026-01-01T00:00:00.000Z', cursor: 'd2' }), new AbortController().signal);
    await flushed();
    expect(other.asked.map((a) => a.request.query.cursor)).toEqual(['d2']);
  });

  it('follows only a request that says how its next page is named, and only a named position', () => {
    const { asked, fetch } = recording();
    const ahead = new PagesAhead(fetch);
    ahead.arrived({ accountId: 'acc', operation: 'listOrders', query: { limit: 1 } }, pageNaming('c2'));
    ahead.arrived(walkPage({}), pageNaming(null));
    ahead.arrived(walkPage({}), encoder.encode('{"data":[],"meta":{"next_cursor":"with \\"escape\\""}}'));
    expect(asked).toEqual([]);
  });

  it('passes the taker\'s abort on, and drops (aborting) a page nobody takes, on clear or after a while', async () => {
    vi.useFakeTimers();
    const { asked, fetch } = recording();
    const ahead = new PagesAhead(fetch);
    ahead.arrived(walkPage({}), pageNaming('c2'));
    const taker = new AbortController();
    void ahead.take(walkPage({ cursor: 'c2' }), taker.signal);
    taker.abort(new Error('cancelled'));
    expect(asked[0]!.signal.aborted).toBe(true);
    ahead.arrived(walkPage({}), pageNaming('c3'));
    ahead.clear();
    expect(asked[1]!.signal.aborted).toBe(true);
    expect(ahead.take(walkPage({ cursor: 'c3' }), new AbortController().signal)).toBeUndefined();
    ahead.arrived(walkPage({}), pageNaming('c4'));
    await vi.advanceTimersByTimeAsync(31_000);
    expect(asked[2]!.signal.aborted).toBe(true);
    expect(ahead.take(walkPage({ cursor: 'c4' }), new AbortController().signal)).toBeUndefined();
  });
});
