// The writes' platform adapter: how each write of shared/model/writes.ts (an Undo is one too: shared/model/writes.ts
// inverseOf builds it in the app's terms) is sent — the platform operation, its path parameters, its body in
// the platform's shape — how the record's current version is read for the outbox's conflict check, and what
// an answer says about the record (its id and updated_at). The write service (writes/write-service.ts) keeps
// the outbox, confirmation, Undo and the activity log, and calls only sendWrite / readCurrentVersion / versionOf.
import { z } from 'zod';
import type { OperationId } from '../../../shared/platform/endpoints';
import { Coupon, Course, Enrollment, Person, SchoolEvent, Subscription } from '../../../shared/platform/resources';
import type { CurrentRecord, WriteRequest } from '../../../shared/model/writes';
import { isAppError } from '../../../shared/errors';
import type { PlatformCaller } from '../api/platform-caller';
import { toCouponBody } from './money-mapping';
import { toEventPatch } from './events-mapping';

/** Only what the plan needs of a record: its id and when it last changed. */
const Versioned = z.object({ id: z.string(), updated_at: z.string().nullable().optional() });

interface WritePlan {
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

/** A record as a write's answer describes it: its id and when it last changed (null when it does not say). */
export interface RecordVersion {
  id: string | null;
  updatedAt: string | null;
}

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

/** The record's id and updated_at from an answer of the platform (nulls when it has none). */
export function versionOf(record: unknown): RecordVersion {
  const parsed = Versioned.safeParse(record);
  return parsed.success ? { id: parsed.data.id, updatedAt: parsed.data.updated_at ?? null } : { id: null, updatedAt: null };
}

/** Sends one write; the answer's record as a version. */
export async function sendWrite(caller: PlatformCaller, accountId: string, request: PlannedWrite, signal?: AbortSignal): Promise<RecordVersion> {
  const plan = planWrite(request);
  const answer = await caller.call(accountId, plan.operation, plan.schema, {
    path: plan.path,
    ...(plan.body !== undefined ? { body: plan.body } : {}),
    ...(signal ? { signal } : {}),
  });
  return versionOf(answer);
}

/** The written record as it is on the platform now (gone: it no longer exists); null when the write has nothing to compare (a create). */
export async function readCurrentVersion(caller: PlatformCaller, accountId: string, request: PlannedWrite, signal?: AbortSignal): Promise<CurrentRecord | null> {
  const plan = planWrite(request);
  if (plan.current === null) return null;
  try {
    const record = await caller.call(accountId, plan.current.operation, Versioned.passthrough(), { path: plan.current.path, ...(signal ? { signal } : {}) });
    return { kind: 'found', updatedAt: versionOf(record).updatedAt };
  } catch (error) {
    if (isAppError(error) && error.code === 'not_found') return { kind: 'gone' };
    throw error;
  }
}
