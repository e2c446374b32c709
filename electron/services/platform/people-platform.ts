// The people area's platform adapter: the operations, queries, paging and payload schemas behind a student's
// profile, a course's stalled learners, the enrollable courses and the members, mapped (people-mapping.ts,
// people-profile-mapping.ts, money-mapping.ts) to the app's model (shared/model/student-profile.ts).
// Parts behind a scope the admin did not grant (curricula, plan names) are left out, as the screens expect.
import type { MemberView, SubscriptionView } from '../../../shared/model/money';
import type { Student } from '../../../shared/model/people';
import type { EnrollableCourse, ProfileEnrollment, StalledLearner } from '../../../shared/model/student-profile';
import { Course, Curriculum, Enrollment, MembershipPlan, Person, Subscription } from '../../../shared/platform/resources';
import type { PlatformCaller } from '../api/platform-caller';
import { withoutScope } from '../api/partial-answers';
import { planNamesOf, toMemberView, toSubscriptionView } from './money-mapping';
import { toStudent } from './people-mapping';
import { courseFactsOf, sectionTitlesOf, studentRecordFacts, toEnrollableCourses, toProfileEnrollment, toStalledLearners } from './people-profile-mapping';

/** A student as the profile shows them: the record, their enrollments (with course, section and plan names), the courses one can enroll in. */
interface StudentRecord {
  student: Student;
  updatedAt: string | null;
  url: string | null;
  enrollments: ProfileEnrollment[];
  courses: EnrollableCourse[];
}

function listCourses(caller: PlatformCaller, accountId: string, signal?: AbortSignal) {
  return caller.paginate(accountId, 'listCourses', Course, { query: { limit: 100 }, signal });
}

/** A course's curriculum; null when curricula are behind a scope not granted. */
function readCurriculum(caller: PlatformCaller, accountId: string, courseId: string, signal?: AbortSignal) {
  return withoutScope(caller.call(accountId, 'getCurriculum', Curriculum, { path: { course_id: courseId }, signal }), null);
}

/** Plan names by id; empty when membership plans are behind a scope not granted. */
async function planNames(caller: PlatformCaller, accountId: string, signal?: AbortSignal): Promise<Map<string, string>> {
  return planNamesOf(await withoutScope(caller.paginate(accountId, 'listMembershipPlans', MembershipPlan, { query: { limit: 1000 }, signal }), []));
}

export async function readStudentRecord(caller: PlatformCaller, accountId: string, studentId: string, signal?: AbortSignal): Promise<StudentRecord> {
  const [person, enrollments, courses] = await Promise.all([
    caller.call(accountId, 'getStudent', Person, { path: { student_id: studentId }, signal }),
    caller.paginate(accountId, 'listStudentEnrollments', Enrollment, { path: { student_id: studentId }, query: { limit: 1000 }, signal }),
    listCourses(caller, accountId, signal),
  ]);
  const enrolledIn = [...new Set(enrollments.map((e) => e.course_id))];
  const curricula = new Map(
    (await Promise.all(enrolledIn.map((courseId) => readCurriculum(caller, accountId, courseId, signal)))).flatMap((c) => (c ? [[c.course_id, c] as const] : [])),
  );
  const facts = courseFactsOf(courses, curricula);
  return {
    student: toStudent(person),
    ...studentRecordFacts(person),
    enrollments: enrollments.map((e) => toProfileEnrollment(e, facts)),
    courses: toEnrollableCourses(courses),
  };
}

/**
 * The subscriptions of the member with this e-mail (members are the platform's subscribers: the same person,
 * found by e-mail); empty when there is no such member. Rejects with insufficient_scope without members:read
 * or subscriptions:read.
 */
export async function listSubscriptionsByEmail(caller: PlatformCaller, accountId: string, email: string, signal?: AbortSignal): Promise<SubscriptionView[]> {
  const members = await caller.paginate(accountId, 'listMembers', Person, { query: { q: email, limit: 100 }, signal });
  const member = members.find((m) => m.email.toLowerCase() === email.toLowerCase());
  if (!member) return [];
  const [subscriptions, names] = await Promise.all([
    caller.paginate(accountId, 'listSubscriptions', Subscription, { query: { member_id: member.id, limit: 1000 }, signal }),
    planNames(caller, accountId, signal),
  ]);
  return subscriptions.map((s) => toSubscriptionView(s, names));
}

/** A course's title, how many enrollments it has, and the stalled learners among them at `now`. */
export async function readStalledLearners(
  caller: PlatformCaller,
  accountId: string,
  courseId: string,
  now: number,
  signal?: AbortSignal,
): Promise<{ courseTitle: string; enrollments: number; learners: StalledLearner[] }> {
  const [course, enrollments, curriculum] = await Promise.all([
    caller.call(accountId, 'getCourse', Course, { path: { course_id: courseId }, signal }),
    caller.paginate(accountId, 'listCourseEnrollments', Enrollment, { path: { course_id: courseId }, query: { limit: 1000 }, signal }),
    readCurriculum(caller, accountId, courseId, signal),
  ]);
  return { courseTitle: course.title, enrollments: enrollments.length, learners: toStalledLearners(enrollments, curriculum ? sectionTitlesOf(curriculum) : null, now) };
}

export async function listEnrollableCourses(caller: PlatformCaller, accountId: string, signal?: AbortSignal): Promise<EnrollableCourse[]> {
  return toEnrollableCourses(await listCourses(caller, accountId, signal));
}

/** Every member with their subscriptions (plan names when readable). */
export async function listMembers(caller: PlatformCaller, accountId: string, signal?: AbortSignal): Promise<MemberView[]> {
  const [members, subscriptions, names] = await Promise.all([
    caller.paginate(accountId, 'listMembers', Person, { query: { limit: 1000 }, signal }),
    caller.paginate(accountId, 'listSubscriptions', Subscription, { query: { limit: 1000 }, signal }),
    planNames(caller, accountId, signal),
  ]);
  const byMember = new Map<string, SubscriptionView[]>();
  for (const s of subscriptions) {
    const list = byMember.get(s.member_id) ?? [];
    list.push(toSubscriptionView(s, names));
    byMember.set(s.member_id, list);
  }
  return members.map((m) => toMemberView(m, byMember.get(m.id) ?? []));
}
