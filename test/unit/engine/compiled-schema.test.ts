// The compiled validator the feeds check pages with (platform/compiled-schema.ts) gives the verdict zod gives
// on the same schemas (shared/platform/resources.ts), for valid pages and for every field of a record broken
// each way a platform could break it: wrong type, null, missing, an unknown state, a malformed time or code.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { checkPage } from '../../../electron/services/platform/compiled-schema';
import { Enrollment, Order, pageOf, StudentRecord, Subscription } from '../../../shared/platform/resources';
import { createDemoPlatform } from '../../sandbox/data';
import { standInSubscriptionsPage } from '../../bench/engine';
import { syntheticOrders } from '../data/synthetic-orders';
import { setUiLocale } from '../../../shared/i18n/i18n';

const platform = createDemoPlatform({ orders: 400, seed: 3 });
const school = platform.data.get(platform.schools[0]!.id)!;

const BREAKS: unknown[] = [
  null, undefined, '', 'x', '1', 0, -1, 1.5, 2 ** 60, true, [], {}, { id: 'x' },
  '2026-01-01', '2026-01-01T00:00:00', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00.000Z', '2026-02-30T00:00:00Z', '2026-01-01T00:00:00+08:00', '2026-01-01 00:00:00Z',
  'USD', 'usd', 'US', 'paid', 'curriculum_plan', 'active', 'month',
];

/** Every path to a leaf or a branch of a record (array items by their first element). */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const out: (string | number)[][] = prefix.length ? [prefix] : [];
  if (Array.isArray(value)) return value.length ? [...out, ...paths(value[0], [...prefix, 0])] : out;
  for (const [key, child] of Object.entries(value)) out.push(...paths(child, [...prefix, key]));
  return out;
}

function broken(record: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(record) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (value === undefined) delete at[last];
  else at[last] = value;
  return copy;
}

const verdict = (schema: z.ZodType, value: unknown) => {
  try {
    checkPage(schema, value, 'orders');
    return true;
  } catch {
    return false;
  }
};

describe('the compiled validator and zod', () => {
  for (const [name, schema, records] of [
    ['orders', Order, [...syntheticOrders(3, 9), school.orders.materialize(0, school.catalog, school.students)]],
    ['students', StudentRecord, [school.students.person(0), school.students.person(1)]],
    ['enrollments', Enrollment, [school.enrollments.materialize(0, school.catalog, (s) => school.students.id(s))]],
    ['subscriptions', Subscription, standInSubscriptionsPage(3, 0, 3).data],
  ] as const) {
    it(`give the same verdict on pages of ${name}, valid and broken field by field`, () => {
      const page = pageOf(schema);
      const valid = { data: records, meta: { total: records.length, limit: 1000, next_cursor: null } };
      expect(verdict(page, valid)).toBe(true);
      let checked = 0;
      for (const path of paths(valid)) {
        for (const value of BREAKS) {
          const candidate = broken(valid, path, value);
          const zod = page.safeParse(candidate).success;
          expect(verdict(page, candidate), `${path.join('.')} = ${JSON.stringify(value)}: zod says ${zod}`).toBe(zod);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(100);
    });
  }

  it('names where a page breaks, and never the data', () => {
    const [order] = syntheticOrders(1, 2);
    expect(() => checkPage(pageOf(Order), { data: [{ ...order, buyer: { ...order!.buyer, email: 42 } }], meta: { total: 1, limit: 1, next_cursor: null } }, 'orders'))
      .toThrow(expect.objectContaining({ code: 'bad_response', message: 'The platform sent orders the app does not understand (at data.0.buyer.email: type).' }));
    expect(() => checkPage(pageOf(Order), { data: [{ ...order, currency: undefined }], meta: { total: 1, limit: 1, next_cursor: null } }, 'orders'))
      .toThrow(expect.objectContaining({ message: expect.stringContaining('data.0.currency: required') }));
    // In the UI language of the realm that reads the page (the engine's worker follows the admin's choice).
    setUiLocale({ language: 'zh-TW', locale: 'zh-TW' });
    try {
      expect(() => checkPage(pageOf(Order), { data: [{ ...order, buyer: { ...order!.buyer, email: 42 } }], meta: { total: 1, limit: 1, next_cursor: null } }, 'orders'))
        .toThrow(expect.objectContaining({ code: 'bad_response', message: '平台傳來 App 無法理解的訂單資料（位置 data.0.buyer.email：type）。' }));
    } finally {
      setUiLocale({ language: 'en', locale: 'en-US' });
    }
  });
});
