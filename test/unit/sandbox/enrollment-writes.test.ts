// The sandbox's student writes: enroll on a plan or free access, the refusals, unenroll deleting the
// progress (and showing in both enrollment lists), tags added and removed without overwriting the others.
import { describe, expect, it } from 'vitest';
import type { Enrollment, Person } from '../../../shared/platform/resources';
import { harness } from './helpers';

describe('sandbox student writes', () => {
  const h = harness();
  const data = h.platform.data.get(h.platform.schools[0]!.id)!;
  const studentOf = (s: number) => ({ student_id: data.students.id(s) });

  it('enrolls on a plan or with free access, refusing a second enrollment, a foreign plan and an unknown course', async () => {
    let s = 0;
    while (data.enrollments.forStudent(s).length > 0) s++;
    const [a, b] = data.catalog.courses;
    const made = (await h.call('enrollStudent', { params: studentOf(s), body: { course_id: a!.course.id, plan_id: a!.course.pricing_plans[0]!.id } }));
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ course_id: a!.course.id, plan_id: a!.course.pricing_plans[0]!.id, progress: 0, completed_at: null });
    expect((await h.fails('enrollStudent', { params: studentOf(s), body: { course_id: a!.course.id, plan_id: null } })).status).toBe(409);
    expect((await h.fails('enrollStudent', { params: studentOf(s), body: { course_id: b!.course.id, plan_id: a!.course.pricing_plans[0]!.id } })).status).toBe(400);
    expect((await h.fails('enrollStudent', { params: studentOf(s), body: { course_id: 'crs_nope', plan_id: null } })).status).toBe(400);
    const free = (await h.call('enrollStudent', { params: studentOf(s), body: { course_id: b!.course.id, plan_id: null } })).body as Enrollment;
    expect(free.plan_id).toBeNull();
    const listed = await h.all<Enrollment>('listStudentEnrollments', { params: studentOf(s) });
    expect(listed.items.map((e) => e.course_id).sort()).toEqual([a!.course.id, b!.course.id].sort());
    const inCourse = await h.all<Enrollment>('listCourseEnrollments', { params: { course_id: b!.course.id }, query: { limit: '1000' } });
    expect(inCourse.items.find((e) => e.id === free.id)?.student).toEqual({ id: data.students.id(s), name: data.students.name(s), email: data.students.email(s) });
  });

  it('unenrolls: the enrollment and its progress are gone, from both lists; enrolling again starts from zero', async () => {
    let s = 0;
    while (![...data.enrollments.forStudent(s)].some((i) => data.enrollments.lectures[i]! > 0)) s++;
    const row = [...data.enrollments.forStudent(s)].find((i) => data.enrollments.lectures[i]! > 0)!;
    const id = data.enrollments.id(row);
    const params = { ...studentOf(s), enrollment_id: id };
    const before = (await h.call('getStudentEnrollment', { params })).body as Enrollment;
    expect(before.progress).toBeGreaterThan(0);
    expect((await h.call('unenrollStudent', { params })).body).toEqual(before);
    expect((await h.fails('getStudentEnrollment', { params })).status).toBe(404);
    expect((await h.fails('unenrollStudent', { params })).status).toBe(404);
    expect((await h.all<Enrollment>('listStudentEnrollments', { params: studentOf(s) })).items.some((e) => e.id === id)).toBe(false);
    expect((await h.all<Enrollment>('listCourseEnrollments', { params: { course_id: before.course_id }, query: { limit: '1000' } })).items.some((e) => e.id === id)).toBe(false);
    const again = (await h.call('enrollStudent', { params: studentOf(s), body: { course_id: before.course_id, plan_id: null } })).body as Enrollment;
    expect(again.id).not.toBe(id);
    expect(again.progress).toBe(0);
    expect(again.current_section_id).toBeNull();
  });

  it('adds and removes tags without overwriting the others, moving updated_at only on a change, with the site url', async () => {
    const params = studentOf(3);
    const start = (await h.call('getStudent', { params })).body as Person;
    expect(start.url).toMatch(/\/admin\/students\/stu_/);
    const added = (await h.call('updateStudent', { params, body: { add_tags: ['win-back'] } })).body as Person;
    expect(added.tags).toEqual([...start.tags, 'win-back']);
    expect(added.updated_at).not.toBe(start.updated_at);
    const same = (await h.call('updateStudent', { params, body: { add_tags: ['win-back'] } })).body as Person;
    expect(same.tags).toEqual(added.tags);
    const removed = (await h.call('updateStudent', { params, body: { remove_tags: ['win-back'] } })).body as Person;
    expect(removed.tags).toEqual(start.tags);
    expect((await h.fails('updateStudent', { params, body: { tags: ['a'], add_tags: ['b'] } })).status).toBe(400);
    expect((await h.fails('updateStudent', { params, body: {} })).status).toBe(400);
  });
});
