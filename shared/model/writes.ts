// Every write the app makes to the platform, as one request type: what the renderer asks, what the main
// process sends (or keeps in the outbox), logs and undoes. describeWrite() gives the words both sides use:
// the confirmation that names the record, the message once done, the activity log's line.
import { z } from 'zod';
import { ExplorerAreaId, FieldValue, ScopeName, type EXPLORER_AREAS } from './explorer';
import { CouponDraft } from './money';
import { EventFields } from './events';
import { StudentTag, StudentTags } from './student-profile';
import type { Scope } from '../scopes';

const id = z.string().min(1).max(256);
const isoTime = z.iso.datetime({ offset: true });
/** The record's name as the admin saw it (a course title, a coupon code, a member's name), for the words. */
const name = z.string().min(1).max(300);
/** The record's updated_at as the admin saw it: a queued write is not sent if the record changed since. Null: unknown. */
const seen = isoTime.nullable();

export const WriteRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('course.setPublished'), courseId: id, title: name, published: z.boolean(), seenUpdatedAt: seen }).strict(),
  z.object({ kind: z.literal('coupon.create'), draft: CouponDraft }).strict(),
  z.object({ kind: z.literal('coupon.setEnabled'), couponId: id, code: name, enabled: z.boolean(), seenUpdatedAt: seen }).strict(),
  z.object({ kind: z.literal('subscription.cancel'), subscriptionId: id, memberName: name, atPeriodEnd: z.boolean(), seenUpdatedAt: seen }).strict(),
  /** `title`: the event's title as the admin saw it; `previous`: the same fields as they were, for Undo. */
  z.object({ kind: z.literal('event.update'), eventId: id, title: name, changes: EventFields, previous: EventFields, seenUpdatedAt: seen }).strict(),
  // People (shared/model/people.ts): a student's tags, all at once (the profile) or one added (bulk); enroll and unenroll.
  z.object({ kind: z.literal('student.setTags'), studentId: id, studentName: name, tags: StudentTags, previousTags: StudentTags, seenUpdatedAt: seen }).strict(),
  z.object({ kind: z.literal('student.addTag'), studentId: id, studentName: name, tag: StudentTag }).strict(),
  z.object({ kind: z.literal('student.enroll'), studentId: id, studentName: name, courseId: id, courseTitle: name, planId: id.nullable(), planName: name.nullable() }).strict(),
  z.object({
    kind: z.literal('student.unenroll'),
    studentId: id,
    studentName: name,
    enrollmentId: id,
    courseId: id,
    courseTitle: name,
    /** To enroll them again on the same plan (Undo); null: free access or not known. */
    planId: id.nullable(),
    planName: name.nullable(),
    /** 0..1, for the confirmation's words about what is lost. */
    progress: z.number().min(0).max(1),
    seenUpdatedAt: seen,
  }).strict(),
  // The explorer's edit of one record of an area (a PATCH the platform's /openapi.json describes). `previous`
  // holds the changed fields' values before, for Undo and for the outbox's check when the record has no
  // updated_at. `scope` is the document's; the main process refuses it when the document says otherwise.
  z.object({
    kind: z.literal('record.update'),
    area: ExplorerAreaId,
    recordId: id.nullable(),
    name,
    changes: z.record(z.string().min(1).max(100), FieldValue).refine((c) => Object.keys(c).length > 0 && Object.keys(c).length <= 50, 'one to 50 fields'),
    previous: z.record(z.string().min(1).max(100), FieldValue),
    scope: ScopeName,
    seenUpdatedAt: seen,
  }).strict(),
]);
export type WriteRequest = z.infer<typeof WriteRequest>;

