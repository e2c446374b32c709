// The one place where the platform's student and enrollment payloads (snake_case, as the API sends them)
// become the app's model (shared/model/people.ts): nothing else reads those payloads.
import type { Student, StudentEnrollment } from '../../../shared/model/people';
import type { Enrollment, Person } from '../../../shared/platform/resources';

export function toStudent(person: Person): Student {
  return { id: person.id, name: person.name, email: person.email, joinedAt: person.created_at, tags: [...person.tags] };
}

export function toStudentEnrollment(enrollment: Enrollment): StudentEnrollment {
  return {
    id: enrollment.id,
    studentId: enrollment.student_id,
    courseId: enrollment.course_id,
    enrolledAt: enrollment.enrolled_at,
    progress: enrollment.progress,
    completedAt: enrollment.completed_at,
    lastActivityAt: enrollment.last_activity_at,
    currentSectionId: enrollment.current_section_id,
  };
}
