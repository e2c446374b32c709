// How the command palette ranks what it finds, in one pure module both sides use: the main process for the
// records in local data (orders, courses, coupons), the renderer for the app's actions. Exact before prefix
// before a word's start before anywhere inside; fuzzy (the letters in order, as in "gtord" for "Go to
// Orders") only where asked (actions); among equal matches the more recent record first.
import type { MatchQuality } from '../model/search';

const QUALITY_RANK: Record<MatchQuality, number> = { exact: 0, prefix: 1, word: 2, substring: 3, fuzzy: 4 };

export function qualityRank(quality: MatchQuality): number {
  return QUALITY_RANK[quality];
}

/** Lower case, trimmed, inner white space as one space: what both the text and the candidates are compared as. */
export function normalizeText(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** The letters of `query` in order inside `candidate`; the span they cover (shorter is better), or null. */
export function fuzzySpan(candidate: string, query: string): number | null {
  const q = query.replace(/ /g, '');
  if (q.length === 0) return null;
  let start = -1;
  let at = 0;
  for (let k = 0; k < candidate.length && at < q.length; k++) {
    if (candidate[k] === q[at]) {
      if (at === 0) start = k;
      at++;
      if (at === q.length) return k - start + 1;
    }
  }
  return null;
}

/** A letter or digit (ASCII by its code, the rest by Unicode class): what a word is made of. */
function isWordChar(code: number, char: string): boolean {
  if (code < 128) return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
  return /[\p{L}\p{N}]/u.test(char);
}

/**
 * How `candidate` matches `query`; both already normalised (normalizeText). Null: no match. A word starts after
 * anything that is not a letter or digit ("ada" is a word match in "grace ada lovelace" and "x-ada@ex.com").
 */
export function matchQuality(candidate: string, query: string, options: { fuzzy?: boolean } = {}): MatchQuality | null {
  if (query.length === 0 || candidate.length === 0) return null;
  if (candidate === query) return 'exact';
  if (candidate.startsWith(query)) return 'prefix';
  const at = candidate.indexOf(query);
  if (at > 0) {
    for (let k = at; k >= 0; k = candidate.indexOf(query, k + 1)) {
      if (!isWordChar(candidate.charCodeAt(k - 1), candidate[k - 1]!)) return 'word';
    }
    return 'substring';
  }
  if (options.fuzzy && fuzzySpan(candidate, query) !== null) return 'fuzzy';
  return null;
}

/** The best match among a record's fields (a trade number, an email, a name…). */
export function bestMatch(fields: readonly string[], query: string, options: { fuzzy?: boolean } = {}): MatchQuality | null {
  let best: MatchQuality | null = null;
  for (const field of fields) {
    const quality = matchQuality(normalizeText(field), query, options);
    if (quality !== null && (best === null || QUALITY_RANK[quality] < QUALITY_RANK[best])) best = quality;
    if (best === 'exact') break;
  }
  return best;
}

interface Rankable {
  match: MatchQuality;
  /** ISO instant of the record (paid, created), or null. */
  at: string | null;
  title: string;
  /** A tie-breaker within fuzzy matches: the span the letters covered (smaller first). */
  span?: number;
}

/** Better match first; then the more recent; then the tighter fuzzy span; then by title. */
export function compareHits(a: Rankable, b: Rankable): number {
  const byQuality = QUALITY_RANK[a.match] - QUALITY_RANK[b.match];
  if (byQuality !== 0) return byQuality;
  const ta = a.at === null ? -Infinity : Date.parse(a.at);
  const tb = b.at === null ? -Infinity : Date.parse(b.at);
  if (ta !== tb) return tb > ta ? 1 : -1;
  const bySpan = (a.span ?? 0) - (b.span ?? 0);
  if (bySpan !== 0) return bySpan;
  return a.title.localeCompare(b.title);
}

/** The best `limit` hits, ranked, and how many there were. */
export function topHits<T extends Rankable>(hits: readonly T[], limit: number): { hits: T[]; total: number } {
  return { hits: [...hits].sort(compareHits).slice(0, limit), total: hits.length };
}

/**
 * The order of the groups on screen: the group holding the best hit first (an exact trade number puts Orders
 * on top, a page name puts Actions on top); on a tie, this fixed order.
 */
const GROUP_ORDER = ['order', 'student', 'course', 'coupon', 'action'] as const;
export type GroupKind = (typeof GROUP_ORDER)[number];

export function orderGroups<G extends { kind: GroupKind; hits: readonly { match: MatchQuality }[] }>(groups: readonly G[]): G[] {
  const best = (g: G) => Math.min(...g.hits.map((h) => QUALITY_RANK[h.match]));
  return groups.filter((g) => g.hits.length > 0).sort((a, b) => best(a) - best(b) || GROUP_ORDER.indexOf(a.kind) - GROUP_ORDER.indexOf(b.kind));
}
