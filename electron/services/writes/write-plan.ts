// What the write service decides about a write in the app's terms: whether it has a version to compare, and
// whether an outbox edit still names the same record. How a write is sent to the platform (operation, path,
// body, the current version's read) is the platform adapter's: platform/writes-platform.ts.
import type { WriteRequest } from '../../../shared/model/writes';

/** What the admin saw of the record when they made the change (null: nothing to compare). */
export function seenUpdatedAtOf(request: WriteRequest): string | null {
  return request.kind === 'coupon.create' || request.kind === 'student.addTag' || request.kind === 'student.enroll' ? null : request.seenUpdatedAt;
}

/** Whether an edited request still names the same record as the original (an outbox edit may not retarget it). */
export function sameTarget(a: WriteRequest, b: WriteRequest): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'course.setPublished':
      return b.kind === a.kind && b.courseId === a.courseId;
    case 'coupon.setEnabled':
      return b.kind === a.kind && b.couponId === a.couponId;
    case 'record.update':
      return b.kind === a.kind && b.area === a.area && b.recordId === a.recordId;
    case 'subscription.cancel':
      return b.kind === a.kind && b.subscriptionId === a.subscriptionId;
    case 'event.update':
      return b.kind === a.kind && b.eventId === a.eventId;
    case 'student.setTags':
    case 'student.addTag':
      return b.kind === a.kind && b.studentId === a.studentId;
    case 'student.enroll':
      return b.kind === a.kind && b.studentId === a.studentId;
    case 'student.unenroll':
      return b.kind === a.kind && b.enrollmentId === a.enrollmentId;
    case 'coupon.create':
      return true;
  }
}
