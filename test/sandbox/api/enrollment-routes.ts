// Enroll and unenroll (students:write), and the views of enrollments that include them: the seeded,
// columnar enrollments minus those deleted, plus those made through the API. The course statistics and
// analytics reports keep counting the seeded enrollments only (docs/sandbox.md).
import { z } from 'zod';
import { Enrollment } from '../../../shared/platform/resources';
import { BusinessError, type BusinessRoute } from '../http/business-route';
import type { DemoPlatform, SchoolData } from '../data';
import { iso, wholeSeconds } from '../data/catalog';
import { rowId } from '../data/row-ids';
import { notFound, parseBody } from './params';
import { defineRoute } from './route';

const EnrollBody = z
  .object({
    course_id: z.string().min(1),
    /** One of the course's pricing plans, or null for free access. */
    plan_id: z.string().min(1).nullable(),
  })
  .strict();

/** Ids of enrollments made through the API: after every seeded row, never reused. */
const nextAdded = new WeakMap<SchoolData, number>();

function studentIndex(school: SchoolData, id: string): number {
  const index = school.students.indexOf(id);
  if (index < 0) throw notFound('student', id);
  return index;
}

/** A student's enrollments as the API shows them now, oldest first. */
export function enrollmentsOfStudent(school: SchoolData, student: number): Enrollment[] {
  const { enrollments } = school;
  const studentId = school.students.id(student);
  const seeded = [...enrollments.forStudent(student)].filter((i) => !enrollments.removed.has(i)).map((i) => enrollments.materialize(i, school.catalog, (s) => school.students.id(s)));
  return [...seeded, ...enrollments.added.filter((e) => e.student_id === studentId)];
}

/** A course's enrollments as the API shows them now, each naming its learner. */
export function enrollmentsOfCourse(school: SchoolData, course: number): { count: number; at(position: number): Enrollment } {
  const { enrollments, students } = school;
  const courseId = school.catalog.courses[course]!.course.id;
  const seeded = enrollments.removed.size === 0 ? enrollments.forCourse(course) : enrollments.forCourse(course).filter((i) => !enrollments.removed.has(i));
  const added = enrollments.added.filter((e) => e.course_id === courseId);
  const named = (e: Enrollment): Enrollment => {
    const s = students.indexOf(e.student_id);
    return { ...e, student: { id: e.student_id, name: students.name(s), email: students.email(s) } };
  };
  return {
    count: seeded.length + added.length,
    at: (p) => named(p < seeded.length ? enrollments.materialize(seeded[p]!, school.catalog, (s) => students.id(s)) : added[p - seeded.length]!),
  };
}

export function enrollmentRoutes(platform: DemoPlatform): BusinessRoute[] {
  const find = (school: SchoolData, studentId: string, enrollmentId: string): Enrollment => {
    const found = enrollmentsOfStudent(school, studentIndex(school, studentId)).find((e) => e.id === enrollmentId);
    if (!found) throw notFound('enrollment of this student', enrollmentId);
    return found;
  };
  return [
    defineRoute(platform, 'enrollStudent', {
      response: Enrollment,
      body: EnrollBody,
      status: 201,
      summary:
        'Enroll a student in a course: {"course_id", "plan_id"} with one of the course\'s pricing plans, or "plan_id": null for free access. Nothing is charged. Progress starts at zero. 409 conflict when the student is already enrolled in the course',
      handle: (request, school) => {
        const student = studentIndex(school, request.params.student_id ?? '');
        const body = parseBody(EnrollBody, request.body);
        const course = school.catalog.courses.findIndex((r) => r.course.id === body.course_id);
        if (course < 0) throw new BusinessError(400, 'invalid_request', `course_id: ${JSON.stringify(body.course_id)} names no course of this school.`);
        const record = school.catalog.courses[course]!.course;
        if (body.plan_id !== null && !record.pricing_plans.some((p) => p.id === body.plan_id)) {
          throw new BusinessError(400, 'invalid_request', `plan_id: ${JSON.stringify(body.plan_id)} is not a pricing plan of “${record.title}”.`);
        }
        if (enrollmentsOfStudent(school, student).some((e) => e.course_id === record.id)) {
          throw new BusinessError(409, 'conflict', `${school.students.name(student)} is already enrolled in “${record.title}”.`);
        }
        const n = nextAdded.get(school) ?? school.enrollments.count;
        nextAdded.set(school, n + 1);
        const now = iso(wholeSeconds(platform.clock()));
        const enrollment: Enrollment = {
          id: rowId('enr', school.no, n),
          student_id: school.students.id(student),
          course_id: record.id,
          enrolled_at: now,
          progress: 0,
          completed_at: null,
          last_activity_at: null,
          current_section_id: null,
          updated_at: now,
          plan_id: body.plan_id,
        };
        school.enrollments.added.push(enrollment);
        return enrollment;
      },
    }),
    defineRoute(platform, 'getStudentEnrollment', {
      response: Enrollment,
      handle: (request, school) => find(school, request.params.student_id ?? '', request.params.enrollment_id ?? ''),
    }),
    defineRoute(platform, 'unenrollStudent', {
      response: Enrollment,
      summary:
        'Unenroll a student from a course. The enrollment is deleted with its progress (lectures completed, the section reached, completion): enrolling again starts from zero. Answers the enrollment as it was',
      handle: (request, school) => {
        const enrollment = find(school, request.params.student_id ?? '', request.params.enrollment_id ?? '');
        const { enrollments } = school;
        const added = enrollments.added.findIndex((e) => e.id === enrollment.id);
        if (added >= 0) enrollments.added.splice(added, 1);
        else {
          const row = [...enrollments.forStudent(school.students.indexOf(enrollment.student_id))].find((i) => enrollments.id(i) === enrollment.id);
          if (row !== undefined) enrollments.removed.add(row);
        }
        return enrollment;
      },
    }),
  ];
}
