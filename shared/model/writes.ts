// Every write the app makes to the platform, as one request type: what the renderer asks, what the main
// process sends (or keeps in the outbox), logs and undoes. describeWrite() gives the words both sides use:
// the confirmation that names the record, the message once done, the activity log's line.
import { z } from 'zod';
import { ExplorerAreaId, FieldValue, ScopeName, type EXPLORER_AREAS } from './explorer';
import { CouponDraft } from './money';
import { describeDiscount } from './coupon-words';
import { EventFields } from './events';
import { StudentTag, StudentTags } from './student-profile';
import type { Scope } from '../scopes';
import { currentUiLocale, t } from '../i18n/i18n';
import type { writes as writesCatalogue } from '../i18n/en/writes';

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
  /** `title`: the event's title as the admin saw it; `previous`: the same fields as they were, for Undo and the
   *  confirmation's old → new; `ticketNames`: the changed ticket types' names, for its words (absent in older outboxes). */
  z.object({ kind: z.literal('event.update'), eventId: id, title: name, changes: EventFields, previous: EventFields, ticketNames: z.record(id, name).optional(), seenUpdatedAt: seen }).strict(),
  // People (shared/model/people.ts): a student's tags, all at once (the profile) or one added (bulk); enroll and unenroll.
  z.object({ kind: z.literal('student.setTags'), studentId: id, studentName: name, tags: StudentTags, previousTags: StudentTags, seenUpdatedAt: seen }).strict(),
  /** `hadTag`: whether the student had the tag before, as the app's copy says; false lets Undo remove it again. */
  z.object({ kind: z.literal('student.addTag'), studentId: id, studentName: name, tag: StudentTag, hadTag: z.boolean().optional() }).strict(),
  z.object({ kind: z.literal('student.removeTag'), studentId: id, studentName: name, tag: StudentTag }).strict(),
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
  /** The record it touches (null for a create). `type` is an identifier, the same in every language (nounOf names it). */
  target: { type: 'course' | 'coupon' | 'subscription' | 'event' | 'student' | 'enrollment' | RecordNoun; id: string; name: string } | null;
}

type TargetType = NonNullable<WriteWords['target']>['type'];

const q = (text: string) => t('writes:words.quoted', { text });

/** A list in the UI language: "title, time and capacity" / 「標題、時間和名額」. */
function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return t('writes:words.listLast', { rest: items.slice(0, -1).join(t('writes:words.listSeparator')), last: items.at(-1)! });
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * How the words say times: in the school's business time zone, named (the renderer knows it); UTC otherwise.
 * Words, dates, numbers and amounts follow the realm's UI language (shared/i18n/i18n.ts).
 */
export interface WriteWordsOptions {
  timeZone?: string;
}

