// The platform adapter for the enrollments the data engine syncs: the school-wide listEnrollments in cursor
// pages of 1,000, all or those changed at or after a time (`updated_since`, inclusive), mapped to the app's
// model (people-mapping.ts); and the course titles the Students page's course filter names (listCourses).
import { z } from 'zod';
import type { StudentEnrollment } from '../../../shared/model/people';
import { Enrollment, pageOf } from '../../../shared/platform/resources';
import { peekNextCursor, untimed, type FeedPage, type FeedReader, type FeedWalk, type StepTimer } from './list-feed';
import type { PageRequest } from './page-request';
import { toStudentEnrollment } from './people-mapping';
import { readPage } from './read-page';

const PAGE_SIZE = 1000;
const EnrollmentPage = pageOf(Enrollment);
const CourseTitlePage = pageOf(z.object({ id: z.string().min(1), title: z.string() }));

interface EnrollmentsBatch extends FeedPage {
  enrollments: StudentEnrollment[];
  updatedAt: string[];
}

function request(accountId: string, operation: 'listEnrollments' | 'listCourses', query: Record<string, string | undefined>): PageRequest {
  return { accountId, operation, query: { limit: PAGE_SIZE, ...Object.fromEntries(Object.entries(query).filter(([, v]) => v)) } };
}

/** Every enrollment changed at or after `since` (every enrollment without it). */
export function enrollmentsWalk(accountId: string, since: string | undefined): FeedWalk {
  return { first: request(accountId, 'listEnrollments', { updated_since: since }), at: (cursor) => request(accountId, 'listEnrollments', { updated_since: since, cursor }) };
}

function readEnrollmentsBatch(body: unknown, timer: StepTimer = untimed): EnrollmentsBatch {
  const { data, meta } = readPage(EnrollmentPage, body, 'enrollments', timer);
  return timer.time('map', () => ({ enrollments: data.map(toStudentEnrollment), updatedAt: data.map((e) => e.updated_at), total: meta.total, next: data.length === 0 ? null : meta.next_cursor }));
}

export const enrollmentsReader: FeedReader<EnrollmentsBatch> = { read: readEnrollmentsBatch, peekNext: peekNextCursor };

interface CourseTitlesBatch extends FeedPage {
  titles: { id: string; title: string }[];
}

export function courseTitlesWalk(accountId: string): FeedWalk {
  return { first: request(accountId, 'listCourses', {}), at: (cursor) => request(accountId, 'listCourses', { cursor }) };
}

function readCourseTitles(body: unknown, timer: StepTimer = untimed): CourseTitlesBatch {
  const { data, meta } = readPage(CourseTitlePage, body, 'courses', timer);
  return { titles: data.map((c) => ({ id: c.id, title: c.title })), total: meta.total, next: data.length === 0 ? null : meta.next_cursor };
}

export const courseTitlesReader: FeedReader<CourseTitlesBatch> = { read: readCourseTitles, peekNext: peekNextCursor };
