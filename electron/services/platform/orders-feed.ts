// The platform adapter for what the data engine syncs: how the platform names, pages and shapes its orders
// (the listOrders operation, cursor pages of at most 1,000, `updated_since`, the { data, meta } envelope),
// mapped to what the engine asks for ("the orders changed since T, from this point on") and keeps. A platform
// with other paths, paging or payloads changes this module, not the engine. Each page becomes the app's
// orders (shared/model/orders.ts) here, in the worker, as it arrives: the engine never sees a platform payload.
import { AppError } from '../../../shared/errors';
import type { Order } from '../../../shared/model/orders';
import { Order as PlatformOrder, pageOf } from '../../../shared/platform/resources';
import type { PageRequest } from './page-request';
import { toOrder } from './orders-mapping';

const PAGE_SIZE = 1000;
const OrderPage = pageOf(PlatformOrder);

/** Where the engine is in a sync: null to start; otherwise the platform's opaque position. */
export type FeedPosition = string | null;

interface OrdersBatch {
  orders: Order[];
  /** How many orders the whole sync brings (for progress). */
  total: number;
  /** Null when this was the last batch. */
  next: FeedPosition;
}

/** The request for one batch of orders changed at or after `changedSince` (all orders without it). */
export function ordersBatchRequest(accountId: string, changedSince: string | undefined, position: FeedPosition): PageRequest {
  return {
    accountId,
    operation: 'listOrders',
    query: { limit: PAGE_SIZE, sort: 'created_at', ...(changedSince ? { updated_since: changedSince } : {}), ...(position ? { cursor: position } : {}) },
  };
}

/** The platform's page → a batch; a page the app does not understand is a bad_response naming where. */
export function readOrdersBatch(raw: unknown): OrdersBatch {
  const parsed = OrderPage.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('bad_response', `The platform sent orders the app does not understand (at ${issue?.path.join('.') || '(the page)'}: ${issue?.code ?? 'invalid'}).`);
  }
  const { data, meta } = parsed.data;
  const orders = new Array<Order>(data.length);
  for (let k = 0; k < data.length; k++) orders[k] = toOrder(data[k]!);
  return { orders, total: meta.total, next: data.length === 0 ? null : meta.next_cursor };
}
