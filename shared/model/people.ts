// The app's own model of students and their enrollments (camelCase), what the IPC contract speaks. Platform
// payloads (snake_case) are mapped into it in one place: electron/services/platform/people-mapping.ts.
import { z } from 'zod';

const id = z.string().min(1).max(256);
const isoTime = z.iso.datetime({ offset: true });

export const Student = z.object({
  id,
  name: z.string(),
  email: z.string(),
  joinedAt: isoTime,
  tags: z.array(z.string()),
});
export type Student = z.infer<typeof Student>;

export const StudentEnrollment = z.object({
  id,
  studentId: id,
  courseId: id,
  enrolledAt: isoTime,
  /** 0..1 */
  progress: z.number().min(0).max(1),
  completedAt: isoTime.nullable(),
  lastActivityAt: isoTime.nullable(),
  /** The section the learner reached last: where a stalled learner stopped. */
  currentSectionId: id.nullable(),
});
export type StudentEnrollment = z.infer<typeof StudentEnrollment>;