/** "Dec 1, 2026, 08:00 (Asia/Taipei)" / "2026/12/01 08:00（Asia/Taipei）": an instant in the zone, the zone named. */
function timeIn(iso: string, timeZone: string): string {
  const { locale } = currentUiLocale();
  const day = /^zh\b/i.test(locale) ? { month: '2-digit', day: '2-digit' } as const : { month: 'short', day: 'numeric' } as const;
  const at = new Intl.DateTimeFormat(locale, { timeZone, year: 'numeric', ...day, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
  return t('writes:words.timeIn', { time: at, zone: timeZone });
}

function count(value: number): string {
  return value.toLocaleString(currentUiLocale().locale);
}

/** A coupon draft in one line: "10% off, every course, from Dec 1, 2026, 08:00 (Asia/Taipei), no end, 100 uses in total, 1 per buyer". */
export function describeDraft(draft: CouponDraft, { timeZone = 'UTC' }: WriteWordsOptions = {}): string {
  const { locale } = currentUiLocale();
  const off = describeDiscount(draft.discount, locale);
  const courses = draft.courseIds.length === 0 ? t('writes:words.draft.everyCourse') : t('writes:words.draft.courses', { count: draft.courseIds.length });
  const parts = [
    off,
    courses,
    draft.startsAt ? t('writes:words.draft.from', { time: timeIn(draft.startsAt, timeZone) }) : t('writes:words.draft.fromNow'),
    draft.endsAt ? t('writes:words.draft.until', { time: timeIn(draft.endsAt, timeZone) }) : t('writes:words.draft.noEnd'),
  ];
  if (draft.usageLimit !== null) parts.push(t('writes:words.draft.usageLimit', { limit: count(draft.usageLimit) }));
  if (draft.perBuyerLimit !== null) parts.push(t('writes:words.draft.perBuyerLimit', { limit: count(draft.perBuyerLimit) }));
  return capitalised(parts.join(t('writes:words.listSeparator')));
}

/** What one record of an explorer area is called (an identifier: its words are `nounOf`'s). */
const RECORD_NOUNS = {
  school: 'school', appearance: 'appearance', posts: 'post', pages: 'page', digital_products: 'digital product', forms: 'form',
  lecturers: 'lecturer', membership_plans: 'membership plan', curriculum: 'curriculum section', account: 'account', storage: 'upload',
} as const satisfies Record<(typeof EXPLORER_AREAS)[number]['id'], string>;
type RecordNoun = (typeof RECORD_NOUNS)[keyof typeof RECORD_NOUNS];

const NOUN_KEYS = {
  course: 'course', coupon: 'coupon', subscription: 'subscription', event: 'event', student: 'student', enrollment: 'enrollment',
  school: 'school', appearance: 'appearance', post: 'post', page: 'page', 'digital product': 'digitalProduct', form: 'form',
  lecturer: 'lecturer', 'membership plan': 'membershipPlan', 'curriculum section': 'curriculumSection', account: 'account', upload: 'upload',
} as const satisfies Record<TargetType, string>;

/** A record's kind in the UI language: "membership plan" / 「會員方案」. */
export function nounOf(type: TargetType): string {
  return t(`writes:words.nouns.${NOUN_KEYS[type]}`);
}

/** A record named in a sentence: "Course “Watercolour basics”" / 「課程「水彩入門」」; "The record" when none is known. */
export function recordInWords(target: WriteWords['target']): string {
  return capitalised(target ? t('writes:words.record', { noun: nounOf(target.type), name: q(target.name) }) : t('writes:words.someRecord'));
}

/** The admin's own account is not seen by learners: every other explorer change is, so it is confirmed first. */
const UNSEEN_BY_LEARNERS = new Set(['account']);

export function describeWrite(request: WriteRequest, options: WriteWordsOptions = {}): WriteWords {
  const words = wordsOf(request, options);
  return { ...words, failed: t('writes:words.failed', { summary: `${words.summary.charAt(0).toLowerCase()}${words.summary.slice(1)}` }) };
}

type Sentences = Pick<WriteWords, 'verb' | 'question' | 'consequence' | 'done' | 'summary'>;
type CatalogueWords = (typeof writesCatalogue)['words'];
/** The catalogue's sets of a write's five sentences (`words.publish`, `words.cancelNow`…). */
type SentenceSet = { [K in keyof CatalogueWords]: CatalogueWords[K] extends Record<keyof Sentences, string> ? K : never }[keyof CatalogueWords];

/** A write's five sentences from its set in the catalogue, with the same values for each. */
function sentences(set: SentenceSet, values: { name: string; draft?: string; tags?: string; previous?: string; tag?: string }): Sentences {
  // One set's keys stand for all: SentenceSet guarantees each set has the five.
  const say = (part: keyof Sentences) => t(`writes:words.${set}.${part}` as 'writes:words.publish.question', values);
  return { verb: say('verb'), question: say('question'), consequence: say('consequence'), done: say('done'), summary: say('summary') };
}

function wordsOf(request: WriteRequest, options: WriteWordsOptions): Omit<WriteWords, 'failed'> {
  switch (request.kind) {
    case 'course.setPublished': {
      const target = { type: 'course' as const, id: request.courseId, name: request.title };
      return { ...sentences(request.published ? 'publish' : 'unpublish', { name: q(request.title) }), confirm: true, scope: 'courses:write', target };
    }
    case 'coupon.create':
      // Confirmed like every write, saying what the coupon will be (the form's values, summed up).
      return { ...sentences('couponCreate', { name: q(request.draft.code), draft: describeDraft(request.draft, options) }), confirm: true, scope: 'coupons:write', target: null };
    case 'coupon.setEnabled': {
      const target = { type: 'coupon' as const, id: request.couponId, name: request.code };
      return { ...sentences(request.enabled ? 'couponEnable' : 'couponDisable', { name: q(request.code) }), confirm: true, scope: 'coupons:write', target };
    }
    case 'subscription.cancel': {
      const target = { type: 'subscription' as const, id: request.subscriptionId, name: request.memberName };
      return { ...sentences(request.atPeriodEnd ? 'cancelAtPeriodEnd' : 'cancelNow', { name: q(request.memberName) }), confirm: true, scope: 'subscriptions:write', target };
    }
    case 'event.update': {
      const name = q(request.title);
      const target = { type: 'event' as const, id: request.eventId, name: request.title };
      const what = changedParts(request.changes);
      return {
        verb: t('writes:words.changeEvent.verb'),
        question: t('writes:words.changeEvent.question', { name }),
        consequence: t('writes:words.changeEvent.consequence', { changes: eventChanges(request, options) }),
        done: t('writes:words.changeEvent.done', { name, what }),
        summary: t('writes:words.changeEvent.summary', { name, what }),
        confirm: true,
        scope: 'events:write',
        target,
      };
    }
    case 'student.setTags': {
      const tagList = (list: readonly string[]) => (list.length === 0 ? t('writes:words.setTags.noTags') : list.map(q).join(t('writes:words.listSeparator')));
      const target = { type: 'student' as const, id: request.studentId, name: request.studentName };
      return { ...sentences('setTags', { name: q(request.studentName), tags: tagList(request.tags), previous: tagList(request.previousTags) }), confirm: true, scope: 'students:write', target };
    }
    case 'student.addTag':
    case 'student.removeTag': {
      const target = { type: 'student' as const, id: request.studentId, name: request.studentName };
      return { ...sentences(request.kind === 'student.addTag' ? 'addTag' : 'removeTag', { name: q(request.studentName), tag: q(request.tag) }), confirm: false, scope: 'students:write', target };
    }
    case 'student.enroll': {
      const values = {
        name: q(request.studentName),
        course: q(request.courseTitle),
        how: request.planName === null ? t('writes:words.enroll.free') : t('writes:words.enroll.onPlan', { plan: q(request.planName) }),
      };
      const target = { type: 'student' as const, id: request.studentId, name: request.studentName };
      return {
        verb: t('writes:words.enroll.verb'),
        question: t('writes:words.enroll.question', values),
        consequence: t('writes:words.enroll.consequence', values),
        done: t('writes:words.enroll.done', values),
        summary: t('writes:words.enroll.summary', values),
        confirm: true,
        scope: 'students:write',
        target,
      };
    }
    case 'student.unenroll': {
      const values = { name: q(request.studentName), course: q(request.courseTitle) };
      const pct = Math.round(request.progress * 100);
      const lost = pct > 0 ? t('writes:words.unenroll.lostProgress', { percent: count(pct) }) : t('writes:words.unenroll.noProgress');
      const target = { type: 'enrollment' as const, id: request.enrollmentId, name: t('writes:words.enrollmentName', { student: request.studentName, course: request.courseTitle }) };
      return {
        verb: t('writes:words.unenroll.verb'),
        question: t('writes:words.unenroll.question', values),
        consequence: t('writes:words.unenroll.consequence', { lost }),
        done: pct > 0 ? t('writes:words.unenroll.doneWithProgress', values) : t('writes:words.unenroll.done', values),
        summary: t('writes:words.unenroll.summary', values),
        confirm: true,
        scope: 'students:write',
        target,
      };
    }
    case 'record.update': {
      const type = RECORD_NOUNS[request.area];
      const noun = nounOf(type);
      const name = q(request.name);
      const fieldName = (f: string) => f.replace(/[_-]+/g, ' ');
      const fields = Object.keys(request.changes).map(fieldName).join(t('writes:words.listSeparator'));
      const changes = Object.entries(request.changes).map(([f, value]) =>
        t('writes:words.updateRecord.field', {
          field: fieldName(f),
          value: Object.hasOwn(request.previous, f) ? t('writes:words.change', { before: fieldValue(request.previous[f]!), after: fieldValue(value) }) : fieldValue(value),
        }),
      );
      const seen = !UNSEEN_BY_LEARNERS.has(request.area);
      return {
        verb: t('writes:words.updateRecord.verb'),
        question: t('writes:words.updateRecord.question', { noun, name }),
        consequence: t(seen ? 'writes:words.updateRecord.consequenceSeen' : 'writes:words.updateRecord.consequence', { changes: capitalised(changes.join(t('writes:words.clauseSeparator'))) }),
        done: t('writes:words.updateRecord.done', { noun, name, fields }),
        summary: t('writes:words.updateRecord.summary', { noun, name, fields }),
        // Every write is confirmed; the admin's own account too (only its words say learners do not see it).
        confirm: true,
        scope: request.scope,
        // The record's id, or the area's when it is the one record of its area (the school, the account).
        target: { type, id: request.recordId ?? request.area, name: request.name },
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
      // Removing it could take away a tag they had before: only when the app knew they did not.
      return request.hadTag === false ? { kind: 'student.removeTag', studentId: request.studentId, studentName: request.studentName, tag: request.tag } : null;
    case 'student.removeTag':
      return { kind: 'student.addTag', studentId: request.studentId, studentName: request.studentName, tag: request.tag, hadTag: false };
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
  if (changes.title !== undefined) parts.push(t('writes:words.changeEvent.parts.title'));
  if (changes.startsAt !== undefined || changes.endsAt !== undefined) parts.push(t('writes:words.changeEvent.parts.time'));
  if (changes.capacities !== undefined && changes.capacities.length > 0) parts.push(t('writes:words.changeEvent.parts.capacity'));
  return parts.length === 0 ? t('writes:words.changeEvent.parts.nothing') : listed(parts);
}

/** An explorer field's value in a sentence: text quoted (long text cut), numbers and yes/no as they are. */
function fieldValue(value: FieldValue): string {
  if (value === null) return t('writes:words.updateRecord.empty');
  if (typeof value === 'boolean') return value ? t('writes:words.updateRecord.yes') : t('writes:words.updateRecord.no');
  if (typeof value === 'number') return count(value);
  return q(value.length > 60 ? `${value.slice(0, 59)}…` : value);
}

/** What an event's change does, old → new: "Title: “A” → “B”; starts: Dec 1, 2026, 19:00 → Dec 1, 2026, 20:00 (Asia/Taipei); capacity (General): 100 → 120". */
function eventChanges(request: Extract<WriteRequest, { kind: 'event.update' }>, { timeZone = 'UTC' }: WriteWordsOptions): string {
  const { changes, previous } = request;
  const parts: string[] = [];
  const change = (before: string | undefined, after: string) => (before === undefined ? after : t('writes:words.change', { before, after }));
  const time = (iso: string | undefined) => (iso === undefined ? undefined : timeIn(iso, timeZone));
  if (changes.title !== undefined) parts.push(t('writes:words.changeEvent.title', { change: change(previous.title === undefined ? undefined : q(previous.title), q(changes.title)) }));
  if (changes.startsAt !== undefined) parts.push(t('writes:words.changeEvent.starts', { change: change(time(previous.startsAt), time(changes.startsAt)!) }));
  if (changes.endsAt !== undefined) parts.push(t('writes:words.changeEvent.ends', { change: change(time(previous.endsAt), time(changes.endsAt)!) }));
  for (const { ticketTypeId, capacity } of changes.capacities ?? []) {
    const before = previous.capacities?.find((c) => c.ticketTypeId === ticketTypeId)?.capacity;
    const ticket = request.ticketNames?.[ticketTypeId];
    const value = change(before === undefined ? undefined : count(before), count(capacity));
    parts.push(ticket ? t('writes:words.changeEvent.ticketCapacity', { ticket, change: value }) : t('writes:words.changeEvent.capacity', { change: value }));
  }
  return capitalised(parts.length === 0 ? t('writes:words.changeEvent.nothingChanges') : parts.join(t('writes:words.clauseSeparator')));
}

/** A record's version on the platform now, for the outbox's conflict check: its last change, or gone. */
export type CurrentRecord = { kind: 'found'; updatedAt: string | null } | { kind: 'gone' };
