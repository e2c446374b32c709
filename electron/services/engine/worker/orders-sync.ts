// How the engine's orders are brought from the platform (the orders collection's sync, orders-engine.ts):
//  - a first sync runs the feed's walks (slices of the list that together hold every order once) a few at a
//    time, puts each page's orders straight into the columns, and shows the rows so far while it runs; it
//    remembers where each walk is, so after Cancel (or a failure) the next sync goes on from there;
//  - then it reads again what changed while it ran: every order changed at or after the platform's newest change
//    as it was before the walks started (repeated until a round brings nothing new), so an order created,
//    refunded or changed meanwhile ends as the platform has it; if the count still comes up short, the walks
//    whose list can lose an order while it is paged are run again, and if it is short even then, the whole list;
//  - a later sync reads only the orders changed since the newest change before the previous one.
import type { Order } from '../../../../shared/model/orders';
import { allOrdersWalks, changedOrdersWalk, newestChangeIn, newestChangeRequest, newestPaidRequest, orderRowsReader, ordersReader, readNewestChange, readOrdersPage, type OrdersPage } from '../../platform/orders-feed';
import type { PageRequest } from '../../platform/page-request';
import { checkpoint } from './jobs';
import type { OrderColumns } from './order-columns';
import { OrderColumnsBuilder } from './order-columns-builder';
import { OrdersTable } from './orders-table';
import type { SyncProfile } from './sync-profile';
import { runWalks, walkStates, type WalkState } from './page-walks';
import { latestOfEach, type SyncContext, type SyncOutcome } from './synced-collection';

/** Walks at once: enough to keep the platform busy while the worker reads, few enough to be a polite client. */
const CONCURRENCY = 3;
/** How far the slices' sizes may be from the count (with 1 % of it) and still hold every order once. */
const SLICES_SLACK = 100;
/** Rounds of "what changed meanwhile" before the rest is left to the next sync. */
const CATCH_UP_ROUNDS = 3;
/** The rows so far are shown again once they have doubled, or this long after the last time (with 5 % more). */
const PUBLISH_EVERY_MS = 4000;
/** The share of the count from which the rows so far are no longer shown again before the end. */
const NEARLY_ALL = 0.9;

/** What a first sync has so far: kept when it stops, so the next sync goes on from it. */
export interface OrdersResume {
  builder: OrderColumnsBuilder;
  /** The slices' walks, where each is (null until planned). */
  walks: WalkState[] | null;
  /** The platform's newest change before the walks started: what changed at or after it is read again. */
  since: string | null;
  /** How many orders the platform said it held. */
  expected: number | null;
}

type Context = SyncContext<OrdersTable, OrdersResume>;

function ask(context: Context, request: PageRequest): Promise<unknown> {
  context.profile.requests++;
  return context.page(request, context.signal);
}

export function syncOrders(context: Context): Promise<SyncOutcome<OrdersTable>> {
  return context.base ? refresh(context, context.base) : firstSync(context);
}

