// The Coupons page's offline cache after the coupon list moved to the app's model (platform/money-platform.ts):
// an entry an older app kept (the platform's snake_case coupons) is never read back as app-model coupons.
// Offline with only such an entry, the page gets the plain offline error, not a list shown wrong or a crash.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { PlatformCaller } from '../../../electron/services/api/platform-caller';
import type { OrdersStore } from '../../../electron/services/data/orders-store';
import { memoryLogger } from '../../../electron/services/log';
import { createMoneyHandlers } from '../../../electron/services/money/handlers';
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
  const orders = {
    ensureLoaded: () => Promise.reject(new Error('the orders are not reached when the coupon list cannot be answered')),
  } as unknown as OrdersStore;
  const handlers = createMoneyHandlers({ caller: unreachable, cache, orders, emit: () => undefined, logger: memoryLogger() });
  await expect(handlers['money.coupons']({ accountId: SCHOOL }, { signal: new AbortController().signal } as never)).rejects.toMatchObject({ code: 'offline' });
});
