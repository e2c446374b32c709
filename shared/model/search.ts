// The app's own model of the command palette's search (camelCase), what `search.query` answers. Each kind of
// record is mapped into it from local data in one place: electron/services/platform/search-mapping.ts.
import { z } from 'zod';

const id = z.string().min(1).max(256);
const isoTime = z.iso.datetime({ offset: true });

/** The kinds of records the palette finds in local data (students once the engine syncs them). */
export const SearchKind = z.enum(['order', 'student', 'course', 'coupon']);
export type SearchKind = z.infer<typeof SearchKind>;

/** How well a hit matched the text, best first (shared/search/ranking.ts). */
export const MatchQuality = z.enum(['exact', 'prefix', 'word', 'substring', 'fuzzy']);
export type MatchQuality = z.infer<typeof MatchQuality>;

export const SearchHit = z.object({
  kind: SearchKind,
  /** The record's id: what opening it needs (an order's drawer, a course's page). */
  id,
  title: z.string(),
  subtitle: z.string(),
  match: MatchQuality,
  /** When the record last happened (paid, created): recent first among equal matches. */
  at: isoTime.nullable(),
});
export type SearchHit = z.infer<typeof SearchHit>;

/** What one source searched: its local copy's age, or why it had nothing to search. */
export const SourceReport = z.object({
  kind: SearchKind,
  /** `ok`: searched a local copy; `not_saved`: nothing synced or cached yet for this school; `failed`: the copy could not be read. */
  state: z.enum(['ok', 'not_saved', 'failed']),
  /** When the local copy was fetched from the platform. */
  fetchedAt: isoTime.nullable(),
  /** How many records the copy holds (searched), when known. */
  records: z.int().nonnegative().nullable(),
});
export type SourceReport = z.infer<typeof SourceReport>;

export const SearchGroup = z.object({
  kind: SearchKind,
  hits: z.array(SearchHit),
  /** Hits before the limit. */
  total: z.int().nonnegative(),
});
export type SearchGroup = z.infer<typeof SearchGroup>;

export const SearchAnswer = z.object({
  text: z.string(),
  /** Non-empty groups, best first (by their best hit). */
  groups: z.array(SearchGroup),
  sources: z.array(SourceReport),
});
export type SearchAnswer = z.infer<typeof SearchAnswer>;
