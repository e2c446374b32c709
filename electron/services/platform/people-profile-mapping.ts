// The platform payloads behind a student's profile and a course's stalled learners (snake_case) become the
// app's model (shared/model/student-profile.ts) here; the student and enrollment themselves go through the
// one people mapping (people-mapping.ts).
import { daysSinceActive, isStalled } from '../../../shared/model/learning-status';
import type { EnrollableCourse, ProfileEnrollment, StalledLearner } from '../../../shared/model/student-profile';
import type { Course, Curriculum, Enrollment, Person } from '../../../shared/platform/resources';
import { toStudentEnrollment } from './people-mapping';

/** What the profile needs to know of each course: its title, plans and (when readable) section titles. */
interface CourseFacts {
  title: string;
  plans: ReadonlyMap<string, string>;
  sections: ReadonlyMap<string, string> | null;
}

export function courseFactsOf(courses: readonly Course[], curricula: ReadonlyMap<string, Curriculum>): Map<string, CourseFacts> {
  return new Map(
    courses.map((c) => {
      const curriculum = curricula.get(c.id);
      return [c.id, { title: c.title, plans: new Map(c.pricing_plans.map((p) => [p.id, p.name])), sections: curriculum ? sectionTitlesOf(curriculum) : null }];
    }),
  );
}

export function sectionTitlesOf(curriculum: Curriculum): Map<string, string> {
  return new Map(curriculum.sections.map((s) => [s.id, s.title]));
}

export function toEnrollableCourses(courses: readonly Course[]): EnrollableCourse[] {
  return courses.map((c) => ({ id: c.id, title: c.title, plans: c.pricing_plans.map((p) => ({ id: p.id, name: p.name })) })).sort((a, b) => a.title.localeCompare(b.title));
}

export function toProfileEnrollment(enrollment: Enrollment, courses: ReadonlyMap<string, CourseFacts>): ProfileEnrollment {
  const course = courses.get(enrollment.course_id);
  const planId = enrollment.plan_id ?? null;
  return {
    ...toStudentEnrollment(enrollment),
    courseTitle: course?.title ?? enrollment.course_id,
    sectionTitle: enrollment.current_section_id === null ? null : (course?.sections?.get(enrollment.current_section_id) ?? null),
    planId,
    planName: planId === null ? null : (course?.plans.get(planId) ?? null),
    updatedAt: enrollment.updated_at ?? null,
  };
}

/** The student record's own facts the Student model leaves out: when it changed, and its page on the school's site. */
export function studentRecordFacts(person: Person): { updatedAt: string | null; url: string | null } {
  return { updatedAt: person.updated_at ?? null, url: person.url ?? null };
}

/** The stalled ones among a course's enrollments (isStalled at `now`), longest inactive first. */
export function toStalledLearners(enrollments: readonly Enrollment[], sections: ReadonlyMap<string, string> | null, now: number): StalledLearner[] {
  const out: StalledLearner[] = [];
  for (const e of enrollments) {
    const model = toStudentEnrollment(e);
    if (!isStalled(model, now)) continue;
    out.push({
      studentId: e.student_id,
      name: e.student?.name ?? e.student_id,
      email: e.student?.email ?? '',
      enrollmentId: e.id,
      progress: e.progress,
      sectionId: e.current_section_id,
      sectionTitle: e.current_section_id === null ? null : (sections?.get(e.current_section_id) ?? null),
      lastActivityAt: e.last_activity_at,
      daysSinceActive: Math.max(0, daysSinceActive(model, now)),
    });
  }
  return out.sort((a, b) => b.daysSinceActive - a.daysSinceActive || a.name.localeCompare(b.name));
}
