// The platform adapter for the enrollments the data engine syncs: the school-wide listEnrollments in cursor
// pages of 1,000, all or those changed at or after a time (`updated_since`, inclusive), mapped to the app's
// model (people-mapping.ts); and the course titles the Students page's course filter names (listCourses).
import { z } from 'zod';
import type { StudentEnrollment } from '../../../shared/model/people';
import { Enrollment, pageOf } from '../../../shared/platform/resources';
import type { PageRequest } from './page-request';
import type { FeedPosition } from './orders-feed';
import { toStudentEnrollment } from './people-mapping';
import { readPage } from './read-page';

const PAGE_SIZE = 1000;
const EnrollmentPage = pageOf(Enrollment);
const CourseTitlePage = pageOf(z.object({ id: z.string().min(1), title: z.string() }));

interface EnrollmentsBatch {
  enrollments: StudentEnrollment[];
  updatedAt: string[];
  total: number;
  next: FeedPosition;
}

export function enrollmentsBatchRequest(accountId: string, changedSince: string | undefined, position: FeedPosition): PageRequest {
  return {
    accountId,
    operation: 'listEnrollments',
    query: { limit: PAGE_SIZE, ...(changedSince ? { updated_since: changedSince } : {}), ...(position ? { cursor: position } : {}) },
  };
}

export function readEnrollmentsBatch(raw: unknown): EnrollmentsBatch {
  const { data, meta } = readPage(EnrollmentPage, raw, 'enrollments');
  return { enrollments: data.map(toStudentEnrollment), updatedAt: data.map((e) => e.updated_at), total: meta.total, next: data.length === 0 ? null : meta.next_cursor };
}

interface CourseTitlesBatch {
  titles: { id: string; title: string }[];
  next: FeedPosition;
}

export function courseTitlesRequest(accountId: string, position: FeedPosition): PageRequest {
  return { accountId, operation: 'listCourses', query: { limit: PAGE_SIZE, ...(position ? { cursor: position } : {}) } };
}

export function readCourseTitles(raw: unknown): CourseTitlesBatch {
  const { data, meta } = readPage(CourseTitlePage, raw, 'courses');
  return { titles: data.map((c) => ({ id: c.id, title: c.title })), next: data.length === 0 ? null : meta.next_cursor };
}
