// The platform adapter for the students the data engine syncs: listStudents in cursor pages of 1,000, all of
// them or those changed at or after a time (`updated_since`, inclusive), read into batches of the app's model
// (people-mapping.ts) plus each student's change time, which only the sync uses.
import type { Student } from '../../../shared/model/people';
import { pageOf, StudentRecord } from '../../../shared/platform/resources';
import { peekNextCursor, untimed, type FeedPage, type FeedReader, type FeedWalk, type StepTimer } from './list-feed';
import type { PageRequest } from './page-request';
import { toStudent } from './people-mapping';
import { readPage } from './read-page';

const PAGE_SIZE = 1000;
const StudentPage = pageOf(StudentRecord);

interface StudentsBatch extends FeedPage {
  students: Student[];
  /** Per student: when it last changed on the platform (ISO), the next incremental sync's `updated_since`. */
  updatedAt: string[];
}

function listStudents(accountId: string, since: string | undefined, cursor?: string): PageRequest {
  return { accountId, operation: 'listStudents', query: { limit: PAGE_SIZE, ...(since ? { updated_since: since } : {}), ...(cursor ? { cursor } : {}) } };
}

/** Every student changed at or after `since` (every student without it). */
export function studentsWalk(accountId: string, since: string | undefined): FeedWalk {
  return { first: listStudents(accountId, since), at: (cursor) => listStudents(accountId, since, cursor) };
}

function readStudentsBatch(body: unknown, timer: StepTimer = untimed): StudentsBatch {
  const { data, meta } = readPage(StudentPage, body, 'students', timer);
  return timer.time('map', () => ({ students: data.map(toStudent), updatedAt: data.map((s) => s.updated_at), total: meta.total, next: data.length === 0 ? null : meta.next_cursor }));
}

export const studentsReader: FeedReader<StudentsBatch> = { read: readStudentsBatch, peekNext: peekNextCursor };
