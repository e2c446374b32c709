// Calling the business routes directly, as the sandbox core would after authenticating a caller.
import { ALL_SCOPES } from '../../../shared/scopes';
import type { Page } from '../../../shared/platform/resources';
import { createBusinessRoutes } from '../../sandbox/api';
import { createDemoPlatform, type DemoPlatform } from '../../sandbox/data';
import { BusinessError, type BusinessRoute, type Caller } from '../../sandbox/http/business-route';

export const NOW = new Date('2026-11-21T00:00:00Z');

interface Harness {
  platform: DemoPlatform;
  routes: BusinessRoute[];
  call(operationId: string, options?: { school?: string; params?: Record<string, string>; query?: string | Record<string, string>; body?: unknown; anonymous?: boolean }): Promise<{ status: number; body: unknown }>;
  /** The BusinessError a call throws (fails the test when it answers). */
  fails(operationId: string, options?: Parameters<Harness['call']>[1]): Promise<BusinessError>;
  /** Every item of a list endpoint, walking next_cursor. */
  all<T>(operationId: string, options?: Parameters<Harness['call']>[1]): Promise<{ items: T[]; total: number; pages: number }>;
}

export function harness(options: { orders?: number; seed?: number; now?: Date; clock?: () => number } = {}): Harness {
  const platform = createDemoPlatform({ orders: options.orders ?? 2000, seed: options.seed ?? 7, now: options.now ?? NOW, clock: options.clock ?? (() => NOW.getTime() + 3_600_000) });
  const routes = createBusinessRoutes(platform);
  const call: Harness['call'] = async (operationId, o = {}) => {
    const route = routes.find((r) => r.operationId === operationId);
    if (!route) throw new Error(`no route ${operationId}`);
    const caller: Caller = o.anonymous
      ? { schoolId: o.school ?? platform.schools[0]!.id, adminId: null, scopes: new Set() }
      : { schoolId: o.school ?? platform.schools[0]!.id, adminId: platform.admin.id, scopes: new Set(ALL_SCOPES) };
    const query = new URLSearchParams(o.query ?? '');
    return route.handle({ caller, params: o.params ?? {}, query, body: o.body });
  };
  return {
    platform,
    routes,
    call,
    fails: async (operationId, o) => {
      try {
        await call(operationId, o);
      } catch (error) {
        if (error instanceof BusinessError) return error;
        throw error;
      }
      throw new Error(`${operationId} answered instead of failing`);
    },
    all: async <T>(operationId: string, o: Parameters<Harness['call']>[1] = {}) => {
      const items: T[] = [];
      let cursor: string | null = null;
      let pages = 0;
      let total: number;
      do {
        const query = new URLSearchParams(typeof o.query === 'string' ? o.query : (o.query ?? {}));
        if (cursor) query.set('cursor', cursor);
        const answer = await call(operationId, { ...o, query: query.toString() });
        const page = answer.body as Page<T>;
        items.push(...page.data);
        total = page.meta.total;
        cursor = page.meta.next_cursor;
        pages++;
      } while (cursor);
      return { items, total, pages };
    },
  };
}
