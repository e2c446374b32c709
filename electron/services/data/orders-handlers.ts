// The data.orders.* part of the contract answered by the data engine's worker: the same inputs and answers
// as before (the renderer does not change), with the work done off the main process.
import type { OrderFacets } from '../../../shared/ipc/data';
import type { PlatformCaller } from '../api/platform-caller';
import type { MethodHandlers } from '../ipc/handler-types';
import type { CachedReader } from './cached-read';
import { isUnavailable } from './cached-read';
import { readOrder } from '../platform/orders-platform';
import type { EngineClient } from '../engine/client/engine-client';
import type { ExportDestination } from '../engine/client/export-destination';
import { checkExportFormat, exportFileName, exportToChosenFile } from '../engine/client/export-to-file';

/**
 * The offline cache's name for an order's answer: new with the app's Order (shared/model/orders.ts), so an answer
 * cached in the platform's shape by an earlier version is never read as one.
 */
const ORDER_CACHE_KEY = 'data.orders.get.v2';

type EngineOrdersMethod = 'data.orders.load' | 'data.orders.status' | 'data.orders.query' | 'data.orders.get' | 'data.orders.exportCsvFile';

export function engineOrdersHandlers(
  engine: EngineClient,
  caller: PlatformCaller,
  reader: CachedReader,
  now: () => number,
  destination: ExportDestination | null,
  /** Names the COURSE filter's courses by their titles (data/handlers.ts): keyed by when the orders were loaded. */
  withTitles: (accountId: string, loadedAt: string, facets: OrderFacets) => Promise<OrderFacets> = async (_a, _l, facets) => facets,
): MethodHandlers<EngineOrdersMethod> {
  return {
    'data.orders.load': async ({ accountId, jobId, mode }) => engine.call('orders.load', { accountId, mode, jobId }),
    'data.orders.status': async ({ accountId }) => engine.call('orders.status', { accountId }),
    'data.orders.query': async ({ accountId, filters, sort, offset, limit, partial }) => {
      const answer = await engine.call('orders.query', { accountId, filters, sort, offset, limit, partial });
      return { ...answer, data: { ...answer.data, facets: await withTitles(accountId, answer.fetchedAt, answer.data.facets) } };
    },
    'data.orders.get': async ({ accountId, orderId }, { signal }) => {
      try {
        return await reader.read(accountId, ORDER_CACHE_KEY, { orderId }, () => readOrder(caller, accountId, orderId, signal));
      } catch (error) {
        // Offline and never opened before: the loaded copy of the order is still worth showing.
        if (!isUnavailable(error)) throw error;
        const loaded = await engine.call('orders.peek', { accountId, orderId });
        if (loaded) return { data: loaded.order, fetchedAt: loaded.fetchedAt, fromCache: true };
        throw error;
      }
    },
    'data.orders.exportCsvFile': async ({ accountId, jobId, filters, sort, timeZone, locale }) => {
      checkExportFormat(timeZone, locale);
      const id = jobId ?? `orders.export:${accountId}:${now()}`;
      return exportToChosenFile(destination, 'orders', exportFileName('orders', now()), (path) =>
        engine.call('orders.exportCsvFile', { accountId, jobId: id, filters, sort, timeZone, locale, path }));
    },
  };
}
