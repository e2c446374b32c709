// Students (with their enrollments), members, subscriptions and membership plans.
import { z } from 'zod';
import { Enrollment, MembershipPlan, Person, StudentRecord, Subscription, pageOf } from '../../../shared/platform/resources';
import { BusinessError, type BusinessRoute } from '../http/business-route';
import type { DemoPlatform, SchoolData } from '../data';
import { iso } from '../data/catalog';
import { buildPage, pageOfList, pageWindow, queryKey, ResultCache } from './paging';
import { notFound, param, parseBody, parseBoolean, parseCurrency, parseEnumList, parseTime, requireChanges } from './params';
import { defineRoute, PAGE_PARAMETERS } from './route';
import { enrollmentsOfStudent } from './enrollment-routes';

const Tags = z.array(z.string().trim().min(1).max(40)).max(20);
// The whole list, or tags to add and remove (what a bulk "tag these students" needs without reading each first).
const StudentPatch = z
  .object({ tags: Tags.optional(), add_tags: Tags.optional(), remove_tags: Tags.optional() })
  .strict()
  .refine((p) => (p.tags !== undefined) !== (p.add_tags !== undefined || p.remove_tags !== undefined), 'Send either tags, or add_tags and/or remove_tags.');
const MemberPatch = z.object({ name: z.string().trim().min(1).max(120).optional(), tags: Tags.optional() }).strict();
const PlanPatch = z.object({ name: z.string().trim().min(1).max(120).optional(), course_ids: z.array(z.string().min(1)).max(200).optional() }).strict();
const CancelBody = z.object({ at_period_end: z.boolean().optional() }).strict();

function studentIndex(school: SchoolData, id: string): number {
  const index = school.students.indexOf(id);
  if (index < 0) throw notFound('student', id);
  return index;
}

/** A student as getStudent and updateStudent serve them: with their page in the school's admin site. */
function studentRecord(school: SchoolData, index: number): StudentRecord {
  const person = school.students.person(index);
  return { ...person, url: `${school.school.url}/admin/students/${person.id}` };
}

function findMember(school: SchoolData, id: string): Person {
  const member = school.members.find((m) => m.id === id);
  if (!member) throw notFound('member', id);
  return member;
}

function wholeSecondsNow(platform: DemoPlatform): number {
  return Math.floor(platform.clock() / 1000) * 1000;
}

