// What the People screens show beyond shared/model/people.ts (camelCase, the app's own model): a student's
// profile, a course's stalled learners and the members list. Mapped from platform payloads in one place:
// electron/services/platform/people-profile-mapping.ts.
import { z } from 'zod';
import { CurrencyTotals } from './orders';
import { MemberView, SubscriptionView } from './money';
import { Order } from './orders';
import { Student, StudentEnrollment } from './people';

const id = z.string().min(1).max(256);
const isoTime = z.iso.datetime({ offset: true });

/** One tag as the platform accepts it (the same rule the sandbox's PATCH checks). */
export const StudentTag = z.string().trim().min(1, 'A tag cannot be empty.').max(40, 'A tag has at most 40 characters.');
export const StudentTags = z.array(StudentTag).max(20, 'A student has at most 20 tags.');

export const ProfileEnrollment = StudentEnrollment.extend({
  courseTitle: z.string(),
  /** The title of the section they reached last (currentSectionId), when the curriculum could be read. */
  sectionTitle: z.string().nullable(),
  planId: id.nullable(),
  planName: z.string().nullable(),
  updatedAt: isoTime.nullable(),
});
export type ProfileEnrollment = z.infer<typeof ProfileEnrollment>;

/** A course the admin can enroll someone in, with its plans. */
export const EnrollableCourse = z.object({ id, title: z.string(), plans: z.array(z.object({ id, name: z.string() })) });
export type EnrollableCourse = z.infer<typeof EnrollableCourse>;

export const StudentProfile = z.object({
  student: Student,
  updatedAt: isoTime.nullable(),
  /** The student's page on the school's site; null when the platform gives none. */
  url: z.string().nullable(),
  enrollments: z.array(ProfileEnrollment),
  /** Their orders, newest paid first, from the orders the data engine has synced (the app's one Order). */
  orders: z.array(Order),
  /** How many orders match in all (orders lists at most the newest 200). */
  ordersTotal: z.int().nonnegative(),
  orderTotals: z.array(CurrencyTotals),
  /** Null when the subscriptions could not be read (no subscriptions:read or members:read granted). */
  subscriptions: z.array(SubscriptionView).nullable(),
  courses: z.array(EnrollableCourse),
});
export type StudentProfile = z.infer<typeof StudentProfile>;

export const StalledLearner = z.object({
  studentId: id,
  name: z.string(),
  email: z.string(),
  enrollmentId: id,
  progress: z.number().min(0).max(1),
  sectionId: id.nullable(),
  /** Null when they never started. */
  sectionTitle: z.string().nullable(),
  lastActivityAt: isoTime.nullable(),
  daysSinceActive: z.int().nonnegative(),
});
export type StalledLearner = z.infer<typeof StalledLearner>;

export const StalledLearners = z.object({
  courseId: id,
  courseTitle: z.string(),
  /** The moment "stalled" was judged at. */
  asOf: isoTime,
  enrollments: z.int().nonnegative(),
  /** Longest inactive first. */
  learners: z.array(StalledLearner),
});
export type StalledLearners = z.infer<typeof StalledLearners>;

export const MembersList = z.object({
  members: z.array(MemberView),
});
export type MembersList = z.infer<typeof MembersList>;
