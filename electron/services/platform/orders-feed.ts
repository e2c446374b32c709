// The platform adapter for what the data engine syncs: how the platform names, pages, filters and shapes its
// orders (the listOrders operation, cursor pages of at most 1,000, `updated_since`, `paid_from`/`paid_to` and
// `state`, the { data, meta } envelope), mapped to what the engine asks for ("every order", "the orders changed
// since T", "the newest change") and keeps. A platform with other paths, paging, filters or payloads changes
// this module, not the engine. Each page becomes the app's orders (shared/model/orders.ts) here, in the worker,
// as it arrives: the engine never sees a platform payload.
import type { Order } from '../../../shared/model/orders';
import { Order as PlatformOrder, pageOf, type OrderState } from '../../../shared/platform/resources';
import { peekNextCursor, untimed, type FeedPage, type FeedReader, type FeedWalk, type StepTimer } from './list-feed';
import { RawPage, type PageRequest } from './page-request';
import { readPage } from './read-page';
import { toOrder } from './orders-mapping';
import { scanOrderRows, type OrderRows } from './order-rows';

/** The largest page the platform serves. */
const PAGE_SIZE = 1000;
const OrderPage = pageOf(PlatformOrder);
/** The states of an order never paid: with the paid-time slices, every order exactly once (checked by the totals). */
const NEVER_PAID: readonly OrderState[] = ['not_paid', 'expired', 'failed', 'manual_enrolled'];
/** Paid-time slices of a full sync: enough to keep a few requests in flight and to start with the newest orders. */
const PAID_SLICES = 8;

interface OrdersBatch extends FeedPage {
  orders: Order[];
}

/** A page of orders as a first sync takes it: scanned rows (order-rows.ts) or, for a page the scan declines, orders. */
export type OrdersPage = OrdersBatch | (FeedPage & { rows: OrderRows });

/** The platform's page → a batch of the app's orders; a page the app does not understand is a bad_response naming where. */
export function readOrdersBatch(body: unknown, timer: StepTimer = untimed): OrdersBatch {
  const { data, meta } = readPage(OrderPage, body, 'orders', timer);
  const orders = timer.time('map', () => {
    const out = new Array<Order>(data.length);
    for (let k = 0; k < data.length; k++) out[k] = toOrder(data[k]!);
    return out;
  });
  return { orders, total: meta.total, next: data.length === 0 ? null : meta.next_cursor };
}

export const ordersReader: FeedReader<OrdersBatch> = { read: readOrdersBatch, peekNext: peekNextCursor };

/**
 * The platform's page → rows of the app's orders, in one scan of its bytes; a page the scan cannot vouch for
 * goes the general way (readOrdersBatch), which reads it or names its problem.
 */
export function readOrdersPage(body: unknown, timer: StepTimer = untimed): OrdersPage {
  if (body instanceof RawPage) {
    const rows = timer.time('scan', () => scanOrderRows(body.bytes));
    if (rows) return { rows, total: rows.total, next: rows.count === 0 ? null : rows.next };
  }
  return readOrdersBatch(body, timer);
}

export const orderRowsReader: FeedReader<OrdersPage> = { read: readOrdersPage, peekNext: peekNextCursor };

/** The epoch ms of the page's first order's payment (NaN when it has no order, or it was never paid). */
function firstPaidAt(page: OrdersPage): number {
  if ('rows' in page) return page.rows.count > 0 ? page.rows.paidAt[0]! : NaN;
  const paid = page.orders[0]?.paidAt;
  return paid ? Date.parse(paid) : NaN;
}

function listOrders(accountId: string, query: Record<string, string | number>): PageRequest {
  return { accountId, operation: 'listOrders', query: { limit: PAGE_SIZE, sort: 'created_at', ...query } };
}

/** A page of a walk: its next page is this request at the cursor the page names. */
function walkPage(accountId: string, query: Record<string, string | number>): PageRequest {
  return { ...listOrders(accountId, query), next: { cursorParam: 'cursor' } };
}

