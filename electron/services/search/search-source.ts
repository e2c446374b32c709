// What the command palette searches: a list of sources, one small module each (sources/*.ts), every one over
// local data only (the engine's synced orders, the offline cache's course and coupon lists): no platform call
// per keystroke, so the palette answers offline too. A new kind (students, once the engine syncs them) is one
// more module and one line in defaultSearchSources.
import type { SearchHit, SearchKind, SourceReport } from '../../../shared/model/search';

interface SearchRequest {
  /** As typed; each source normalises it (shared/search/ranking.ts normalizeText). */
  text: string;
  limit: number;
}

interface SourceAnswer {
  /** The best `limit` hits, ranked (shared/search/ranking.ts). */
  hits: SearchHit[];
  /** Hits before the limit. */
  total: number;
  report: SourceReport;
}

export interface SearchSource {
  kind: SearchKind;
  search(accountId: string, request: SearchRequest): Promise<SourceAnswer>;
}

/** Nothing synced or cached for this school yet. */
export function notSaved(kind: SearchKind): SourceAnswer {
  return { hits: [], total: 0, report: { kind, state: 'not_saved', fetchedAt: null, records: null } };
}
