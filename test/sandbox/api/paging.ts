// Cursor pagination shared by every list endpoint. A cursor is an opaque string holding the offset and a
// hash of the query it belongs to (school, operation, every parameter but cursor and limit): reusing it
// with another query is a 400, so a client cannot silently mix two result sets. `limit` may change
// between pages.
import type { Page } from '../../../shared/platform/resources';
import { invalid, parseLimit } from './params';

function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

export function queryKey(schoolId: string, operation: string, query: URLSearchParams, params: Record<string, string> = {}): string {
  const entries = [...query.entries()].filter(([k, v]) => k !== 'cursor' && k !== 'limit' && v !== '').sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  const path = Object.entries(params).sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([schoolId, operation, path, entries]);
}

function encodeCursor(offset: number, hash: string): string {
  return Buffer.from(`v1.${offset}.${hash}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string, hash: string): number {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = /^v1\.(\d{1,10})\.([0-9a-f]{8})$/.exec(text);
  if (!match) throw invalid('cursor is not a cursor this API issued; start again without it.');
  if (match[2] !== hash) throw invalid('cursor belongs to a different query (filters or sort changed); start again without it.');
  return Number(match[1]);
}

interface PageWindow {
  offset: number;
  limit: number;
  hash: string;
}

export function pageWindow(query: URLSearchParams, key: string): PageWindow {
  const limit = parseLimit(query);
  const hash = fnv1a(key);
  const cursor = query.get('cursor');
  const offset = cursor === null || cursor === '' ? 0 : decodeCursor(cursor, hash);
  return { offset, limit, hash };
}

/** The page of `total` results at the window, with each item built by `item(position)`. */
export function buildPage<T>(window: PageWindow, total: number, item: (position: number) => T): Page<T> {
  if (window.offset > total) throw invalid('cursor points past the end of the results (they changed); start again without it.');
  const end = Math.min(total, window.offset + window.limit);
  const data: T[] = [];
  for (let p = window.offset; p < end; p++) data.push(item(p));
  return { data, meta: { total, limit: window.limit, next_cursor: end < total ? encodeCursor(end, window.hash) : null } };
}

/** Pagination over an in-memory list. */
export function pageOfList<T>(query: URLSearchParams, key: string, items: readonly T[]): Page<T> {
  return buildPage(pageWindow(query, key), items.length, (p) => items[p]!);
}

/** Keeps the last few computed results (index arrays of a filtered, sorted query). */
export class ResultCache<V> {
  readonly #entries = new Map<string, V>();
  constructor(private readonly capacity = 6) {}

  get(key: string, compute: () => V): V {
    const hit = this.#entries.get(key);
    if (hit !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit;
    }
    const value = compute();
    this.#entries.set(key, value);
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value as string);
    return value;
  }

  clear(): void {
    this.#entries.clear();
  }
}
