// The command palette's search over a school's synced orders, in the engine's worker: trade number, buyer email
// and buyer name (and an exact order id), ranked as shared/search/ranking.ts says (exact, prefix, a word's
// start, anywhere; recent first among equals). Each dictionary is scanned as one lower-cased string, then one
// pass over the rows keeps the best `limit` in a small sorted list, so a million orders take one linear pass
// and no sort of the matches. Only the kept rows become order objects.
import type { MatchQuality } from '../../../../shared/model/search';
import type { OrdersSearchResult } from '../contract/protocol';
import { matchQuality, normalizeText, qualityRank } from '../../../../shared/search/ranking';
import { StringDict, type DictColumn } from './order-columns';
import type { OrdersTable } from './orders-table';

const QUALITIES: MatchQuality[] = ['exact', 'prefix', 'word', 'substring', 'fuzzy'];



/** Per table and column: the dictionary's joined string lower-cased once (a table never changes; a refresh makes a new one). */
const lowered = new WeakMap<OrdersTable, Map<DictColumn, string | null>>();

/** The joined values lower-cased, or null when lower-casing changes a length (then offsets would not line up). */
function lowerJoined(table: OrdersTable, column: DictColumn): string | null {
  let perTable = lowered.get(table);
  if (!perTable) {
    perTable = new Map();
    lowered.set(table, perTable);
  }
  if (!perTable.has(column)) {
    const { joined } = StringDict.from(column.dict);
    const lower = joined.toLowerCase();
    perTable.set(column, lower.length === joined.length ? lower : null);
  }
  return perTable.get(column)!;
}

/** The code whose value holds position `at` of the joined string: offsets[code] <= at < offsets[code + 1]. */
function codeAt(offsets: Uint32Array, at: number): number {
  let lo = 0;
  let hi = offsets.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (offsets[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Per code of the dictionary: the rank of its match quality, or -1; and whether any matched. One native
 * indexOf scan of the joined, lower-cased dictionary finds the candidates (a rare text costs one pass over a
 * string, not a million string compares); only the values it lands in are ranked.
 */
function codeRanks(table: OrdersTable, column: DictColumn, query: string): { ranks: Int8Array; any: boolean } {
  const { dict } = column;
  const ranks = new Int8Array(dict.size).fill(-1);
  let any = false;
  const rank = (code: number, value: string) => {
    const quality = matchQuality(value, query);
    if (quality !== null) {
      ranks[code] = qualityRank(quality);
      any = true;
    }
  };
  const joined = lowerJoined(table, column);
  if (joined === null) {
    for (let k = 0; k < dict.size; k++) {
      const value = normalizeText(dict.get(k));
      if (value.includes(query)) rank(k, value);
    }
    return { ranks, any };
  }
  const { offsets } = StringDict.from(dict);
  for (let at = joined.indexOf(query); at >= 0; ) {
    const code = codeAt(offsets, at);
    const end = offsets[code + 1]!;
    if (at + query.length <= end) {
      // Already lower case; white space inside a value is rare enough to compare as it is.
      rank(code, joined.slice(offsets[code]!, end));
      at = joined.indexOf(query, end); // the value is ranked as a whole: go on after it
    } else at = joined.indexOf(query, at + 1); // a hit across two values is none
  }
  return { ranks, any };
}

/**
 * The row of an order whose id is exactly `text` (the platform's search finds an order by its id too), through
 * one scan of the id dictionary: OrdersTable.rowOf would first build a map of every id (seconds at a million).
 */
function exactRow(table: OrdersTable, text: string): number | undefined {
  const { id } = table.columns;
  const { joined, offsets } = StringDict.from(id.dict);
  if (text.length === 0) return undefined;
  for (let at = joined.indexOf(text); at >= 0; at = joined.indexOf(text, at + 1)) {
    const code = codeAt(offsets, at);
    if (offsets[code] === at && offsets[code + 1] === at + text.length) {
      for (let i = 0; i < table.size; i++) if (id.codes[i] === code) return i;
      return undefined;
    }
  }
  return undefined;
}

export function searchOrders(table: OrdersTable, text: string, limit: number): OrdersSearchResult {
  const query = normalizeText(text);
  const c = table.columns;
  if (query.length === 0 || limit <= 0) return { matches: [], total: 0, searched: table.size };
  const trades = codeRanks(table, c.tradeNumber, query);
  const emails = codeRanks(table, c.buyerEmail, query);
  const names = codeRanks(table, c.buyerName, query);
  const exactId = exactRow(table, text.trim());
  if (!trades.any && !emails.any && !names.any && exactId === undefined) return { matches: [], total: 0, searched: table.size };
  const trade = trades.ranks;
  const email = emails.ranks;
  const name = names.ranks;

  // The kept rows, best first: rank ascending, then time descending. At most `limit` long.
  const keptRow: number[] = [];
  const keptRank: number[] = [];
  const keptTime: number[] = [];
  const better = (rank: number, time: number, k: number) => rank < keptRank[k]! || (rank === keptRank[k]! && time > keptTime[k]!);
  let total = 0;
  const paid = c.paidAt.ms;
  const created = c.createdAt.ms;
  for (let i = 0; i < table.size; i++) {
    let rank = 127;
    const t = trade[c.tradeNumber.codes[i]!]!;
    if (t >= 0) rank = t;
    const e = email[c.buyerEmail.codes[i]!]!;
    if (e >= 0 && e < rank) rank = e;
    const n = name[c.buyerName.codes[i]!]!;
    if (n >= 0 && n < rank) rank = n;
    if (i === exactId) rank = 0;
    if (rank === 127) continue;
    total++;
    const p = paid[i]!;
    const time = Number.isNaN(p) ? created[i]! : p;
    const size = keptRow.length;
    if (size === limit && !better(rank, time, size - 1)) continue;
    let at = size;
    while (at > 0 && better(rank, time, at - 1)) at--;
    keptRow.splice(at, 0, i);
    keptRank.splice(at, 0, rank);
    keptTime.splice(at, 0, time);
    if (keptRow.length > limit) {
      keptRow.pop();
      keptRank.pop();
      keptTime.pop();
    }
  }
  return {
    matches: keptRow.map((row, k) => ({ order: table.row(row), match: QUALITIES[keptRank[k]!]! })),
    total,
    searched: table.size,
  };
}