interface WriteWords {
  /** The button and the confirmation's action: "Unpublish". */
  verb: string;
  /** The confirmation's title, naming the record: 'Unpublish "Watercolour basics"?' */
  question: string;
  /** What will happen, for the confirmation. */
  consequence: string;
  /** Once done: 'Unpublished "Watercolour basics"'. */
  done: string;
  /** The activity log's line and the outbox's: 'Unpublish "Watercolour basics"'. */
  summary: string;
  /** Before the platform's reason when it refuses: 'Could not unpublish "Watercolour basics"'. */
  failed: string;
  /** Destructive or visible to learners: confirm first. */
  confirm: boolean;
  /** The scope the platform wants for it. */
  scope: Scope;
  /** The record it touches (null for a create). */
  target: { type: 'course' | 'coupon' | 'subscription' | 'event' | 'student' | 'enrollment' | RecordNoun; id: string; name: string } | null;
}

const q = (text: string) => `“${text}”`;

/** What one record of an explorer area is called in the words of a write: "post", "membership plan". */
const RECORD_NOUNS = {
  school: 'school', appearance: 'appearance', posts: 'post', pages: 'page', digital_products: 'digital product', forms: 'form',
  lecturers: 'lecturer', membership_plans: 'membership plan', curriculum: 'curriculum section', account: 'account', storage: 'upload',
} as const satisfies Record<(typeof EXPLORER_AREAS)[number]['id'], string>;
type RecordNoun = (typeof RECORD_NOUNS)[keyof typeof RECORD_NOUNS];

/** The admin's own account is not seen by learners: every other explorer change is, so it is confirmed first. */
const UNSEEN_BY_LEARNERS = new Set(['account']);

export function describeWrite(request: WriteRequest): WriteWords {
  const words = wordsOf(request);
  return { ...words, failed: `Could not ${words.summary.charAt(0).toLowerCase()}${words.summary.slice(1)}` };
}

