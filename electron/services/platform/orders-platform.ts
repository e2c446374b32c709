// The platform adapter for the orders the main process asks for itself (the engine's worker syncs the rest
// through orders-feed.ts): one order, one page of a course's orders, and the orders changed since a time (the
// notifications). It owns the operation names, query parameters, cursor paging and payload schemas; what
// leaves is the app's Order (shared/model/orders.ts).
import type { CourseOrdersPage } from '../../../shared/ipc/data';
import type { Order } from '../../../shared/model/orders';
import { Order as PlatformOrder, pageOf } from '../../../shared/platform/resources';
import type { PlatformCaller } from '../api/platform-caller';
import { ordersChangedQuery } from './notification-mapping';
import { toOrder } from './orders-mapping';

const OrderPage = pageOf(PlatformOrder);

export async function readOrder(caller: PlatformCaller, accountId: string, orderId: string, signal?: AbortSignal): Promise<Order> {
  return toOrder(await caller.call(accountId, 'getOrder', PlatformOrder, { path: { order_id: orderId }, ...(signal ? { signal } : {}) }));
}

/** One page of a course's orders, newest paid first; `cursor` is the previous page's `nextCursor`. */
export async function readCourseOrders(
  caller: PlatformCaller,
  accountId: string,
  input: { courseId: string; limit: number; cursor?: string | undefined },
  signal?: AbortSignal,
): Promise<CourseOrdersPage> {
  const page = await caller.call(accountId, 'listOrders', OrderPage, {
    query: { course_id: input.courseId, limit: input.limit, cursor: input.cursor, sort: '-paid_at' },
    ...(signal ? { signal } : {}),
  });
  return { rows: page.data.map(toOrder), total: page.meta.total, nextCursor: page.meta.next_cursor };
}

/** Every order changed at or after `since` (the platform's updated_since is inclusive), oldest change first. */
export async function readOrdersChangedSince(caller: PlatformCaller, accountId: string, since: string, signal?: AbortSignal): Promise<Order[]> {
  const orders = await caller.paginate(accountId, 'listOrders', PlatformOrder, { query: ordersChangedQuery(since), ...(signal ? { signal } : {}) });
  return orders.map(toOrder);
}
