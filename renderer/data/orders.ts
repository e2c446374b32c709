// The Orders dashboard's data: the engine syncs every order once (with progress and Cancel), then the page reads
// windows of the filtered, sorted set as the table scrolls (renderer/data/windowed-list.ts, as the Students page).
import type { OrderFilters, OrderSort } from '../../shared/ipc/data';
import { useListHead, useListRows, useSyncJob, type ListHead, type ListRows, type SyncJobState } from './windowed-list';

type OrdersLoadState = SyncJobState<'data.orders.load'>;
export type OrdersHead = ListHead<'data.orders.query'>;
type OrderRows = ListRows<'data.orders.query'>;

/** Runs `data.orders.load` for the account; the page shows its progress and may cancel it. */
export function useOrdersLoad(accountId: string | null): OrdersLoadState {
  return useSyncJob('data.orders.load', 'data.orders.query', 'orders', accountId);
}

/** The first window of the filtered, sorted orders, with the figures about the whole set (total, totals, facets). */
export function useOrdersHead(accountId: string | null, enabled: boolean, filters: OrderFilters, sort: OrderSort): OrdersHead {
  return useListHead('data.orders.query', accountId, enabled, { filters, sort });
}

/** The windows covering rows [first, last] beyond the head, read by the table itself. */
export function useOrderRows(accountId: string | null, head: OrdersHead, filters: OrderFilters, sort: OrderSort, first: number, last: number): OrderRows {
  return useListRows('data.orders.query', accountId, head, { filters, sort }, first, last);
}
