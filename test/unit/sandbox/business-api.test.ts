import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  Account, Appearance, Comment, Coupon, Course, CourseReport, Curriculum, DigitalProduct, Enrollment, EventAttendee, Form, LearningReport, Lecturer,
  MembershipPlan, Order, pageOf, Person, Post, PostCategory, StudentRecord, SalesReport, School, SchoolEvent, Section, SitePage, Subscription, SubscriptionsReport, Upload,
} from '../../../shared/platform/resources';
import { OPERATIONS } from '../../../shared/platform/endpoints';
import { ALL_SCOPES } from '../../../shared/scopes';
import type { Page } from '../../../shared/platform/resources';
import { harness } from './helpers';

const RESPONSES: Record<keyof typeof OPERATIONS, z.ZodType> = {
  getSchool: School, updateSchool: School,
  listCourses: pageOf(Course), getCourse: Course, publishCourse: Course, unpublishCourse: Course,
  getCurriculum: Curriculum, updateCurriculumSection: Section, getCourseReport: CourseReport, listCourseEnrollments: pageOf(Enrollment),
  listStudents: pageOf(StudentRecord), getStudent: StudentRecord, updateStudent: StudentRecord, listStudentEnrollments: pageOf(Enrollment), listEnrollments: pageOf(Enrollment), enrollStudent: Enrollment, getStudentEnrollment: Enrollment, unenrollStudent: Enrollment,
  listMembers: pageOf(Person), getMember: Person, updateMember: Person,
  listOrders: pageOf(Order), getOrder: Order,
  listSubscriptions: pageOf(Subscription), cancelSubscription: Subscription, getSubscription: Subscription,
  listMembershipPlans: pageOf(MembershipPlan), updateMembershipPlan: MembershipPlan,
  listCoupons: pageOf(Coupon), createCoupon: Coupon, disableCoupon: Coupon, getCoupon: Coupon, enableCoupon: Coupon,
  getSalesReport: SalesReport, getLearningReport: LearningReport, getSubscriptionsReport: SubscriptionsReport,
  getAppearance: Appearance, updateAppearance: Appearance, listEvents: pageOf(SchoolEvent), updateEvent: SchoolEvent, getEvent: SchoolEvent, listEventAttendees: pageOf(EventAttendee),
  listPosts: pageOf(Post), listPostCategories: pageOf(PostCategory), updatePost: Post, listDigitalProducts: pageOf(DigitalProduct), updateDigitalProduct: DigitalProduct,
  listComments: pageOf(Comment), listLecturers: pageOf(Lecturer), updateLecturer: Lecturer, createUpload: Upload,
  listForms: pageOf(Form), listPages: pageOf(SitePage), updatePage: SitePage, getAccount: Account, updateAccount: Account,
};

