// The Students page's data: the engine syncs every student once (progress, Cancel) and then what changed;
// the page reads windows of the searched, filtered, sorted set as the table scrolls (renderer/data/windowed-list.ts,
// as the Orders page). Nothing is filtered here.
import type { StudentFilters, StudentSort } from '../../shared/ipc/students';
import { useListHead, useListRows, useSyncJob, type ListHead, type ListRows, type SyncJobState } from './windowed-list';

type StudentsLoadState = SyncJobState<'data.students.load'>;
export type StudentsHead = ListHead<'data.students.query'>;
type StudentRows = ListRows<'data.students.query'>;

export function useStudentsLoad(accountId: string | null): StudentsLoadState {
  return useSyncJob('data.students.load', 'data.students.query', 'students', accountId);
}

export function useStudentsHead(accountId: string | null, enabled: boolean, filters: StudentFilters, sort: StudentSort): StudentsHead {
  return useListHead('data.students.query', accountId, enabled, { filters, sort });
}

/** The windows covering rows [first, last] beyond the head, read by the table itself. */
export function useStudentRows(accountId: string | null, head: StudentsHead, filters: StudentFilters, sort: StudentSort, first: number, last: number): StudentRows {
  return useListRows('data.students.query', accountId, head, { filters, sort }, first, last);
}
