// The stand-in platform's listOrders pages, as JSON bytes: run in a thread of its own by StandInPlatform
// (test/bench/engine.ts), so that, as in the app, the main process receives each page as bytes from elsewhere
// (the network there) and pays only for handing them on.
import { parentPort } from 'node:worker_threads';
import type { Order } from '../../shared/platform/resources';
import { syntheticOrders } from '../unit/data/synthetic-orders';

/** One page of `count` synthetic orders from `start` (ids unique across pages). */
export function standInPage(count: number, start: number, limit: number): { data: Order[]; meta: { total: number; limit: number; next_cursor: string | null } } {
  const size = Math.max(0, Math.min(limit, count - start));
  const data: Order[] = syntheticOrders(size, 1 + start / 1000).map((o, k) => ({
    ...o,
    id: `ord_${String(start + k).padStart(7, '0')}`,
    trade_number: `T${String(1_000_000 + start + k)}`,
    items: o.items.map((item, j) => ({ ...item, id: `li_${start + k}_${j}` })),
  }));
  return { data, meta: { total: count, limit, next_cursor: start + size < count ? String(start + size) : null } };
}

const encoder = new TextEncoder();
parentPort?.on('message', ({ id, count, start, limit }: { id: number; count: number; start: number; limit: number }) => {
  const bytes = encoder.encode(JSON.stringify(standInPage(count, start, limit)));
  parentPort!.postMessage({ id, bytes }, [bytes.buffer]);
});