export function peopleRoutes(platform: DemoPlatform): BusinessRoute[] {
  const studentResults = new ResultCache<Int32Array>(4);
  return [
    defineRoute(platform, 'listStudents', {
      response: pageOf(StudentRecord),
      query: [
        { name: 'q', description: 'Case-insensitive text in the name or e-mail' },
        { name: 'tag', description: 'Only students with this tag' },
        { name: 'updated_since', description: 'Updated at or after this ISO 8601 time (a tag change updates a student)' },
        ...PAGE_PARAMETERS,
      ],
      summary: 'Students in id order',
      handle: (request, school) => {
        const { query } = request;
        const q = param(query, 'q')?.toLowerCase();
        const tag = param(query, 'tag');
        const updatedSince = parseTime(query, 'updated_since');
        const key = queryKey(school.school.id, 'listStudents', query);
        const window = pageWindow(query, key);
        const { students } = school;
        if (q === undefined && tag === undefined && updatedSince === undefined) return buildPage(window, students.count, (p) => students.person(p));
        // Tags and update times change (PATCH), so those queries are recomputed; a text query alone is cached.
        const compute = () => {
          const out = new Int32Array(students.count);
          let n = 0;
          for (let s = 0; s < students.count; s++) {
            if (updatedSince !== undefined && !(students.updatedAtMs(s) >= updatedSince)) continue;
            if (q !== undefined && !students.searchText(s).includes(q)) continue;
            if (tag !== undefined && !students.tags(s).includes(tag)) continue;
            out[n++] = s;
          }
          return out.slice(0, n);
        };
        const matches = tag === undefined && updatedSince === undefined ? studentResults.get(key, compute) : compute();
        return buildPage(window, matches.length, (p) => students.person(matches[p]!));
      },
    }),
    defineRoute(platform, 'getStudent', {
      response: StudentRecord,
      handle: (request, school) => studentRecord(school, studentIndex(school, request.params.student_id ?? '')),
    }),
    defineRoute(platform, 'updateStudent', {
      response: StudentRecord,
      body: StudentPatch,
      handle: (request, school) => {
        const index = studentIndex(school, request.params.student_id ?? '');
        const patch = parseBody(StudentPatch, request.body);
        const removed = new Set(patch.remove_tags ?? []);
        const tags = patch.tags ?? [...school.students.tags(index).filter((t) => !removed.has(t)), ...(patch.add_tags ?? [])];
        const next = [...new Set(tags)];
        if (next.length > 20) throw new BusinessError(400, 'invalid_request', 'tags: a student has at most 20 tags.');
        const before = school.students.tags(index);
        if (next.length !== before.length || next.some((t, k) => t !== before[k])) school.students.updatedAt.set(index, wholeSecondsNow(platform));
        school.students.tagOverrides.set(index, next);
        return studentRecord(school, index);
      },
    }),
    defineRoute(platform, 'listEnrollments', {
      response: pageOf(Enrollment),
      query: [
        { name: 'updated_since', description: 'Updated at or after this ISO 8601 time (enrolled, active, completed or changed since)' },
        ...PAGE_PARAMETERS,
      ],
      summary: "Every enrollment of the school's students in id order, with progress",
      handle: (request, school) => {
        const { query } = request;
        const updatedSince = parseTime(query, 'updated_since');
        const window = pageWindow(query, queryKey(school.school.id, 'listEnrollments', query));
        const { enrollments } = school;
        const item = (e: number) => enrollments.materialize(e, school.catalog, (s) => school.students.id(s));
        // Seeded enrollments not deleted through the API, then those made through it (newest last).
        const added = updatedSince === undefined ? enrollments.added : enrollments.added.filter((e) => Date.parse(e.updated_at) >= updatedSince);
        if (updatedSince === undefined && enrollments.removed.size === 0) return buildPage(window, enrollments.count + added.length, (p) => (p < enrollments.count ? item(p) : added[p - enrollments.count]!));
        const out = new Int32Array(enrollments.count);
        let n = 0;
        for (let e = 0; e < enrollments.count; e++) if (!enrollments.removed.has(e) && (updatedSince === undefined || enrollments.updatedAtMs(e) >= updatedSince)) out[n++] = e;
        return buildPage(window, n + added.length, (p) => (p < n ? item(out[p]!) : added[p - n]!));
      },
    }),
    defineRoute(platform, 'listStudentEnrollments', {
      response: pageOf(Enrollment),
      query: PAGE_PARAMETERS,
      handle: (request, school) => {
        const index = studentIndex(school, request.params.student_id ?? '');
        const list = enrollmentsOfStudent(school, index);
        const window = pageWindow(request.query, queryKey(school.school.id, 'listStudentEnrollments', request.query, request.params));
        return buildPage(window, list.length, (p) => list[p]!);
      },
    }),
    defineRoute(platform, 'listMembers', {
      response: pageOf(Person),
      query: [{ name: 'q', description: 'Case-insensitive text in the name or e-mail' }, { name: 'tag', description: 'Only members with this tag' }, ...PAGE_PARAMETERS],
      handle: (request, school) => {
        const q = param(request.query, 'q')?.toLowerCase();
        const tag = param(request.query, 'tag');
        const members = school.members.filter((m) => (!q || `${m.name} ${m.email}`.toLowerCase().includes(q)) && (!tag || m.tags.includes(tag)));
        return pageOfList(request.query, queryKey(school.school.id, 'listMembers', request.query), members);
      },
    }),
    defineRoute(platform, 'getMember', {
      response: Person,
      handle: (request, school) => findMember(school, request.params.member_id ?? ''),
    }),
    defineRoute(platform, 'updateMember', {
      response: Person,
      body: MemberPatch,
      handle: (request, school) => {
        const member = findMember(school, request.params.member_id ?? '');
        const patch = parseBody(MemberPatch, request.body);
        requireChanges(patch);
        if (patch.name !== undefined) {
          member.name = patch.name;
          for (const s of school.subscriptions) if (s.member_id === member.id) s.member_name = patch.name;
        }
        if (patch.tags !== undefined) member.tags = [...new Set(patch.tags)];
        return member;
      },
    }),
    defineRoute(platform, 'listSubscriptions', {
      response: pageOf(Subscription),
      query: [
        { name: 'state', description: `Comma-separated states: ${Subscription.shape.state.options.join(', ')}` },
        { name: 'plan_id', description: 'Only subscriptions to this membership plan' },
        { name: 'member_id', description: "Only this member's subscriptions" },
        { name: 'canceling', description: 'true: only those set to cancel at period end; false: only the others' },
        { name: 'currency', description: 'Only subscriptions in this ISO 4217 currency' },
        ...PAGE_PARAMETERS,
      ],
      summary: 'Subscriptions in start order',
      handle: (request, school) => {
        const { query } = request;
        const states = parseEnumList(query, 'state', Subscription.shape.state.options);
        const planId = param(query, 'plan_id');
        const memberId = param(query, 'member_id');
        const canceling = parseBoolean(query, 'canceling');
        const currency = parseCurrency(query);
        const list = school.subscriptions.filter((s) => (!states || states.has(s.state)) && (!planId || s.plan_id === planId) && (!memberId || s.member_id === memberId) && (canceling === undefined || s.canceling === canceling) && (!currency || s.currency === currency));
        return pageOfList(query, queryKey(school.school.id, 'listSubscriptions', query), list);
      },
    }),
    defineRoute(platform, 'getSubscription', {
      response: Subscription,
      handle: (request, school) => {
        const id = request.params.subscription_id ?? '';
        const subscription = school.subscriptions.find((s) => s.id === id);
        if (!subscription) throw notFound('subscription', id);
        return subscription;
      },
    }),
    defineRoute(platform, 'cancelSubscription', {
      response: Subscription,
      body: CancelBody,
      summary: 'Cancel a subscription: at the end of the current period by default (canceling = true, no next charge), or now with {"at_period_end": false} (state canceled, canceled_at now). Ended subscriptions: 409 conflict',
      handle: (request, school) => {
        const id = request.params.subscription_id ?? '';
        const subscription = school.subscriptions.find((s) => s.id === id);
        if (!subscription) throw notFound('subscription', id);
        const { at_period_end: atPeriodEnd = true } = parseBody(CancelBody, request.body);
        if (subscription.state === 'canceled' || subscription.state === 'expired') throw new BusinessError(409, 'conflict', `Subscription ${id} has already ended (${subscription.state}).`);
        if (atPeriodEnd) {
          if (!subscription.canceling) subscription.updated_at = new Date(platform.clock()).toISOString();
          subscription.canceling = true;
          subscription.next_charge_at = null;
        } else {
          subscription.updated_at = new Date(platform.clock()).toISOString();
          subscription.state = 'canceled';
          subscription.canceling = false;
          subscription.next_charge_at = null;
          subscription.canceled_at = iso(Math.floor(platform.clock() / 1000) * 1000);
        }
        return subscription;
      },
    }),
    defineRoute(platform, 'listMembershipPlans', {
      response: pageOf(MembershipPlan),
      query: PAGE_PARAMETERS,
      handle: (request, school) => pageOfList(request.query, queryKey(school.school.id, 'listMembershipPlans', request.query), school.catalog.membershipPlans),
    }),
    defineRoute(platform, 'updateMembershipPlan', {
      response: MembershipPlan,
      body: PlanPatch,
      handle: (request, school) => {
        const id = request.params.plan_id ?? '';
        const plan = school.catalog.membershipPlans.find((p) => p.id === id);
        if (!plan) throw notFound('membership plan', id);
        const patch = parseBody(PlanPatch, request.body);
        requireChanges(patch);
        if (patch.course_ids) {
          const unknown = patch.course_ids.find((c) => !school.catalog.courses.some((r) => r.course.id === c));
          if (unknown !== undefined) throw new BusinessError(400, 'invalid_request', `course_ids: ${JSON.stringify(unknown)} names no course of this school.`);
          plan.course_ids = [...new Set(patch.course_ids)];
        }
        if (patch.name !== undefined) plan.name = patch.name;
        return plan;
      },
    }),
  ];
}