async function firstSync(context: Context): Promise<SyncOutcome<OrdersTable>> {
  const { signal, profile } = context;
  const state: OrdersResume = context.resume ?? { builder: new OrderColumnsBuilder(), walks: null, since: null, expected: null };
  context.keep(state);
  const { builder } = state;
  let shown = { rows: 0, at: 0 };
  const show = (all = false) => {
    const rows = builder.size;
    const now = performance.now();
    if (rows === shown.rows || (!all && (rows === 0 || (rows < shown.rows * 2 && (now - shown.at < PUBLISH_EVERY_MS || rows < shown.rows * 1.05))))) return;
    // Nearly all in, with rows already on screen: the whole table is moments away (a view is 7 ms at 65,000 orders).
    if (!all && shown.rows > 0 && state.expected !== null && rows >= state.expected * NEARLY_ALL) return;
    shown = { rows, at: now };
    context.publish(profile.time('index', () => new OrdersTable(builder.view())), rows, state.expected);
  };
  const take = (batch: OrdersPage, onChanged?: ReadOptions['onChanged']) => {
    const changed = profile.time('index', () => {
      if ('rows' in batch) {
        const { added, replaced } = builder.addRows(batch.rows);
        return added + replaced;
      }
      let n = 0;
      for (const order of batch.orders) {
        const outcome = builder.add(order);
        if (outcome === 'added' || outcome === 'replaced') n++;
      }
      return n;
    });
    onChanged?.(changed, batch);
    context.progress(builder.size, state.expected === null ? null : Math.max(state.expected, builder.size));
    show();
  };
  const read = (walks: WalkState[], { concurrency, onChanged, onePage }: ReadOptions) =>
    runWalks(context.page, walks, orderRowsReader, (batch) => take(batch, onChanged), { signal, profile, concurrency, onePage, what: 'orders' });

  try {
    return await walkAll(context, state, { read, take, show });
  } catch (error) {
    // Stopped (Cancel, a failure): what it has shows, and waits for the next sync to go on from there.
    show(true);
    throw error;
  }
}

interface ReadOptions {
  concurrency: number;
  /** Told, for each page in turn, how many of its orders were new or newer than the copy held. */
  onChanged?: (orders: number, page: OrdersPage) => void;
  /** Each walk reads its first page only. */
  onePage?: boolean;
}

interface Readers {
  /** Runs walks, each page's orders into the builder, with progress and the rows so far shown. */
  read(walks: WalkState[], options: ReadOptions): Promise<void>;
  /** One batch of orders into the builder, with progress and the rows so far shown. */
  take(batch: OrdersPage): void;
  show(): void;
}

async function walkAll(context: Context, state: OrdersResume, { read, take, show }: Readers): Promise<SyncOutcome<OrdersTable>> {
  const { accountId, profile } = context;
  const { builder } = state;
  if (!state.walks) {
    // The newest change, the slices' bounds and a page of the newest paid orders are asked for at once: fewer
    // round trips before the first page, and the first rows after one. That page is read once the slices' first
    // pages are asked for, not before (the platform sat idle while it was, 15-60 ms).
    const head = ask(context, newestChangeRequest(accountId)).then(readNewestChange);
    const newestPaid = ask(context, newestPaidRequest(accountId));
    newestPaid.catch(() => undefined); // read below (a failure is the sync's)
    const walks = await allOrdersWalks(accountId, head.then((h) => h.total), (request) => ask(context, request));
    ({ newest: state.since, total: state.expected } = await head);
    // sliced() asks for the slices' first pages before its first await, so they are out when this page is read.
    const planned = sliced(context, walkStates(walks), state.expected, read);
    planned.catch(() => undefined); // awaited below
    const batch = readOrdersPage(await newestPaid, profile);
    profile.page();
    take(batch);
    state.walks = await planned;
  }
  context.progress(builder.size, state.expected);
  if (builder.size > 0) show();
  await read(state.walks, { concurrency: CONCURRENCY });

  let quiet = false;
  let total = state.expected ?? 0;
  for (let round = 0; round < CATCH_UP_ROUNDS && !quiet; round++) {
    // One round trip a round: the count is asked beside the walk, and the next round starts from the newest
    // change in the walk's first page. Every order changed after that page was served changed at or after it,
    // whether the walk had passed it or not (a later page's newest change is not: an order behind the walk may
    // have changed before it). Usually the walk is that one page, and its newest change the platform's.
    const head = ask(context, newestChangeRequest(accountId)).then(readNewestChange);
    head.catch(() => undefined); // a failed walk is the round's failure; the count is then not needed
    let changed = 0;
    let newest: string | null | undefined;
    await read(walkStates([changedOrdersWalk(accountId, state.since)]), {
      concurrency: 1,
      onChanged: (orders, batch) => {
        changed += orders;
        if (newest === undefined) newest = newestChangeIn(batch);
      },
    });
    state.since = newest ?? state.since;
    total = (await head).total;
    quiet = changed === 0;
  }
  // An order that left a walk's list while it was paged can make that walk skip the next one: read those again.
  if (quiet && builder.size < total) await read(walkStates(state.walks.filter((w) => w.walk.mayLose).map((w) => w.walk)), { concurrency: CONCURRENCY });
  // Still short: the slices miss orders (a platform with a state the adapter does not know): the whole list.
  if (quiet && builder.size < total && state.walks.length > 1) await read(walkStates([changedOrdersWalk(accountId)]), { concurrency: 1 });

  // Every order is in: the table answers from the builder's memory now, its final layout follows (settled),
  // after the load's job and profile have ended: nothing cancels it, and it is not the sync's time.
  const { since } = state;
  const table = profile.time('index', () => new OrdersTable(builder.view(), since));
  const settled = async () => new OrdersTable(await finish(builder, new AbortController().signal), since);
  return { table, changed: table.columns.count, fetched: table.columns.count, settled };
}

