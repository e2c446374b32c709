// What the write service decides about a write in the app's terms: whether it has a version to compare,
// whether an outbox edit still names the same record, which record it changes, and how a second change to a
// record joins the one still waiting for it. How a write is sent to the platform (operation, path,
// body, the current version's read) is the platform adapter's: platform/writes-platform.ts.
import { describeWrite, inverseOf, type WriteRequest } from '../../../shared/model/writes';

/** What the admin saw of the record when they made the change (null: nothing to compare). */
export function seenUpdatedAtOf(request: WriteRequest): string | null {
  return request.kind === 'coupon.create' || request.kind === 'student.addTag' || request.kind === 'student.removeTag' || request.kind === 'student.enroll' ? null : request.seenUpdatedAt;
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
    case 'student.removeTag':
      return b.kind === a.kind && b.studentId === a.studentId;
    case 'student.enroll':
      return b.kind === a.kind && b.studentId === a.studentId;
    case 'student.unenroll':
      return b.kind === a.kind && b.enrollmentId === a.enrollmentId;
    case 'coupon.create':
      return true;
  }
}

/** The record a write changes, as one key ("coupon:cpn_1_3"); null for a create (no record yet). */
export function recordKeyOf(request: WriteRequest): string | null {
  const target = describeWrite(request).target;
  return target ? `${target.type}:${target.id}` : null;
}

type QueuedMerge = { kind: 'merged'; request: WriteRequest } | { kind: 'cancelled' };

/**
 * A second change to a record whose first change still waits in the outbox: one waiting change that does
 * both (the admin's last word on each field, checked against the version they saw before the first), or
 * nothing at all when the second takes the first back (Disable, then Enable). Null: they stay two changes
 * (a coupon create; tags added one after another; enrollments in two courses).
 */
export function mergeQueued(first: WriteRequest, second: WriteRequest): QueuedMerge | null {
  if (first.kind === 'coupon.create' || !sameTarget(first, second)) return null;
  const takesBack = inverseOf(first, null);
  if (takesBack && sameChange(takesBack, second)) return { kind: 'cancelled' };
  switch (first.kind) {
    case 'course.setPublished':
    case 'coupon.setEnabled':
    case 'subscription.cancel':
    case 'student.unenroll':
      // The same record, the same kind: the later one says what the admin wants now.
      return { kind: 'merged', request: { ...second, seenUpdatedAt: first.seenUpdatedAt } as WriteRequest };
    case 'student.setTags': {
      const next = second as typeof first;
      if (sameList(next.tags, first.previousTags)) return { kind: 'cancelled' };
      return { kind: 'merged', request: { ...next, previousTags: first.previousTags, seenUpdatedAt: first.seenUpdatedAt } };
    }
    case 'student.addTag':
    case 'student.removeTag':
      return sameChange(first, second) ? { kind: 'merged', request: first } : null;
    case 'student.enroll':
      return (second as typeof first).courseId === first.courseId ? { kind: 'merged', request: second } : null;
    case 'event.update': {
      const next = second as typeof first;
      const capacities = mergeCapacities(first.changes.capacities, next.changes.capacities);
      const changes = { ...first.changes, ...next.changes, ...(capacities ? { capacities } : {}) };
      // The old values are the first change's, where it had any (they are what Undo puts back).
      const before = mergeCapacities(next.previous.capacities, first.previous.capacities);
      const previous = { ...next.previous, ...first.previous, ...(before ? { capacities: before } : {}) };
      return { kind: 'merged', request: { ...next, title: first.title, changes, previous, seenUpdatedAt: first.seenUpdatedAt } };
    }
    case 'record.update': {
      const next = second as typeof first;
      return { kind: 'merged', request: { ...next, name: first.name, changes: { ...first.changes, ...next.changes }, previous: { ...next.previous, ...first.previous }, seenUpdatedAt: first.seenUpdatedAt } };
    }
  }
}

/** Two requests asking for the same thing, whatever version each was made against. */
function sameChange(a: WriteRequest, b: WriteRequest): boolean {
  const strip = (r: WriteRequest) => JSON.stringify({ ...r, seenUpdatedAt: null, hadTag: null });
  return strip(a) === strip(b);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, k) => x === b[k]);
}

type Capacities = { ticketTypeId: string; capacity: number }[] | undefined;
/** Per ticket type, the later capacity wins. */
function mergeCapacities(first: Capacities, second: Capacities): Capacities {
  if (!first && !second) return undefined;
  const byType = new Map<string, number>();
  for (const c of first ?? []) byType.set(c.ticketTypeId, c.capacity);
  for (const c of second ?? []) byType.set(c.ticketTypeId, c.capacity);
  return [...byType].map(([ticketTypeId, capacity]) => ({ ticketTypeId, capacity }));
}
