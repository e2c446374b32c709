// The platform adapter for the students the data engine syncs: listStudents in cursor pages of 1,000, all of
// them or those changed at or after a time (`updated_since`, inclusive), read into batches of the app's model
// (people-mapping.ts) plus each student's change time, which only the sync uses.
import type { Student } from '../../../shared/model/people';
import { pageOf, StudentRecord } from '../../../shared/platform/resources';
import type { PageRequest } from './page-request';
import type { FeedPosition } from './orders-feed';
import { toStudent } from './people-mapping';
import { readPage } from './read-page';

const PAGE_SIZE = 1000;
const StudentPage = pageOf(StudentRecord);

interface StudentsBatch {
  students: Student[];
  /** Per student: when it last changed on the platform (ISO), the next incremental sync's `updated_since`. */
  updatedAt: string[];
  total: number;
  next: FeedPosition;
}

export function studentsBatchRequest(accountId: string, changedSince: string | undefined, position: FeedPosition): PageRequest {
  return {
    accountId,
    operation: 'listStudents',
    query: { limit: PAGE_SIZE, ...(changedSince ? { updated_since: changedSince } : {}), ...(position ? { cursor: position } : {}) },
  };
}

export function readStudentsBatch(raw: unknown): StudentsBatch {
  const { data, meta } = readPage(StudentPage, raw, 'students');
  return { students: data.map(toStudent), updatedAt: data.map((s) => s.updated_at), total: meta.total, next: data.length === 0 ? null : meta.next_cursor };
}