/**
 * A walk in creation order (an order's place in it never moves, and new orders come last) through the orders
 * matching `filter`: changes made while it runs can repeat an order, never skip one, as long as an order only
 * ever enters the filter's set (paid once, changed since T), never leaves it.
 */
function walkOf(accountId: string, filter: Record<string, string> = {}): FeedWalk {
  return { first: walkPage(accountId, filter), at: (cursor) => walkPage(accountId, { ...filter, cursor }), ...(filter.state ? { mayLose: true } : {}) };
}

/** Every order changed at or after `since` (every order without it). */
export function changedOrdersWalk(accountId: string, since?: string | null): FeedWalk {
  return walkOf(accountId, since ? { updated_since: since } : {});
}

/**
 * A page of the newest paid orders, the ones the Orders page shows first: a first sync shows them while the
 * slices' first pages come (a walk brings them again later, as the same copies). Only this page is read: the
 * request does not say how a next one is named, so the main process asks for none ahead.
 */
export function newestPaidRequest(accountId: string): PageRequest {
  return listOrders(accountId, { limit: PAGE_SIZE, sort: '-paid_at' });
}

/** One order, the one changed last: the platform's newest change (the next sync's `since`) and its count of orders. */
export function newestChangeRequest(accountId: string): PageRequest {
  return listOrders(accountId, { limit: 1, sort: '-updated_at' });
}

export function readNewestChange(body: unknown): { total: number; newest: string | null } {
  const page = readOrdersPage(body);
  return { total: page.total, newest: newestChangeIn(page) };
}

/** The latest change time among a page's orders, as the platform's time text (null for an empty page). */
export function newestChangeIn(page: OrdersPage): string | null {
  if ('rows' in page) {
    let newest = -Infinity;
    for (let k = 0; k < page.rows.count; k++) newest = Math.max(newest, page.rows.updatedAt[k]!);
    // A scanned time was in toISOString's form, so its ms give back the platform's own text.
    return page.rows.count > 0 ? new Date(newest).toISOString() : null;
  }
  let newest: string | null = null;
  let newestMs = -Infinity;
  for (const order of page.orders) {
    const ms = Date.parse(order.updatedAt);
    if (ms > newestMs) [newest, newestMs] = [order.updatedAt, ms];
  }
  return newest;
}

/**
 * Walks that together bring every one of the `total` orders once, to run at once: the paid ones by slices of
 * their paid time (an order is paid once and keeps its paid time, so it never leaves its slice) and the never
 * paid ones by state. They hold every order once only when the platform counts them as the adapter expects:
 * the engine checks that their first pages' totals come close to `total` (the slices are not counted
 * beforehand, a round trip less before the pages) and otherwise walks the whole list; one walk is the whole list.
 * `total` may still be on its way: the first and last paid time are asked for meanwhile, one order each (a
 * whole page would hold the slices back while it is read: the sync asks for that page, `newestPaidRequest`,
 * beside them).
 */
export async function allOrdersWalks(accountId: string, total: number | Promise<number>, ask: (request: PageRequest) => Promise<unknown>): Promise<FeedWalk[]> {
  const whole = [changedOrdersWalk(accountId)];
  // Orders never paid come last in both directions: the first is the earliest (latest) paid, if any is.
  const paidAt = async (sort: string) => firstPaidAt(readOrdersPage(await ask(listOrders(accountId, { limit: 1, sort }))));
  const [count, from, last] = await Promise.all([total, paidAt('paid_at'), paidAt('-paid_at')]);
  if (count <= PAGE_SIZE || !(from <= last)) return whole;
  const to = last + 1; // paid_to is exclusive
  const cut = (k: number) => new Date(from + Math.floor(((to - from) * k) / PAID_SLICES)).toISOString();
  const walks: FeedWalk[] = [];
  // The first and last slices are open-ended: a payment made while the sync runs lands in the last one.
  for (let k = 0; k < PAID_SLICES; k++) walks.push(walkOf(accountId, { ...(k > 0 ? { paid_from: cut(k) } : {}), ...(k < PAID_SLICES - 1 ? { paid_to: cut(k + 1) } : {}) }));
  walks.push(walkOf(accountId, { state: NEVER_PAID.join(',') }));
  return walks;
}
