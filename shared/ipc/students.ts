// Part of the IPC contract (see shared/ipc.ts): the Students page, answered by the data engine's worker from
// the students and enrollments it syncs (docs/data-and-offline.md, "Students"). Rows speak the app's model
// (shared/model/people.ts) plus the figures the list derives per student.
import { z } from 'zod';
import { Student } from '../model/people';
import { AccountId } from './accounts';
import { answerOf, CsvFileExport, Locale, PartialSync, TimeZone } from './data';
import { method } from './define';
import type { MethodDef } from './define';

const id = z.string().min(1).max(256);
const isoTime = z.iso.datetime({ offset: true });
const JobId = z.string().min(1).max(128);

export const LAST_ACTIVE_FILTERS = ['7d', '30d', '90d', 'never'] as const;
export const LastActiveFilter = z.enum(LAST_ACTIVE_FILTERS);
export type LastActiveFilter = z.infer<typeof LastActiveFilter>;

export const StudentFilters = z.object({
  /** Case-insensitive text in the name or e-mail. */
  text: z.string().max(200).optional(),
  /** Only students enrolled in this course. */
  courseId: id.optional(),
  tag: z.string().min(1).max(40).optional(),
  /** Stalled (shared/model/learning-status.ts) in the chosen course, or in any course without one. */
  stalled: z.boolean().optional(),
  /** Stalled this week (shared/model/learning-status.ts, stalledThisWeek) in the chosen course, or in any course without one. */
  stalledThisWeek: z.literal(true).optional(),
  /** Active in the last 7, 30 or 90 days (any course), or never active. */
  lastActive: LastActiveFilter.optional(),
}).strict();
export type StudentFilters = z.infer<typeof StudentFilters>;

export const STUDENT_SORT_KEYS = ['name', 'email', 'joined', 'courses', 'progress', 'lastActive'] as const;
export const StudentSortKey = z.enum(STUDENT_SORT_KEYS);
export type StudentSortKey = z.infer<typeof StudentSortKey>;
export const StudentSort = z.object({ key: StudentSortKey, direction: z.enum(['asc', 'desc']) }).strict();
export type StudentSort = z.infer<typeof StudentSort>;
export const DEFAULT_STUDENT_SORT: StudentSort = { key: 'name', direction: 'asc' };

export const StudentRow = Student.extend({
  coursesCount: z.int().nonnegative(),
  /** Mean progress (0..1) over the student's courses; null without any. */
  averageProgress: z.number().min(0).max(1).nullable(),
  /** The latest activity in any course; null when never active. */
  lastActiveAt: isoTime.nullable(),
  /** Stalled in at least one course. */
  stalled: z.boolean(),
});
export type StudentRow = z.infer<typeof StudentRow>;

export const StudentFacets = z.object({
  courses: z.array(z.object({ id, title: z.string(), students: z.int().nonnegative() })),
  tags: z.array(z.object({ tag: z.string(), students: z.int().nonnegative() })),
});
export type StudentFacets = z.infer<typeof StudentFacets>;

export const StudentQueryResult = z.object({
  rows: z.array(StudentRow),
  offset: z.int().nonnegative(),
  /** Students matching the filters. */
  total: z.int().nonnegative(),
  /** Students synced. */
  loaded: z.int().nonnegative(),
  facets: StudentFacets,
  /** Set while only a first sync's students so far answer (expected: the students the platform said it holds). */
  partial: PartialSync.nullable().optional(),
});
export type StudentQueryResult = z.infer<typeof StudentQueryResult>;

export const StudentsLoadResult = z.object({
  students: z.int().nonnegative(),
  enrollments: z.int().nonnegative(),
  /** Records fetched from the platform by this load (0 when answered from the saved copy). */
  fetched: z.int().nonnegative(),
  mode: z.enum(['full', 'incremental', 'memory', 'disk']),
});
export type StudentsLoadResult = z.infer<typeof StudentsLoadResult>;

export const StudentsStatus = z.object({
  /** Null until synced once (or a saved copy opened). */
  students: z.int().nonnegative().nullable(),
  enrollments: z.int().nonnegative().nullable(),
  fetchedAt: isoTime.nullable(),
  loadingJobId: JobId.nullable(),
});
export type StudentsStatus = z.infer<typeof StudentsStatus>;

export const StudentsPick = z.object({ ids: z.array(id), emails: z.array(z.string()) });
export type StudentsPick = z.infer<typeof StudentsPick>;

export const studentMethods = {
  'data.students.load': method(
    z.object({ accountId: AccountId, jobId: JobId.optional(), mode: z.enum(['auto', 'incremental', 'full']).default('auto') }).strict(),
    answerOf(StudentsLoadResult),
    'Syncs every student and enrollment of the school into the data engine (pages of 1000, data.progress under jobId, data.cancel stops it). "auto": the saved copy at once if there is one, then what changed since (updated_since) in the background; "incremental": what changed since; "full": everything again. Offline with a saved copy: answers from it (fromCache).',
  ),
  'data.students.status': method(z.object({ accountId: AccountId }).strict(), StudentsStatus, 'Whether the students are synced (how many, from when) or syncing right now.'),
  'data.students.query': method(
    z.object({
      accountId: AccountId,
      filters: StudentFilters.default({}),
      sort: StudentSort.default(DEFAULT_STUDENT_SORT),
      offset: z.int().nonnegative().default(0),
      limit: z.int().min(0).max(1000).default(100),
      /** While a first sync runs (or after it stopped), answer from the records it has so far (the answer says so in `partial`) instead of waiting for all. */
      partial: z.boolean().optional(),
    }).strict(),
    answerOf(StudentQueryResult),
    'Searches, filters and sorts the synced students in the data engine and answers one window of rows with the per-student figures (courses, average progress, last active, stalled), the match count and the facets (courses with titles, tags). Syncs first if needed.',
  ),
  'data.students.pick': method(
    z.object({ accountId: AccountId, ids: z.array(id).max(1_000_000).optional(), emails: z.array(z.string().max(320)).max(100_000).optional(), filters: StudentFilters.optional() }).strict(),
    answerOf(StudentsPick),
    'The ids and e-mails of the given students (those synced), of those with the given e-mail addresses (trimmed, any case; each student once, in the order given: work from a list), or of every student matching the filters, in the list order by name: for bulk work on a selection.',
  ),
  'data.students.exportCsvFile': method(
    z.object({
      accountId: AccountId,
      jobId: JobId.optional(),
      filters: StudentFilters.default({}),
      sort: StudentSort.default(DEFAULT_STUDENT_SORT),
      /** Only these students (the page's selection), in the sort order; the filters are then not applied. */
      ids: z.array(id).min(1).max(1_000_000).optional(),
      timeZone: TimeZone,
      locale: Locale,
    }).strict(),
    answerOf(CsvFileExport),
    'The students matching the filters (or only the given ids), in the sort order, as CSV (name, email, tags, courses, last active and joined in the time zone, stalled courses; RFC 4180, formula-guarded) streamed to a file by the data engine: the Save dialog in the desktop app (fails with cancelled when the admin cancels it), a one-time download in browser mode; progress under jobId, data.cancel stops it and leaves no file.',
  ),
} satisfies Record<string, MethodDef>;