function wordsOf(request: WriteRequest): Omit<WriteWords, 'failed'> {
  switch (request.kind) {
    case 'course.setPublished': {
      const t = q(request.title);
      const target = { type: 'course' as const, id: request.courseId, name: request.title };
      return request.published
        ? { verb: 'Publish', question: `Publish ${t}?`, consequence: 'Learners will see the course on your school and can buy or enroll in it.', done: `Published ${t}`, summary: `Publish course ${t}`, confirm: true, scope: 'courses:write', target }
        : { verb: 'Unpublish', question: `Unpublish ${t}?`, consequence: 'The course is hidden from your school: new learners cannot find or buy it. Enrolled learners and their progress stay.', done: `Unpublished ${t}`, summary: `Unpublish course ${t}`, confirm: true, scope: 'courses:write', target };
    }
    case 'coupon.create': {
      const t = q(request.draft.code);
      return { verb: 'Create', question: `Create coupon ${t}?`, consequence: 'Buyers can use the code as soon as it starts.', done: `Created coupon ${t}`, summary: `Create coupon ${t}`, confirm: false, scope: 'coupons:write', target: null };
    }
    case 'coupon.setEnabled': {
      const t = q(request.code);
      const target = { type: 'coupon' as const, id: request.couponId, name: request.code };
      return request.enabled
        ? { verb: 'Enable', question: `Enable coupon ${t}?`, consequence: 'Buyers can use the code again, within its dates and limits.', done: `Enabled coupon ${t}`, summary: `Enable coupon ${t}`, confirm: true, scope: 'coupons:write', target }
        : { verb: 'Disable', question: `Disable coupon ${t}?`, consequence: 'Buyers can no longer use the code. Orders that already used it keep their discount.', done: `Disabled coupon ${t}`, summary: `Disable coupon ${t}`, confirm: true, scope: 'coupons:write', target };
    }
    case 'subscription.cancel': {
      const t = q(request.memberName);
      const target = { type: 'subscription' as const, id: request.subscriptionId, name: request.memberName };
      return request.atPeriodEnd
        ? { verb: 'Cancel at period end', question: `Cancel ${t}'s subscription at the end of the period?`, consequence: 'They keep access until the current period ends and are not charged again. The platform cannot undo this from the app.', done: `${t}'s subscription will end with the current period`, summary: `Cancel ${t}'s subscription at period end`, confirm: true, scope: 'subscriptions:write', target }
        : { verb: 'Cancel now', question: `Cancel ${t}'s subscription now?`, consequence: 'It ends immediately: they lose access today and are not charged again. This cannot be undone.', done: `Canceled ${t}'s subscription`, summary: `Cancel ${t}'s subscription now`, confirm: true, scope: 'subscriptions:write', target };
    }
    case 'event.update': {
      const t = q(request.title);
      const target = { type: 'event' as const, id: request.eventId, name: request.title };
      const what = changedParts(request.changes);
      return {
        verb: 'Save changes',
        question: `Change event ${t}?`,
        consequence: `Its ${what} changes on your school's site, where ticket buyers and visitors see it.`,
        done: `Changed event ${t}: ${what}`,
        summary: `Change event ${t}: ${what}`,
        confirm: true,
        scope: 'events:write',
        target,
      };
    }
    case 'student.setTags': {
      const t = q(request.studentName);
      const tags = request.tags.length === 0 ? 'no tags' : request.tags.map(q).join(', ');
      const target = { type: 'student' as const, id: request.studentId, name: request.studentName };
      return { verb: 'Save tags', question: `Change ${t}'s tags?`, consequence: `Their tags become ${tags}. Learners do not see tags.`, done: `Saved ${t}'s tags`, summary: `Set ${t}'s tags to ${tags}`, confirm: false, scope: 'students:write', target };
    }
    case 'student.addTag': {
      const t = q(request.studentName);
      const target = { type: 'student' as const, id: request.studentId, name: request.studentName };
      return { verb: 'Tag', question: `Tag ${t} ${q(request.tag)}?`, consequence: 'The tag is added to their others. Learners do not see tags.', done: `Tagged ${t} ${q(request.tag)}`, summary: `Tag ${t} ${q(request.tag)}`, confirm: false, scope: 'students:write', target };
    }
    case 'student.enroll': {
      const t = q(request.studentName);
      const c = q(request.courseTitle);
      const how = request.planName === null ? 'with free access' : `on the plan ${q(request.planName)}`;
      const target = { type: 'student' as const, id: request.studentId, name: request.studentName };
      return { verb: 'Enroll', question: `Enroll ${t} in ${c}?`, consequence: `They get access to the course ${how} at once; nothing is charged. Their progress starts at zero.`, done: `Enrolled ${t} in ${c}`, summary: `Enroll ${t} in ${c} ${how}`, confirm: true, scope: 'students:write', target };
    }
    case 'student.unenroll': {
      const t = q(request.studentName);
      const c = q(request.courseTitle);
      const pct = Math.round(request.progress * 100);
      const lost =
        pct > 0
          ? `Their progress (${pct}% of the lectures, and where they stopped) is deleted with the enrollment: enrolling them again, or Undo, starts them from zero.`
          : 'They had no progress to lose; enrolling them again (Undo) gives the access back.';
      const target = { type: 'enrollment' as const, id: request.enrollmentId, name: `${request.studentName} in ${request.courseTitle}` };
      return { verb: 'Unenroll', question: `Unenroll ${t} from ${c}?`, consequence: `They lose access to the course at once. ${lost}`, done: pct > 0 ? `Unenrolled ${t} from ${c}. Undo enrolls them again, but their progress starts from zero.` : `Unenrolled ${t} from ${c}`, summary: `Unenroll ${t} from ${c}`, confirm: true, scope: 'students:write', target };
    }
    case 'record.update': {
      const noun = RECORD_NOUNS[request.area];
      const t = q(request.name);
      const fields = Object.keys(request.changes).map((f) => f.replace(/[_-]+/g, ' ')).join(', ');
      const seen = !UNSEEN_BY_LEARNERS.has(request.area);
      return {
        verb: 'Save',
        question: `Save the changes to ${noun} ${t}?`,
        consequence: `Changes ${fields}.${seen ? ' Learners see the change on your school right away.' : ''}`,
        done: `Saved ${noun} ${t} (${fields})`,
        summary: `Change ${noun} ${t}: ${fields}`,
        confirm: seen,
        scope: request.scope,
        target: { type: noun, id: request.recordId ?? request.area, name: request.name },
      };
    }
  }
}

