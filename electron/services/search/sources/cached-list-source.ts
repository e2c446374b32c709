// A source over a list the offline cache keeps (the course list, the coupons): the newest kept answer of the
// named methods, whatever range it was read for, matched here (a few hundred records: no worker needed).
import type { MatchQuality, SearchHit, SearchKind } from '../../../../shared/model/search';
import { bestMatch, normalizeText, topHits } from '../../../../shared/search/ranking';
import type { QueryCache } from '../../store/query-cache';
import { notSaved, type SearchSource } from '../search-source';

interface CachedListSpec<R> {
  kind: SearchKind;
  /** The cached methods that hold such a list; the newest answer among them is searched. */
  methods: readonly string[];
  /** The records of a kept answer (null: not the shape expected, e.g. written by another version). */
  records(method: string, value: unknown): R[] | null;
  fields(record: R): string[];
  toHit(record: R, match: MatchQuality): SearchHit;
}

export function cachedListSource<R>(cache: Pick<QueryCache, 'getNewest'>, spec: CachedListSpec<R>): SearchSource {
  return {
    kind: spec.kind,
    async search(accountId, { text, limit }) {
      const kept = await cache.getNewest(accountId, spec.methods);
      const records = kept ? spec.records(kept.method, kept.value) : null;
      if (!kept || !records) return notSaved(spec.kind);
      const query = normalizeText(text);
      const hits: SearchHit[] = [];
      if (query.length > 0) {
        for (const record of records) {
          const match = bestMatch(spec.fields(record), query);
          if (match) hits.push(spec.toHit(record, match));
        }
      }
      const top = topHits(hits, limit);
      return { hits: top.hits, total: top.total, report: { kind: spec.kind, state: 'ok', fetchedAt: kept.fetchedAt, records: records.length } };
    },
  };
}
