// Main-side handlers for the people part of the contract (shared/ipc/people.ts): a student's profile, a
// course's stalled learners, the members. Reads go through the offline cache like the dashboards'; payloads
// are read from the platform by platform/people-platform.ts. The profile's orders are the loaded orders'.
import type { peopleMethods } from '../../../shared/ipc/people';
import type { z } from 'zod';
import type { METHODS, MethodOutput } from '../../../shared/ipc';
import type { MembersList, StalledLearners, StudentProfile } from '../../../shared/model/student-profile';
import type { PlatformCaller } from '../api/platform-caller';
import { CachedReader } from '../data/cached-read';
import type { CallContext, EmitEvent, MethodHandlers } from '../ipc/handler-types';
import type { Logger } from '../log';
import type { QueryCache } from '../store/query-cache';
import { withoutScope } from '../api/partial-answers';
import { listEnrollableCourses, listMembers, listSubscriptionsByEmail, readStalledLearners, readStudentRecord } from '../platform/people-platform';

type PeopleMethodName = Extract<keyof typeof peopleMethods, string>;

/** The profile lists a student's newest orders up to this many; the totals cover all of them. */
const PROFILE_ORDERS = 200;

interface PeopleHandlerDeps {
  caller: PlatformCaller;
  cache: QueryCache;
  /** The loaded orders' query (data.orders.query): the engine's worker, or the main-side index. */
  queryOrders(input: z.output<(typeof METHODS)['data.orders.query']['input']>, context: CallContext): Promise<MethodOutput<'data.orders.query'>>;
  emit: EmitEvent;
  logger: Logger;
  onOnlineChange?(listener: (online: boolean) => void): void;
  now?: () => number;
}

export function createPeopleHandlers(deps: PeopleHandlerDeps): MethodHandlers<PeopleMethodName> {
  const { caller } = deps;
  const now = deps.now ?? Date.now;
  const reader = new CachedReader(deps.cache, deps.emit, deps.logger, deps.now);
  deps.onOnlineChange?.((online) => {
    if (online) reader.backOnline();
  });

  return {
    'people.profile': async ({ accountId, studentId }, context) => {
      const { signal } = context;
      const answer = await reader.read(accountId, 'people.profile', { studentId }, async () => {
        const record = await readStudentRecord(caller, accountId, studentId, signal);
        const subscriptions = await withoutScope(listSubscriptionsByEmail(caller, accountId, record.student.email, signal), null);
        return {
          student: record.student,
          updatedAt: record.updatedAt,
          url: record.url,
          enrollments: record.enrollments.sort((a, b) => b.enrolledAt.localeCompare(a.enrolledAt)),
          subscriptions,
          courses: record.courses,
        };
      });
      // Orders come from the loaded orders (memory, or the offline snapshot), not from the platform.
      const orders = await withoutScope(
        deps.queryOrders({ accountId, filters: { buyerId: studentId }, sort: { key: 'paidAt', direction: 'desc' }, offset: 0, limit: PROFILE_ORDERS }, context),
        null,
      );
      const profile: StudentProfile = {
        ...answer.data,
        orders: orders ? orders.data.rows : [],
        ordersTotal: orders ? orders.data.total : 0,
        orderTotals: orders ? orders.data.totals : [],
      };
      return { data: profile, fetchedAt: answer.fetchedAt, fromCache: answer.fromCache };
    },
    'people.stalled': async ({ accountId, courseId }, { signal }) =>
      reader.read(accountId, 'people.stalled', { courseId }, async (): Promise<StalledLearners> => {
        const at = now();
        const stalled = await readStalledLearners(caller, accountId, courseId, at, signal);
        return { courseId, courseTitle: stalled.courseTitle, asOf: new Date(at).toISOString(), enrollments: stalled.enrollments, learners: stalled.learners };
      }),
    'people.courses': async ({ accountId }, { signal }) => reader.read(accountId, 'people.courses', {}, () => listEnrollableCourses(caller, accountId, signal)),
    'people.members': async ({ accountId }, { signal }) =>
      reader.read(accountId, 'people.members', {}, async (): Promise<MembersList> => ({
        members: (await listMembers(caller, accountId, signal)).sort((a, b) => a.name.localeCompare(b.name)),
      })),
  };
}
