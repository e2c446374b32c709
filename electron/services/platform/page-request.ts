// What the engine's feeds (orders-feed.ts, students-feed.ts, enrollments-feed.ts, subscriptions-feed.ts) ask the
// main process to fetch: one page of a platform list. Only the feeds build one; the engine passes it on as it
// is and the main process's PlatformCaller runs it, so the operation names stay inside the adapter.
import type { QueryValue } from '../api/platform-caller';

export interface PageRequest {
  accountId: string;
  operation: 'listOrders' | 'listSubscriptions' | 'listStudents' | 'listEnrollments' | 'listCourses';
  query: Record<string, QueryValue>;
  /**
   * How the page after this one is asked for: this request with `cursorParam` set to the position its tail
   * names (list-feed.ts, peekNextCursor). With it, the main process asks for that page as soon as this one
   * arrives (engine/client/pages-ahead.ts).
   */
  next?: { cursorParam: string };
}

/**
 * A page's JSON as the platform sent it, unparsed: what the engine's worker receives from the main process (the
 * bytes moved, not copied). The feeds read it, or a page a stand-in platform hands over already parsed.
 */
export class RawPage {
  constructor(readonly bytes: Uint8Array) {}
}