/**
 * The feed's slices, each with its first page read (all at once: their sizes come with pages the sync needs
 * anyway, not from a round trip of counts), largest first, so that the last walks end together. When their
 * sizes are far from the count, the platform slices otherwise than the adapter expects (a filter it ignores
 * answers with a whole list again): the whole list's walk instead, what was read staying as repeats. "Far" leaves
 * room for the orders created or paid between the count and the pages; slices that miss a few orders are
 * caught at the end, when the sync comes up short. The first pages are asked for before its first await.
 */
async function sliced({ accountId }: Context, walks: WalkState[], expected: number, read: Readers['read']): Promise<WalkState[]> {
  if (walks.length === 1) return walks;
  await read(walks, { concurrency: walks.length, onePage: true });
  const sizes = walks.reduce((sum, w) => sum + w.total!, 0);
  if (Math.abs(sizes - expected) > SLICES_SLACK + expected / 100) return walkStates([changedOrdersWalk(accountId)]);
  return walks.sort((a, b) => b.total! - a.total!);
}

/** The orders changed since the table's `since`, merged into a new table (the held one when none really changed). */
async function refresh(context: Context, base: OrdersTable): Promise<SyncOutcome<OrdersTable>> {
  const { accountId, signal, profile } = context;
  const changes: Order[] = [];
  // The next sync starts from the newest change in the first page (as a first sync's catch-up rounds do).
  let since: string | null | undefined;
  await runWalks(context.page, walkStates([changedOrdersWalk(accountId, base.since)]), ordersReader, (batch) => {
    if (since === undefined) since = newestChangeIn(batch);
    for (const order of batch.orders) changes.push(order);
    context.progress(changes.length, Math.max(batch.total, changes.length));
  }, { signal, profile, concurrency: 1, what: 'orders' });
  // updated_since is inclusive: the newest order seen comes back unchanged; only real changes count.
  const read = latestOfEach(changes);
  const real = read.filter((order) => !base.holds(order));
  if (real.length === 0) return { table: base, changed: 0, fetched: read.length };
  const builder = profile.time('index', () => OrderColumnsBuilder.from(base.columns));
  await checkpoint(signal);
  profile.time('index', () => {
    for (const order of real) builder.add(order);
  });
  const columns = await finish(builder, signal, profile);
  return { table: new OrdersTable(columns, since ?? base.since), changed: real.length, fetched: read.length };
}

/** The builder's final columns, in steps with pauses between them (the worker answers queries meanwhile), timed as index in `profile`. */
async function finish(builder: OrderColumnsBuilder, signal: AbortSignal, profile?: SyncProfile): Promise<OrderColumns> {
  const steps = builder.finish();
  for (;;) {
    const step = profile ? profile.time('index', () => steps.next()) : steps.next();
    if (step.done) return step.value;
    await checkpoint(signal);
  }
}
