// How the engine walks one of the platform's lists, as the adapter describes it: walks (a first request, then
// the request for each position the platform names), reading a page into the app's records, and where the
// next page is before the page is read, so the next request goes out while this one is digested. Which
// filters slice a list, and how big a page is, stay here in the adapter; the engine only runs the walks.
import { AppError } from '../../../shared/errors';
import { type PageRequest, RawPage } from './page-request';
import { t } from '../../../shared/i18n/i18n';

/** Where a walk is: null before its first page; otherwise the platform's opaque position. */
type FeedPosition = string | null;

/** One cursor walk through a list: its first page and the page at a position the platform named. */
export interface FeedWalk {
  first: PageRequest;
  at(position: string): PageRequest;
  /**
   * The walk's list can lose a record while it is paged (a filter on something that changes, such as a state):
   * a record leaving it can make the walk skip the next one, so a sync that comes up short reads it again.
   */
  mayLose?: boolean;
}

export interface FeedPage {
  /** How many records the walk's whole list holds (progress). */
  total: number;
  /** Null when this was the walk's last page. */
  next: FeedPosition;
}

/** The steps of reading a page, timed by the engine (its sync profile). */
export type ReadStep = 'parse' | 'validate' | 'map' | 'scan';
export interface StepTimer {
  time<T>(step: ReadStep, work: () => T): T;
}

export const untimed: StepTimer = { time: (_step, work) => work() };

/** Reads one list's pages into the app's records. */
export interface FeedReader<P extends FeedPage> {
  read(body: unknown, timer: StepTimer): P;
  /** The next position named by a page not read yet (its tail), or undefined when that is not cheap to know. */
  peekNext(body: unknown): FeedPosition | undefined;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A page's JSON: parsed from the platform's bytes (strict UTF-8), or as a stand-in handed it over. */
export function parsePage(body: unknown, timer: StepTimer): unknown {
  if (!(body instanceof RawPage)) return body;
  return timer.time('parse', () => {
    try {
      return JSON.parse(utf8.decode(body.bytes)) as unknown;
    } catch (cause) {
      throw new AppError('bad_response', t('errors:platform.malformedJson'), { cause });
    }
  });
}

const NEXT_CURSOR = new TextEncoder().encode('"next_cursor":');
/** How far from the end of a page its paging metadata is looked for. */
const TAIL = 512;

/**
 * The `meta.next_cursor` of a page's bytes, read from their tail without parsing the page (the platform puts
 * `meta` after `data`): a string, null, or undefined when it is not found there. Only a guess to start the
 * next request early: the page read in full is what decides.
 */
export function peekNextCursor(body: unknown): FeedPosition | undefined {
  if (!(body instanceof RawPage)) return undefined;
  const bytes = body.bytes;
  const from = Math.max(0, bytes.length - TAIL);
  let at = -1;
  for (let i = bytes.length - NEXT_CURSOR.length; i >= from && at < 0; i--) {
    let k = 0;
    while (k < NEXT_CURSOR.length && bytes[i + k] === NEXT_CURSOR[k]) k++;
    if (k === NEXT_CURSOR.length) at = i + k;
  }
  if (at < 0) return undefined;
  while (bytes[at] === 0x20) at++;
  if (bytes[at] === 0x6e) return 'null' === utf8.decode(bytes.subarray(at, at + 4)) ? null : undefined; // n
  if (bytes[at] !== 0x22) return undefined; // "
  let end = at + 1;
  while (end < bytes.length && bytes[end] !== 0x22) {
    if (bytes[end] === 0x5c) return undefined; // an escape: leave it to the full read
    end++;
  }
  return end < bytes.length ? utf8.decode(bytes.subarray(at + 1, end)) : undefined;
}

/**
 * The request for the page after `request`, named by the tail of its bytes, or undefined: where the request does not
 * say how its next page is asked for (`PageRequest.next`), the tail names no next page, or names it in a form only
 * the full read can decode (engine/client/pages-ahead.ts asks for it ahead).
 */
export function nextPageRequest(request: PageRequest, bytes: Uint8Array): PageRequest | undefined {
  if (!request.next) return undefined;
  const cursor = peekNextCursor(new RawPage(bytes));
  if (typeof cursor !== 'string') return undefined;
  return { ...request, query: { ...request.query, [request.next.cursorParam]: cursor } };
}
