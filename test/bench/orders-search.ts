// In-process benchmark of the command palette's order search (electron/services/engine/worker/orders-search.ts, what
// the engine's worker runs for `orders.search`) over synthetic orders: the first search of a table (lower-cases
// its dictionaries) and the median of 7 rounds per kind of text. Prints numbers, asserts nothing.
// Run: npx tsx test/bench/orders-search.ts [sizes...]   (default 100000 1000000)
import { performance } from 'node:perf_hooks';
import { columnsOf } from '../../electron/services/engine/worker/order-columns-builder';
import { OrdersTable } from '../../electron/services/engine/worker/orders-table';
import { searchOrders } from '../../electron/services/engine/worker/orders-search';
import { syntheticAppOrders } from '../unit/data/synthetic-orders';

const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
for (const n of sizes.length ? sizes : [100_000, 1_000_000]) {
  const orders = syntheticAppOrders(n, 5);
  const table = new OrdersTable(columnsOf(orders));
  const probe = orders[Math.floor(n / 2)]!;
  const kinds: [string, string][] = [
    ['exact trade number', probe.tradeNumber],
    ['exact email', probe.buyer.email],
    ['first name', probe.buyer.name.split(' ')[0]!],
    ['trade number prefix', probe.tradeNumber.slice(0, 8)],
    ['one letter', 'a'],
    ['no match', 'zzzz'],
  ];
  let started = performance.now();
  searchOrders(table, kinds[0]![1], 6);
  const first = performance.now() - started;
  const times = new Map<string, number[]>();
  for (let round = 0; round < 7; round++) {
    for (const [kind, text] of kinds) {
      started = performance.now();
      searchOrders(table, text, 6);
      times.set(kind, [...(times.get(kind) ?? []), performance.now() - started]);
    }
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!.toFixed(1);
  console.log(`${n.toLocaleString('en')} orders: first search ${first.toFixed(0)} ms; ${[...times].map(([kind, list]) => `${kind} ${median(list)} ms`).join(', ')}`);
}
