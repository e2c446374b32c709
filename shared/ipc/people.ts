// Part of the IPC contract (see shared/ipc.ts): a student's profile, a course's stalled learners and the
// members, in the app's own model (shared/model/student-profile.ts). Their changes (tags, enroll, unenroll)
// go through writes.perform (shared/ipc/writes.ts).
import { z } from 'zod';
import { EnrollableCourse, MembersList, StalledLearners, StudentProfile } from '../model/student-profile';
import { AccountId } from './accounts';
import { answerOf } from './data';
import { method } from './define';
import type { MethodDef } from './define';

const id = z.string().min(1).max(256);

export const peopleMethods = {
  'people.profile': method(
    z.object({ accountId: AccountId, studentId: id }).strict(),
    answerOf(StudentProfile),
    "One student: their enrollments with progress, last activity and the section reached (course titles), their orders from the loaded orders with totals per currency, their subscriptions (null without members:read or subscriptions:read), the courses they can be enrolled in with their plans, and their page on the school's site when the platform gives one.",
  ),
  'people.stalled': method(
    z.object({ accountId: AccountId, courseId: id }).strict(),
    answerOf(StalledLearners),
    "A course's stalled learners (shared/model/learning-status.ts): where they stopped (the section's title) and how many days ago they were last active, the most recently stalled first (needs students:read; section titles need curriculum:read).",
  ),
  'people.members': method(
    z.object({ accountId: AccountId }).strict(),
    answerOf(MembersList),
    'Every member with their subscriptions and the plans\' names (needs members:read and subscriptions:read; plan names need membership_plans:read).',
  ),
  'people.courses': method(
    z.object({ accountId: AccountId }).strict(),
    answerOf(z.array(EnrollableCourse)),
    'The courses students can be enrolled in, with their pricing plans, by title (needs courses:read).',
  ),
} satisfies Record<string, MethodDef>;
