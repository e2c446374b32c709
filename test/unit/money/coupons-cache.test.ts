// The Coupons page's offline cache after the coupon list moved to the app's model (platform/money-platform.ts):
// an entry an older app kept (the platform's snake_case coupons) is never read back as app-model coupons.
// Offline with only such an entry, the page gets the plain offline error, not a list shown wrong or a crash.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { PlatformCaller } from '../../../electron/services/api/platform-caller';
import { memoryLogger } from '../../../electron/services/log';
import { createMoneyHandlers, type MoneyHandlerDeps } from '../../../electron/services/money/handlers';
import { KeyFileCipher } from '../../../electron/services/store/key-file-cipher';
import { cacheKey, QueryCache } from '../../../electron/services/store/query-cache';
import { AppError } from '../../../shared/errors';

const SCHOOL = 'https://school.example.test#admin-1';
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'coupons-cache-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The platform out of reach: every call fails as the API client fails when it cannot connect. */
const unreachable: PlatformCaller = {
  call: () => Promise.reject(new AppError('offline', 'school.example.test cannot be reached right now.')),
  paginate: () => Promise.reject(new AppError('offline', 'school.example.test cannot be reached right now.')),
};

it('an old entry holding the platform\'s coupons is not answered from: offline, the page says so', async () => {
  const cache = new QueryCache({ dir: join(dir, 'query-cache'), cipher: await KeyFileCipher.open(join(dir, 'keys')), appVersion: '1', logger: memoryLogger() });
  const platformCoupon = {
    id: 'k1', code: 'SPRING20', kind: 'percent', percent_off: 20, amount_off: null, currency: null, starts_at: '2026-01-01T00:00:00Z', ends_at: null,
    usage_limit: null, redemptions: 3, state: 'active', course_ids: [], updated_at: '2026-01-02T00:00:00Z',
  };
  await cache.put(SCHOOL, cacheKey('money.coupons', {}), '2026-11-22T08:00:00.000Z', [{ coupons: [platformCoupon], currency: 'USD', courses: [] }]);
  // Where the coupon results come from (the loaded orders, or the data engine once orders move there) is never
  // reached when the coupon list itself cannot be answered.
  const notReached = () => Promise.reject(new Error('the coupon results are not asked for when the coupon list cannot be answered'));
  const deps = { caller: unreachable, cache, orders: { ensureLoaded: notReached }, engine: { call: notReached }, emit: () => undefined, logger: memoryLogger() };
  const handlers = createMoneyHandlers(deps as unknown as MoneyHandlerDeps);
  await expect(handlers['money.coupons']({ accountId: SCHOOL }, { signal: new AbortController().signal } as never)).rejects.toMatchObject({ code: 'offline' });
});
