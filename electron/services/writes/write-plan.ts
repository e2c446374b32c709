// How each write of shared/writes.ts is sent: the platform operation, its path and body, how to read the
// record's current version (for the outbox's conflict check) and what the answer says about the record.
import { z } from 'zod';
import type { OperationId } from '../../../shared/platform/endpoints';
import { Coupon, Course, Enrollment, Person, SchoolEvent, Subscription } from '../../../shared/platform/resources';
import type { WriteRequest } from '../../../shared/writes';
import { toCouponBody } from '../platform/money-mapping';
import { toEventPatch } from '../platform/events-mapping';

/** Only what the plan needs of a record: its id and when it last changed. */
const Versioned = z.object({ id: z.string(), updated_at: z.string().nullable().optional() });

export interface WritePlan {
  operation: OperationId;
  path: Record<string, string>;
  body?: unknown;
  /** The answer's schema (the platform's record). */
  schema: z.ZodType;
  /** Reads the record as it is now, for comparing its updated_at; null for a create. */
  current: { operation: OperationId; path: Record<string, string> } | null;
}

/** The explorer's record.update is planned by its own adapter (platform/openapi-explorer.ts), from the platform's document. */
export type PlannedWrite = Exclude<WriteRequest, { kind: 'record.update' }>;

export function planWrite(request: PlannedWrite): WritePlan {
  switch (request.kind) {
    case 'course.setPublished': {
      const path = { course_id: request.courseId };
      return { operation: request.published ? 'publishCourse' : 'unpublishCourse', path, schema: Course, current: { operation: 'getCourse', path } };
    }
    case 'coupon.create':
      return { operation: 'createCoupon', path: {}, body: toCouponBody(request.draft), schema: Coupon, current: null };
    case 'coupon.setEnabled': {
      const path = { coupon_id: request.couponId };
      return { operation: request.enabled ? 'enableCoupon' : 'disableCoupon', path, schema: Coupon, current: { operation: 'getCoupon', path } };
    }
    case 'subscription.cancel': {
      const path = { subscription_id: request.subscriptionId };
      return { operation: 'cancelSubscription', path, body: { at_period_end: request.atPeriodEnd }, schema: Subscription, current: { operation: 'getSubscription', path } };
    }
    case 'event.update': {
      const path = { event_id: request.eventId };
      return { operation: 'updateEvent', path, body: toEventPatch(request.changes), schema: SchoolEvent, current: { operation: 'getEvent', path } };
    }
    case 'student.setTags': {
      const path = { student_id: request.studentId };
      return { operation: 'updateStudent', path, body: { tags: request.tags }, schema: Person, current: { operation: 'getStudent', path } };
    }
    case 'student.addTag': {
      // Added to whatever tags the student has on the platform: nothing to compare, nothing overwritten.
      const path = { student_id: request.studentId };
      return { operation: 'updateStudent', path, body: { add_tags: [request.tag] }, schema: Person, current: null };
    }
    case 'student.enroll':
      return { operation: 'enrollStudent', path: { student_id: request.studentId }, body: { course_id: request.courseId, plan_id: request.planId }, schema: Enrollment, current: null };
    case 'student.unenroll': {
      const path = { student_id: request.studentId, enrollment_id: request.enrollmentId };
      return { operation: 'unenrollStudent', path, schema: Enrollment, current: { operation: 'getStudentEnrollment', path } };
    }
  }
}

/** The record's id and updated_at from an answer of the platform (null when it has none). */
export function versionOf(record: unknown): { id: string | null; updatedAt: string | null } {
  const parsed = Versioned.safeParse(record);
  return parsed.success ? { id: parsed.data.id, updatedAt: parsed.data.updated_at ?? null } : { id: null, updatedAt: null };
}

export const VersionedRecord = Versioned;

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
