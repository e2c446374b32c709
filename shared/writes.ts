// Every write the app makes to the platform, as one request type: what the renderer asks, what the main
// process sends (or keeps in the outbox), logs and undoes. describeWrite() gives the words both sides use:
// the confirmation that names the record, the message once done, the activity log's line.
import { z } from 'zod';
import { ExplorerAreaId, FieldValue, ScopeName, type EXPLORER_AREAS } from './explorer';
import { CouponDraft } from './model/money';
import type { Scope } from './scopes';

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
export type WriteKind = WriteRequest['kind'];

export interface WriteWords {
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
  target: { type: 'course' | 'coupon' | 'subscription' | RecordNoun; id: string; name: string } | null;
}

const q = (text: string) => `“${text}”`;

/** What one record of an explorer area is called in the words of a write: "post", "membership plan". */
export const RECORD_NOUNS = {
  school: 'school', appearance: 'appearance', posts: 'post', pages: 'page', digital_products: 'digital product', forms: 'form',
  lecturers: 'lecturer', membership_plans: 'membership plan', curriculum: 'curriculum section', account: 'account', storage: 'upload',
} as const satisfies Record<(typeof EXPLORER_AREAS)[number]['id'], string>;
export type RecordNoun = (typeof RECORD_NOUNS)[keyof typeof RECORD_NOUNS];

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
 * disable ↔ enable. A coupon cannot be deleted and a cancellation cannot be withdrawn: no undo for those.
 * `updatedAt` is the record's updated_at after the write, so an undo made later refuses if it changed again.
 */
export function inverseOf(request: WriteRequest, updatedAt: string | null): WriteRequest | null {
  switch (request.kind) {
    case 'course.setPublished':
      return { ...request, published: !request.published, seenUpdatedAt: updatedAt };
    case 'coupon.setEnabled':
      return { ...request, enabled: !request.enabled, seenUpdatedAt: updatedAt };
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
