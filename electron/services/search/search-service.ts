// The main side of `search.query` (shared/ipc/search.ts): asks every source at once, each over local data,
// and answers the non-empty groups best first with what each source searched. A source that fails is reported
// (`failed`) and logged; the others still answer.
import type { searchMethods } from '../../../shared/ipc/search';
import type { SearchAnswer, SearchGroup, SourceReport } from '../../../shared/model/search';
import { orderGroups } from '../../../shared/search/ranking';
import type { EngineClient } from '../engine/client/engine-client';
import type { MethodHandlers } from '../ipc/handler-types';
import type { Logger } from '../log';
import type { QueryCache } from '../store/query-cache';
import type { SearchSource } from './search-source';
import { couponsSource } from './sources/coupons-source';
import { coursesSource } from './sources/courses-source';
import { studentsSource } from './sources/students-source';
import { ordersSource } from './sources/orders-source';

type SearchMethodName = Extract<keyof typeof searchMethods, string>;

/** The sources of the app: orders from the engine (when orders live there), courses and coupons from the cache. */
export function defaultSearchSources(deps: { engine: Pick<EngineClient, 'call'> | null; cache: Pick<QueryCache, 'getNewest'> }): SearchSource[] {
  return [...(deps.engine ? [ordersSource(deps.engine), studentsSource(deps.engine)] : []), coursesSource(deps.cache), couponsSource(deps.cache)];
}

export async function searchAll(sources: readonly SearchSource[], accountId: string, text: string, limit: number, logger: Logger): Promise<SearchAnswer> {
  const answers = await Promise.all(
    sources.map(async (source) => {
      try {
        return await source.search(accountId, { text, limit });
      } catch (error) {
        logger.warn('a search source failed', { kind: source.kind, error: (error as Error).message });
        const report: SourceReport = { kind: source.kind, state: 'failed', fetchedAt: null, records: null };
        return { hits: [], total: 0, report };
      }
    }),
  );
  const groups: SearchGroup[] = answers.map((a, k) => ({ kind: sources[k]!.kind, hits: a.hits, total: a.total }));
  return { text, groups: orderGroups(groups), sources: answers.map((a) => a.report) };
}

export function createSearchHandlers(deps: { sources: readonly SearchSource[]; logger: Logger }): MethodHandlers<SearchMethodName> {
  return {
    'search.query': async ({ accountId, text, limit }) => searchAll(deps.sources, accountId, text, limit, deps.logger),
  };
}