describe('business routes', () => {
  const h = harness();

  it('implement every operation of endpoints.ts with its method, path and scope, and guard every resource scope', () => {
    const byId = new Map(h.routes.map((r) => [r.operationId, r]));
    expect([...byId.keys()].sort()).toEqual(Object.keys(OPERATIONS).sort());
    for (const [id, op] of Object.entries(OPERATIONS)) expect(byId.get(id)).toMatchObject({ method: op.method, path: op.path, scope: op.scope });
    const guarded = new Set(h.routes.map((r) => r.scope));
    expect(ALL_SCOPES.filter((s) => !guarded.has(s))).toEqual(['openid', 'profile', 'email']);
    for (const route of h.routes) {
      expect(route.responseSchema).toMatchObject({ type: 'object' });
      if (route.method !== 'GET') expect(route.requestBodySchema ?? (route.method === 'POST' || route.method === 'DELETE')).toBeTruthy();
    }
  });

  it('answer every operation, for both schools, with output that validates against the shared schemas', async () => {
    for (const school of h.platform.schools) {
      const data = h.platform.data.get(school.id)!;
      const course = data.catalog.courses.find((c) => c.course.state === 'published')!;
      const hidden = data.catalog.courses.find((c) => c.course.state === 'hidden')!;
      const sub = data.subscriptions.find((s) => s.state === 'active' && !s.canceling)!;
      const range = { from: '2026-08-01T00:00:00Z', to: '2026-11-01T00:00:00Z', interval: 'week' };
      const inCourse = (s: number) => [...data.enrollments.forStudent(s)].some((i) => data.catalog.courses[data.enrollments.course[i]!]!.course.id === course.course.id);
      let fresh = 0;
      while (inCourse(fresh)) fresh++;
      const firstEnrollment = { student_id: data.students.id(0), enrollment_id: data.enrollments.id(data.enrollments.forStudent(0)[0]!) };
      const calls: [keyof typeof OPERATIONS, Parameters<typeof h.call>[1]][] = [
        ['getSchool', {}], ['listCourses', {}], ['getCourse', { params: { course_id: course.course.id } }],
        ['getCurriculum', { params: { course_id: course.course.id } }], ['getCourseReport', { params: { course_id: course.course.id }, query: range }],
        ['listCourseEnrollments', { params: { course_id: course.course.id } }], ['listStudents', { query: { limit: '5' } }], ['listEnrollments', { query: { limit: '5' } }],
        ['getStudent', { params: { student_id: data.students.id(0) } }], ['listStudentEnrollments', { params: { student_id: data.students.id(0) } }],
        ['listMembers', {}], ['getMember', { params: { member_id: data.members[0]!.id } }], ['listOrders', { query: { limit: '1000' } }],
        ['getOrder', { params: { order_id: data.orders.id(5) } }], ['listSubscriptions', {}], ['listMembershipPlans', {}], ['listCoupons', {}],
        ['getSalesReport', { query: range }], ['getLearningReport', { query: range }], ['getSubscriptionsReport', { query: range }],
        ['getAppearance', {}], ['listEvents', {}], ['listPosts', {}], ['listPostCategories', {}], ['listDigitalProducts', {}], ['listComments', {}], ['listLecturers', {}],
        ['listForms', {}], ['listPages', {}], ['getAccount', {}],
        ['publishCourse', { params: { course_id: hidden.course.id } }], ['unpublishCourse', { params: { course_id: hidden.course.id } }],
        ['updateCurriculumSection', { params: { course_id: course.course.id, section_id: course.curriculum.sections[0]!.id }, body: { title: 'Start here' } }],
        ['updateSchool', { body: { name: `${school.name}` } }], ['updateStudent', { params: { student_id: data.students.id(1) }, body: { tags: ['vip'] } }],
        ['updateMember', { params: { member_id: data.members[0]!.id }, body: { tags: ['vip'] } }],
        ['enrollStudent', { params: { student_id: data.students.id(fresh) }, body: { course_id: course.course.id, plan_id: null } }],
        ['getStudentEnrollment', { params: firstEnrollment }],
        // The enrollment just made (the first id after the seeded ones): the seeded ones stay for the statistics test.
        ['unenrollStudent', { params: { student_id: data.students.id(fresh), enrollment_id: data.enrollments.id(data.enrollments.count) } }],
        ['cancelSubscription', { params: { subscription_id: sub.id }, body: {} }],
        ['updateMembershipPlan', { params: { plan_id: data.catalog.membershipPlans[0]!.id }, body: { name: 'Renamed plan' } }],
        ['createCoupon', { body: { code: 'TEST10', kind: 'percent', percent_off: 10 } }],
        ['disableCoupon', { params: { coupon_id: data.catalog.coupons[0]!.coupon.id } }],
        ['getCoupon', { params: { coupon_id: data.catalog.coupons[0]!.coupon.id } }],
        ['enableCoupon', { params: { coupon_id: data.catalog.coupons[0]!.coupon.id } }],
        ['getSubscription', { params: { subscription_id: sub.id } }],
        ['updateAppearance', { body: { primary_color: '#112233' } }], ['updateEvent', { params: { event_id: data.catalog.events[0]!.id }, body: { title: 'Renamed' } }],
        ['getEvent', { params: { event_id: data.catalog.events[0]!.id } }], ['listEventAttendees', { params: { event_id: data.catalog.events[0]!.id } }],
        ['updatePost', { params: { post_id: data.extras.posts[0]!.id }, body: { access: 'paid' } }],
        ['updateDigitalProduct', { params: { product_id: data.catalog.digitalProducts[0]!.id }, body: { price: 1200 } }],
        ['updateLecturer', { params: { lecturer_id: data.catalog.lecturers[0]!.id }, body: { bio: 'New bio' } }],
        ['updatePage', { params: { page_id: data.extras.pages[0]!.id }, body: { state: 'draft' } }],
        ['updateAccount', { body: { time_zone: 'Europe/Paris' } }],
        ['createUpload', { body: { name: 'cover.png', content_type: 'image/png', size: 2048 } }],
      ];
      expect(new Set(calls.map(([id]) => id))).toEqual(new Set(Object.keys(OPERATIONS)));
      for (const [id, options] of calls) {
        const answer = await h.call(id, { ...options, school: school.id });
        expect(answer.status, id).toBe(id.startsWith('create') || id === 'enrollStudent' ? 201 : 200);
        const parsed = RESPONSES[id].safeParse(JSON.parse(JSON.stringify(answer.body)));
        expect(parsed.success ? '' : `${id}: ${parsed.error.message}`).toBe('');
      }
    }
  });

  it('names the post categories that posts and membership plans hold, in the school\'s language, and declares the link in /openapi.json', async () => {
    const currencies = new Set<string>();
    for (const school of h.platform.schools) {
      const data = h.platform.data.get(school.id)!;
      currencies.add(data.school.currency);
      const { items } = await h.all<PostCategory>('listPostCategories', { school: school.id, query: { limit: '2' } });
      const names = new Map(items.map((c) => [c.id, c.name]));
      expect(names.size).toBe(4);
      for (const post of data.extras.posts) if (post.category_id !== null) expect(names.has(post.category_id), post.id).toBe(true);
      for (const plan of data.catalog.membershipPlans) for (const category of plan.post_category_ids) expect(names.has(category), plan.id).toBe(true);
      if (data.school.currency === 'TWD') for (const name of names.values()) expect(name).toMatch(/\p{Script=Han}/u);
    }
    expect(currencies).toContain('TWD');
    const route = (id: string) => h.routes.find((r) => r.operationId === id)!.responseSchema as { properties: { data: { items: { properties: Record<string, unknown> } } } };
    const link = { 'x-references': { operationId: 'listPostCategories' } };
    expect(route('listPosts').properties.data.items.properties.category_id).toMatchObject({ anyOf: [expect.objectContaining(link), { type: 'null' }] });
    expect(route('listMembershipPlans').properties.data.items.properties.post_category_ids).toMatchObject({ type: 'array', items: expect.objectContaining(link) });
  });

  it('serves anonymous callers published courses only, without statistics', async () => {
    const data = h.platform.data.get(h.platform.schools[1]!.id)!;
    const { items } = await h.all<Course>('listCourses', { anonymous: true, school: data.school.id, query: { limit: '7' } });
    const published = data.catalog.courses.filter((c) => c.course.state === 'published');
    expect(items.map((c) => c.id).sort()).toEqual(published.map((c) => c.course.id).sort());
    for (const c of items) expect(c.stats).toBeUndefined();
    const draft = data.catalog.courses.find((c) => c.course.state === 'draft')!;
    expect((await h.fails('getCourse', { anonymous: true, school: data.school.id, params: { course_id: draft.course.id } })).status).toBe(404);
    const admin = await h.call('getCourse', { school: data.school.id, params: { course_id: draft.course.id } });
    expect((admin.body as Course).stats).toBeDefined();
  });

  it('gives course statistics that match the course enrollments', async () => {
    const data = h.platform.data.get(h.platform.schools[0]!.id)!;
    const now = h.platform.now.getTime();
    for (const record of data.catalog.courses.slice(0, 6)) {
      const course = (await h.call('getCourse', { params: { course_id: record.course.id } })).body as Course;
      const { items } = await h.all<Enrollment>('listCourseEnrollments', { params: { course_id: record.course.id }, query: { limit: '50' } });
      const completions = items.filter((e) => e.completed_at !== null).length;
      const active = new Set(items.filter((e) => e.last_activity_at && Date.parse(e.last_activity_at) >= now - 30 * 86_400_000 && Date.parse(e.last_activity_at) < now).map((e) => e.student_id));
      expect(course.stats).toEqual({ enrollments: items.length, completions, active_students: active.size, completion_rate: items.length ? completions / items.length : 0 });
    }
  });

  it('sorts and filters courses', async () => {
    const { items } = await h.all<Course>('listCourses', { query: { sort: '-enrollments', limit: '4' } });
    for (let k = 1; k < items.length; k++) expect(items[k - 1]!.stats!.enrollments).toBeGreaterThanOrEqual(items[k]!.stats!.enrollments);
    const byTitle = (await h.all<Course>('listCourses', { query: { sort: 'title', state: 'published,hidden' } })).items;
    expect(byTitle.map((c) => c.title)).toEqual([...byTitle.map((c) => c.title)].sort());
    expect(byTitle.every((c) => c.state !== 'draft')).toBe(true);
    const category = items[0]!.categories[0]!;
    const inCategory = (await h.all<Course>('listCourses', { query: { category } })).items;
    expect(inCategory.length).toBe(items.filter((c) => c.categories.includes(category)).length);
    expect((await h.fails('listCourses', { query: { sort: 'price' } })).message).toContain('sort');
    expect((await h.fails('listCourses', { query: { state: 'live' } })).message).toContain('state');
  });

  it('walks students and their enrollments, and keeps tag changes', async () => {
    const school = h.platform.schools[1]!.id;
    const data = h.platform.data.get(school)!;
    const { items, total } = await h.all<Person>('listStudents', { school, query: { limit: '1000' } });
    expect(items.length).toBe(data.students.count);
    expect(total).toBe(data.students.count);
    expect(new Set(items.map((s) => s.id)).size).toBe(items.length);
    const someone = items[3]!;
    const enrollments = await h.all<Enrollment>('listStudentEnrollments', { school, params: { student_id: someone.id } });
    expect(enrollments.items.every((e) => e.student_id === someone.id)).toBe(true);
    await h.call('updateStudent', { school, params: { student_id: someone.id }, body: { tags: ['scholarship', 'alumni'] } });
    expect(((await h.call('getStudent', { school, params: { student_id: someone.id } })).body as Person).tags).toEqual(['scholarship', 'alumni']);
    const tagged = await h.all<Person>('listStudents', { school, query: { tag: 'scholarship' } });
    expect(tagged.items.map((p) => p.id)).toContain(someone.id);
    const q = someone.email.slice(0, 6);
    const found = await h.all<Person>('listStudents', { school, query: { q } });
    expect(found.items.every((p) => `${p.name} ${p.email}`.toLowerCase().includes(q.toLowerCase()))).toBe(true);
    expect(found.items.map((p) => p.id)).toContain(someone.id);
    expect((await h.fails('getStudent', { school, params: { student_id: 'stu_1_1' } })).status).toBe(404);
    expect((await h.fails('updateStudent', { school, params: { student_id: someone.id }, body: { tags: 'vip' } })).message).toContain('tags');
  });

  it('lists only the caller school: ids of the other school are not found', async () => {
    const [one, two] = h.platform.schools;
    const order = h.platform.data.get(one!.id)!.orders.id(0);
    expect((await h.fails('getOrder', { school: two!.id, params: { order_id: order } })).code).toBe('not_found');
    expect((await h.fails('getOrder', { school: one!.id, params: { order_id: 'ord_1_0' } })).code).toBe('not_found');
    const page = (await h.call('listOrders', { school: two!.id, query: { limit: '1000' } })).body as Page<Order>;
    expect(page.data.every((o) => o.currency === 'JPY' && o.id.startsWith('ord_2_'))).toBe(true);
  });
});

describe('docs/business-api.md', () => {
  it('lists every operation and defines every figure the analytics routes return', async () => {
    const { readFile } = await import('node:fs/promises');
    const doc = await readFile(new URL('../../../docs/business-api.md', import.meta.url), 'utf8');
    for (const [id, op] of Object.entries(OPERATIONS)) expect(doc, id).toContain(`| \`${id}\` | ${op.method} | \`${op.path}\` | \`${op.scope}\``);
    for (const figure of ['gross', 'discounts', 'refunds', 'net', 'average_order_value', 'refund_rate', 'completion_rate', 'active_students', 'mrr', 'churn_rate', 'reached', 'completed']) expect(doc).toContain(figure);
  });

  it('answers a caller of an unknown school with not_found', async () => {
    const h = harness();
    const error = await h.fails('getSchool', { school: 'sch_missing' });
    expect(error).toMatchObject({ status: 404, code: 'not_found' });
  });
});
