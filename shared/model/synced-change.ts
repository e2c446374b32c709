// What a write the app made did to records the data engine keeps a synced copy of, in the app's model: the
// write service hands these to the engine right after the platform answered, so every screen showing the
// record (the Students list and its Tag filter, the learning figures, the subscription figures) shows the
// change at once instead of at the next sync; the next sync then confirms it. Made from the platform's
// answer by the writes' adapter (electron/services/platform/writes-platform.ts).
import type { SubscriptionRecord } from './analytics';
import type { Student, StudentEnrollment } from './people';

export type SyncedChange =
  /** The student as the platform holds it after the write (its tags). */
  | { kind: 'student'; student: Student }
  | { kind: 'enrollment.added'; enrollment: StudentEnrollment }
  | { kind: 'enrollment.removed'; enrollmentId: string }
  | { kind: 'subscription'; subscription: SubscriptionRecord };
