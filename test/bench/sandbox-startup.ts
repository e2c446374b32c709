// Sandbox start-up benchmark: time and heap to generate the demo data at 100k and 1M orders, and the time
// to page through every order of a school at limit 1000 (the first page builds the query's index).
// Run: npx tsx test/bench/sandbox-startup.ts [orders...]   (default: 100000 1000000)
import { createBusinessRoutes } from '../sandbox/api';
import { createDemoPlatform } from '../sandbox/data';
import type { BusinessResponse } from '../sandbox/http/business-route';
import { ALL_SCOPES } from '../../shared/scopes';
import type { Page } from '../../shared/platform/resources';

const sizes = process.argv.slice(2).map(Number).filter((n) => Number.isFinite(n) && n > 0);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function pageThrough(routes: ReturnType<typeof createBusinessRoutes>, schoolId: string, query: string): Promise<{ pages: number; orders: number; ms: number }> {
  const listOrders = routes.find((r) => r.operationId === 'listOrders')!;
  const caller = { schoolId, adminId: 'adm_demo', scopes: new Set(ALL_SCOPES) };
  const started = performance.now();
  let cursor: string | null = null;
  let pages = 0;
  let orders = 0;
  do {
    const q = new URLSearchParams(query);
    if (cursor) q.set('cursor', cursor);
    const answer: BusinessResponse = await listOrders.handle({ caller, params: {}, query: q, body: undefined });
    const page = answer.body as Page<unknown>;
    // Serialise as the server would, so the number includes building the JSON.
    JSON.stringify(page);
    pages++;
    orders += page.data.length;
    cursor = page.meta.next_cursor;
  } while (cursor);
  return { pages, orders, ms: performance.now() - started };
}

for (const orders of sizes.length > 0 ? sizes : [100_000, 1_000_000]) {
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const platform = createDemoPlatform({ orders, seed: 1, now: new Date('2026-11-21T00:00:00Z') });
  const ms = performance.now() - started;
  globalThis.gc?.();
  const memory = process.memoryUsage();
  console.log(`${orders} orders: generated in ${ms.toFixed(0)} ms; heap used ${mb(memory.heapUsed - heapBefore)} more (${mb(memory.heapUsed)} total), array buffers ${mb(memory.arrayBuffers)}, rss ${mb(memory.rss)}`);
  const routes = createBusinessRoutes(platform);
  const caller = { schoolId: platform.schools[0]!.id, adminId: 'adm_demo', scopes: new Set(ALL_SCOPES) };
  for (const [operationId, query] of [
    ['listOrders', 'limit=100&state=paid&currency=USD&paid_from=2026-01-01T00:00:00Z&sort=-paid_amount'],
    ['listOrders', 'limit=100&q=olivia.smith'],
    ['getSalesReport', 'from=2023-11-21T00:00:00Z&to=2026-11-21T00:00:00Z&interval=day'],
    ['getLearningReport', 'from=2026-01-01T00:00:00Z&to=2026-11-21T00:00:00Z'],
  ] as const) {
    const route = routes.find((r) => r.operationId === operationId)!;
    const t = performance.now();
    JSON.stringify((await route.handle({ caller, params: {}, query: new URLSearchParams(query), body: undefined })).body);
    console.log(`  ${platform.schools[0]!.id} ${operationId}?${query}: first answer in ${(performance.now() - t).toFixed(0)} ms`);
  }
  for (const school of platform.schools) {
    for (const query of ['limit=1000', 'limit=1000&sort=-paid_at&state=paid,refunded,refunding']) {
      const run = await pageThrough(routes, school.id, query);
      console.log(`  ${school.id} ?${query}: ${run.orders} orders in ${run.pages} pages, ${run.ms.toFixed(0)} ms (${(run.ms / run.pages).toFixed(1)} ms per page)`);
    }
  }
}
