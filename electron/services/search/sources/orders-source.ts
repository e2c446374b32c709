// Orders: trade number, buyer email and name, matched in the data engine's worker over the synced orders
// (memory or the sealed snapshot; never the platform), so a million orders never cross to the main process.
import type { EngineClient } from '../../engine/client/engine-client';
import { toOrderHit } from '../../platform/search-mapping';
import { notSaved, type SearchSource } from '../search-source';

export function ordersSource(engine: Pick<EngineClient, 'call'>): SearchSource {
  return {
    kind: 'order',
    async search(accountId, { text, limit }) {
      const found = await engine.call('orders.search', { accountId, text, limit });
      if (!found) return notSaved('order');
      return {
        hits: found.matches.map((m) => toOrderHit(m.order, m.match)),
        total: found.total,
        report: { kind: 'order', state: 'ok', fetchedAt: found.fetchedAt, records: found.searched },
      };
    },
  };
}
