// Main-side handlers for the people part of the contract (shared/ipc/people.ts): a student's profile, a
// course's stalled learners, the members. Reads go through the offline cache like the dashboards'; payloads
// become the app's model in platform/people-mapping.ts and platform/people-profile-mapping.ts.
import type { peopleMethods } from '../../../shared/ipc/people';
import type { z } from 'zod';
import type { METHODS, MethodOutput } from '../../../shared/ipc';
import { isAppError } from '../../../shared/errors';
import type { MembersList, StalledLearners, StudentProfile } from '../../../shared/model/student-profile';
import { Course, Curriculum, Enrollment, MembershipPlan, Person, Subscription } from '../../../shared/platform/resources';
import type { PlatformCaller } from '../api/platform-caller';
import { CachedReader } from '../data/cached-read';
import type { CallContext, EmitEvent, MethodHandlers } from '../ipc/handler-types';
import type { Logger } from '../log';
import type { QueryCache } from '../store/query-cache';
import { planNamesOf, toMemberView, toSubscriptionView } from '../platform/money-mapping';
import { toStudent } from '../platform/people-mapping';
import { courseFactsOf, sectionTitlesOf, studentRecordFacts, toEnrollableCourses, toProfileEnrollment, toStalledLearners } from '../platform/people-profile-mapping';

export type PeopleMethodName = Extract<keyof typeof peopleMethods, string>;

/** The profile lists a student's newest orders up to this many; the totals cover all of them. */
export const PROFILE_ORDERS = 200;

export interface PeopleHandlerDeps {
  caller: PlatformCaller;
  cache: QueryCache;
  /** The loaded orders' query (data.orders.query): the engine's worker, or the main-side index. */
  queryOrders(input: z.output<(typeof METHODS)['data.orders.query']['input']>, context: CallContext): Promise<MethodOutput<'data.orders.query'>>;
  emit: EmitEvent;
  logger: Logger;
  onOnlineChange?(listener: (online: boolean) => void): void;
  now?: () => number;
}

/** A part of a screen behind a scope the admin did not grant: the rest still shows. */
function withoutScope<T>(promise: Promise<T>, fallback: T): Promise<T> {
  return promise.catch((error: unknown) => {
    if (isAppError(error) && error.code === 'insufficient_scope') return fallback;
    throw error;
  });
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
        const [person, enrollments, courses] = await Promise.all([
          caller.call(accountId, 'getStudent', Person, { path: { student_id: studentId }, signal }),
          caller.paginate(accountId, 'listStudentEnrollments', Enrollment, { path: { student_id: studentId }, query: { limit: 1000 }, signal }),
          caller.paginate(accountId, 'listCourses', Course, { query: { limit: 100 }, signal }),
        ]);
        const enrolledIn = [...new Set(enrollments.map((e) => e.course_id))];
        const curricula = new Map(
          (
            await Promise.all(
              enrolledIn.map((courseId) => withoutScope(caller.call(accountId, 'getCurriculum', Curriculum, { path: { course_id: courseId }, signal }), null)),
            )
          ).flatMap((c) => (c ? [[c.course_id, c] as const] : [])),
        );
        // Members are the platform's subscribers: the same person, found by e-mail.
        const subscriptions = await withoutScope(
          (async () => {
            const members = await caller.paginate(accountId, 'listMembers', Person, { query: { q: person.email, limit: 100 }, signal });
            const member = members.find((m) => m.email.toLowerCase() === person.email.toLowerCase());
            if (!member) return [];
            const [subs, plans] = await Promise.all([
              caller.paginate(accountId, 'listSubscriptions', Subscription, { query: { member_id: member.id, limit: 1000 }, signal }),
              withoutScope(caller.paginate(accountId, 'listMembershipPlans', MembershipPlan, { query: { limit: 1000 }, signal }), []),
            ]);
            const names = planNamesOf(plans);
            return subs.map((s) => toSubscriptionView(s, names));
          })(),
          null,
        );
        const facts = courseFactsOf(courses, curricula);
        return {
          student: toStudent(person),
          ...studentRecordFacts(person),
          enrollments: enrollments.map((e) => toProfileEnrollment(e, facts)).sort((a, b) => b.enrolledAt.localeCompare(a.enrolledAt)),
          subscriptions,
          courses: toEnrollableCourses(courses),
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
        const [course, enrollments, curriculum] = await Promise.all([
          caller.call(accountId, 'getCourse', Course, { path: { course_id: courseId }, signal }),
          caller.paginate(accountId, 'listCourseEnrollments', Enrollment, { path: { course_id: courseId }, query: { limit: 1000 }, signal }),
          withoutScope(caller.call(accountId, 'getCurriculum', Curriculum, { path: { course_id: courseId }, signal }), null),
        ]);
        const at = now();
        return {
          courseId,
          courseTitle: course.title,
          asOf: new Date(at).toISOString(),
          enrollments: enrollments.length,
          learners: toStalledLearners(enrollments, curriculum ? sectionTitlesOf(curriculum) : null, at),
        };
      }),
    'people.courses': async ({ accountId }, { signal }) =>
      reader.read(accountId, 'people.courses', {}, async () => toEnrollableCourses(await caller.paginate(accountId, 'listCourses', Course, { query: { limit: 100 }, signal }))),
    'people.members': async ({ accountId }, { signal }) =>
      reader.read(accountId, 'people.members', {}, async (): Promise<MembersList> => {
        const [members, subscriptions, plans] = await Promise.all([
          caller.paginate(accountId, 'listMembers', Person, { query: { limit: 1000 }, signal }),
          caller.paginate(accountId, 'listSubscriptions', Subscription, { query: { limit: 1000 }, signal }),
          withoutScope(caller.paginate(accountId, 'listMembershipPlans', MembershipPlan, { query: { limit: 1000 }, signal }), []),
        ]);
        const names = planNamesOf(plans);
        const byMember = new Map<string, ReturnType<typeof toSubscriptionView>[]>();
        for (const s of subscriptions) {
          const list = byMember.get(s.member_id) ?? [];
          list.push(toSubscriptionView(s, names));
          byMember.set(s.member_id, list);
        }
        return { members: members.map((m) => toMemberView(m, byMember.get(m.id) ?? [])).sort((a, b) => a.name.localeCompare(b.name)) };
      }),
  };
}
