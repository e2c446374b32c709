// Part of the IPC contract (see shared/ipc.ts): every write to the platform goes through writes.perform,
// which sends it, or keeps it in the school's outbox when the platform cannot be reached, and writes the
// school's activity log. What a write is and the words for it: shared/model/writes.ts.
import { z } from 'zod';
import { WriteRequest } from '../model/writes';
import { t } from '../i18n/i18n';
import { AccountId } from './accounts';
import { event, method } from './define';
import type { EventDef, MethodDef } from './define';

const isoTime = z.iso.datetime({ offset: true });
const ItemId = z.string().min(1).max(128);

export const ActivityResult = z.enum([
  'done', // sent and the platform made the change
  'failed', // the platform (or the app) refused it; detail says why
  'queued', // the platform could not be reached: kept in the outbox
  'sent', // a queued write, sent later, done
  'conflict', // a queued write not sent: the record changed on the platform since
  'dropped', // the admin removed a queued write
  'edited', // the admin changed a queued write
  'rolled_back', // the outbox on disk was an older copy than the app last wrote: not used, nothing in it sent
]);
export type ActivityResult = z.infer<typeof ActivityResult>;

/** The words for each result, the same on screen and in the CSV export: the catalogue's, read when asked for (in the realm's language of the moment). */
export const ACTIVITY_RESULT_LABELS: Readonly<Record<ActivityResult, string>> = Object.freeze(
  Object.defineProperties({} as Record<ActivityResult, string>, Object.fromEntries(ActivityResult.options.map((result) => [result, { enumerable: true, get: () => t(`writes:results.${result}`) }]))),
);

export const ActivityEntry = z.object({
  id: ItemId,
  at: isoTime,
  kind: z.string(),
  summary: z.string(),
  result: ActivityResult,
  /** Why it failed or conflicted, or what the platform answered; null when there is nothing to add. */
  detail: z.string().nullable(),
  target: z.object({ type: z.string(), id: z.string(), name: z.string() }).nullable(),
  /** The write itself, so its line is worded in the UI language of the moment (entries logged before it was kept have only `summary`). */
  request: WriteRequest.optional(),
});
export type ActivityEntry = z.infer<typeof ActivityEntry>;

export const OutboxItem = z.object({
  id: ItemId,
  createdAt: isoTime,
  request: WriteRequest,
  summary: z.string(),
  /** waiting: sent when the platform is back; conflict: not sent, the record changed; failed: the platform refused it. */
  state: z.enum(['waiting', 'conflict', 'failed']),
  reason: z.string().nullable(),
  /** For a failed item that needs a permission: the scopes to ask for before sending it again. */
  missingScopes: z.array(z.string()).optional(),
});
export type OutboxItem = z.infer<typeof OutboxItem>;

export const WriteOutcome = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('done'),
    /** The words for "done", from describeWrite. */
    message: z.string(),
    /** The inverse write, where the platform has one (publish ↔ unpublish, disable ↔ enable). */
    undo: WriteRequest.nullable(),
    /** The id of what was written (the new coupon's id for a create). */
    recordId: z.string().nullable(),
  }),
  z.object({ status: z.literal('queued'), message: z.string(), item: OutboxItem }),
  /** Offline, it took back the change waiting for the same record (Disable, then Enable): neither is sent. */
  z.object({ status: z.literal('withdrawn'), message: z.string() }),
]);
export type WriteOutcome = z.infer<typeof WriteOutcome>;

export const writeMethods = {
  'writes.perform': method(
    z.object({ accountId: AccountId, request: WriteRequest }).strict(),
    WriteOutcome,
    'Validates and sends one write. Offline (the probe says so, or the platform cannot be reached): kept in the outbox ("queued"). Refused: fails with the platform\'s reason in plain words; insufficient_scope carries missingScopes for step-up. Every outcome lands in the activity log.',
  ),
  'writes.activity': method(z.object({ accountId: AccountId }).strict(), z.array(ActivityEntry), "The school's activity log, newest first."),
  'writes.activityCsv': method(
    z.object({ accountId: AccountId, timeZone: z.string().min(1).max(64) }).strict(),
    z.object({ csv: z.string(), rows: z.int().nonnegative(), fileName: z.string() }),
    'The activity log as CSV (RFC 4180, formula-guarded), times in the time zone.',
  ),
  'writes.outbox': method(z.object({ accountId: AccountId }).strict(), z.array(OutboxItem), "The school's outbox, oldest first."),
  'writes.outboxEdit': method(
    z.object({ accountId: AccountId, itemId: ItemId, request: WriteRequest }).strict(),
    OutboxItem,
    'Replaces a queued write with an edited one of the same kind and record; it waits again.',
  ),
  'writes.outboxDrop': method(z.object({ accountId: AccountId, itemId: ItemId }).strict(), z.object({ dropped: z.boolean() }), 'Removes a queued write without sending it.'),
  'writes.outboxSend': method(
    z.object({ accountId: AccountId, itemId: ItemId.optional() }).strict(),
    z.object({ sent: z.int().nonnegative(), conflicts: z.int().nonnegative(), failed: z.int().nonnegative(), waiting: z.int().nonnegative() }),
    'Sends the waiting writes now (or one item, also a failed one, again). The same checks as when the platform comes back: a record changed since is not sent.',
  ),
} satisfies Record<string, MethodDef>;

export const writeEvents = {
  'writes.changed': event(
    z.object({ accountId: AccountId, outbox: z.int().nonnegative() }),
    "The school's activity log or outbox changed (a write, a queued write sent or refused); outbox is how many items it holds.",
  ),
} satisfies Record<string, EventDef>;
