// The platform's own change journal: every business write it accepted (creates, patches, deletes, and the
// events recorded through its admin endpoint), in order, with who asked, the path parameters, the body and the
// platform's time. A platform keeps its data in a database; the demo platform regenerates its seeded data at
// every start, so `npm start` keeps this journal beside its state and replays it over the fresh data (with the
// clock set back to each entry's time, so ids, updated_at and created records come out exactly as before).
import { z } from 'zod';
import { ALL_SCOPES, type Scope } from '../../shared/scopes';
import type { BusinessRoute } from './http/business-route';

export const JournalEntry = z.object({
  /** The platform's clock when it accepted the write (epoch ms). */
  at: z.number(),
  /** A business route by operation id, or an event recorded through /__sandbox/orders/record. */
  source: z.enum(['api', 'admin']),
  operationId: z.string().min(1),
  schoolId: z.string(),
  adminId: z.string().nullable(),
  params: z.record(z.string(), z.string()),
  /** The query string without its "?". */
  query: z.string(),
  body: z.unknown(),
});
export type JournalEntry = z.infer<typeof JournalEntry>;

export interface ChangeJournal {
  /** Entries to replay over the freshly generated data, oldest first. */
  entries: readonly JournalEntry[];
  /** Told each write the platform accepts from now on. */
  record(entry: JournalEntry): void;
}

/** The routes, with every non-GET one telling `record` about each write it answered with a 2xx. */
export function journaledRoutes(routes: readonly BusinessRoute[], clock: () => number, record: (entry: JournalEntry) => void): BusinessRoute[] {
  return routes.map((route) => {
    if (route.method === 'GET') return route;
    return {
      ...route,
      handle: async (request) => {
        const at = clock();
        const answer = await route.handle(request);
        if (answer.status >= 200 && answer.status < 300) {
          record({ at, source: 'api', operationId: route.operationId, schoolId: request.caller.schoolId, adminId: request.caller.adminId, params: { ...request.params }, query: request.query.toString(), body: request.body ?? null });
        }
        return answer;
      },
    };
  });
}

export interface ReplayResult {
  applied: number;
  /** Entries the platform refused this time (a route that changed meaning, data that is no longer there). */
  skipped: { entry: JournalEntry; reason: string }[];
}

/**
 * Applies the entries in order with the platform's clock pinned at each one's time. An entry that fails is
 * skipped and reported, never fatal: the platform starts with everything else it kept.
 */
export async function replayJournal(
  entries: readonly JournalEntry[],
  routes: readonly BusinessRoute[],
  admin: (entry: JournalEntry) => unknown,
  pinClock: (at: number | null) => void,
): Promise<ReplayResult> {
  const byId = new Map(routes.map((route) => [route.operationId, route]));
  const result: ReplayResult = { applied: 0, skipped: [] };
  for (const entry of entries) {
    pinClock(entry.at);
    try {
      if (entry.source === 'admin') admin(entry);
      else {
        const route = byId.get(entry.operationId);
        if (!route || route.method === 'GET') throw new Error(`no write operation ${entry.operationId}`);
        await route.handle({
          caller: { schoolId: entry.schoolId, adminId: entry.adminId, scopes: new Set<Scope>(ALL_SCOPES) },
          params: entry.params,
          query: new URLSearchParams(entry.query),
          body: entry.body,
        });
      }
      result.applied++;
    } catch (error) {
      result.skipped.push({ entry, reason: error instanceof Error ? error.message : String(error) });
    } finally {
      pinClock(null);
    }
  }
  return result;
}

/** Journal lines (JSON Lines) back as entries; a line that does not parse (a write cut short) is left out and counted. */
export function parseJournal(text: string): { entries: JournalEntry[]; damaged: number } {
  const entries: JournalEntry[] = [];
  let damaged = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      entries.push(JournalEntry.parse(JSON.parse(line)));
    } catch {
      damaged++;
    }
  }
  return { entries, damaged };
}
