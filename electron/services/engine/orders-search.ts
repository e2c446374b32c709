// The command palette's search over a school's synced orders, in the engine's worker: trade number, buyer email
// and buyer name (and an exact order id), ranked as shared/search/ranking.ts says (exact, prefix, a word's
// start, anywhere; recent first among equals). Each distinct value of a dictionary is matched once, then one
// pass over the rows keeps the best `limit` in a small sorted list, so a million orders take one linear pass
// and no sort of the matches. Only the kept rows become order objects.
import type { MatchQuality } from '../../../shared/model/search';
import type { Order } from '../../../shared/platform/resources';
import { matchQuality, normalizeText, qualityRank } from '../../../shared/search/ranking';
import type { DictColumn } from './order-columns';
import type { OrdersTable } from './orders-table';

const QUALITIES: MatchQuality[] = ['exact', 'prefix', 'word', 'substring', 'fuzzy'];

export interface OrderMatch {
  order: Order;
  match: MatchQuality;
}

export interface OrdersSearchResult {
  matches: OrderMatch[];
  /** Orders that matched, before the limit. */
  total: number;
  /** Orders searched. */
  searched: number;
}

/** Lower-cased dictionaries per table, built on the first search (a table never changes; a refresh makes a new one). */
const lowered = new WeakMap<OrdersTable, Map<DictColumn, string[]>>();

function lowerValues(table: OrdersTable, column: DictColumn): string[] {
  let perTable = lowered.get(table);
  if (!perTable) {
    perTable = new Map();
    lowered.set(table, perTable);
  }
  let values = perTable.get(column);
  if (!values) {
    values = new Array<string>(column.dict.size);
    for (let k = 0; k < values.length; k++) values[k] = normalizeText(column.dict.get(k));
    perTable.set(column, values);
  }
  return values;
}

/** Per code of the dictionary: the rank of its match quality, or -1. */
function codeRanks(table: OrdersTable, column: DictColumn, query: string): Int8Array {
  const values = lowerValues(table, column);
  const ranks = new Int8Array(values.length).fill(-1);
  for (let k = 0; k < values.length; k++) {
    const value = values[k]!;
    // The cheap test first: most values do not contain the text at all.
    if (!value.includes(query)) continue;
    const quality = matchQuality(value, query);
    if (quality !== null) ranks[k] = qualityRank(quality);
  }
  return ranks;
}

export function searchOrders(table: OrdersTable, text: string, limit: number): OrdersSearchResult {
  const query = normalizeText(text);
  const c = table.columns;
  if (query.length === 0 || limit <= 0) return { matches: [], total: 0, searched: table.size };
  const trade = codeRanks(table, c.tradeNumber, query);
  const email = codeRanks(table, c.buyerEmail, query);
  const name = codeRanks(table, c.buyerName, query);
  const exactId = table.rowOf(text.trim());

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