/**
 * The write that takes this one back, once it is done, where the platform has one: publish ↔ unpublish,
 * disable ↔ enable, an event's fields ↔ their previous values, a student's tags ↔ their previous tags, enroll ↔
 * unenroll (the progress an unenroll deleted does not come back). `recordId` is the id the write answered (a new
 * enrollment's). A coupon cannot be deleted and a cancellation cannot be withdrawn: no undo for those.
 * `updatedAt` is the record's updated_at after the write, so an undo made later refuses if it changed again.
 */
export function inverseOf(request: WriteRequest, updatedAt: string | null, recordId: string | null = null): WriteRequest | null {
  switch (request.kind) {
    case 'student.setTags':
      return { ...request, tags: request.previousTags, previousTags: request.tags, seenUpdatedAt: updatedAt };
    case 'student.enroll':
      // The new enrollment has no progress yet, so unenrolling it loses nothing.
      return recordId === null
        ? null
        : { kind: 'student.unenroll', studentId: request.studentId, studentName: request.studentName, enrollmentId: recordId, courseId: request.courseId, courseTitle: request.courseTitle, planId: request.planId, planName: request.planName, progress: 0, seenUpdatedAt: updatedAt };
    case 'student.unenroll':
      // Enrolls them again on the same plan; the progress the unenroll deleted does not come back (its words say so).
      return { kind: 'student.enroll', studentId: request.studentId, studentName: request.studentName, courseId: request.courseId, courseTitle: request.courseTitle, planId: request.planId, planName: request.planName };
    case 'student.addTag':
      // Whether the student had the tag before is not known here: removing it could take away one they had.
      return null;
    case 'course.setPublished':
      return { ...request, published: !request.published, seenUpdatedAt: updatedAt };
    case 'coupon.setEnabled':
      return { ...request, enabled: !request.enabled, seenUpdatedAt: updatedAt };
    case 'event.update':
      // PATCH the previous values back; the record is named by the title it has after the change.
      return { ...request, title: request.changes.title ?? request.title, changes: request.previous, previous: request.changes, seenUpdatedAt: updatedAt };
    case 'record.update': {
      // Undo PATCHes back the changed fields' previous values (those the record had; a field it lacked cannot be put back).
      const back = Object.fromEntries(Object.keys(request.changes).filter((k) => Object.hasOwn(request.previous, k)).map((k) => [k, request.previous[k]!]));
      if (Object.keys(back).length === 0) return null;
      const forward = Object.fromEntries(Object.keys(back).map((k) => [k, request.changes[k]!]));
      // When the change renamed the record (the field its name came from), the undo names it as it is now.
      const nameField = Object.keys(back).find((k) => back[k] === request.name && typeof forward[k] === 'string' && (forward[k] as string).trim() !== '');
      const name = nameField ? (forward[nameField] as string).slice(0, 300) : request.name;
      return { ...request, name, changes: back, previous: forward, seenUpdatedAt: updatedAt };
    }
    case 'coupon.create':
    case 'subscription.cancel':
      return null;
  }
}

/** "title, time and capacity": which parts of an event a change touches, in words. */
function changedParts(changes: EventFields): string {
  const parts: string[] = [];
  if (changes.title !== undefined) parts.push('title');
  if (changes.startsAt !== undefined || changes.endsAt !== undefined) parts.push('time');
  if (changes.capacities !== undefined && changes.capacities.length > 0) parts.push('capacity');
  if (parts.length === 0) return 'nothing';
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** A record's version on the platform now, for the outbox's conflict check: its last change, or gone. */
export type CurrentRecord = { kind: 'found'; updatedAt: string | null } | { kind: 'gone' };
