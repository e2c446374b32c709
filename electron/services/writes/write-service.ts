// Every write the admin makes from the app: sent to the platform now, or, when the platform cannot be
// reached, kept in the school's outbox and sent when it is back, unless the record changed on the platform
// in between (compared by updated_at). Each outcome goes to the school's activity log. The decisions live
// in outbox-policy.ts and write-plan.ts, how a write goes to the platform in platform/writes-platform.ts;
// this file does the I/O around them.
import { randomUUID } from 'node:crypto';
import { AppError, isAppError } from '../../../shared/errors';
import type { ActivityEntry, ActivityResult, OutboxItem, WriteOutcome } from '../../../shared/ipc/writes';
import { draftTimeProblem } from '../../../shared/model/money';
import { eventTimesProblem } from '../../../shared/model/events';
import { describeWrite, inverseOf, recordInWords, WriteRequest } from '../../../shared/model/writes';
import { t } from '../../../shared/i18n/i18n';
import type { PlatformCaller } from '../api/platform-caller';
import type { EmitEvent } from '../ipc/handler-types';
import type { Logger } from '../log';
import type { JsonRecord } from '../../../shared/model/explorer';
import { afterSendFailure, conflictReason, fieldConflictReason, plainRefusal, reachedByOwnWrites, sendable, shouldQueue } from './outbox-policy';
import { readCurrentVersion, sendWrite, versionOf, type SentWrite } from '../platform/writes-platform';
import type { SyncedChange } from '../../../shared/model/synced-change';
import { mergeQueued, recordKeyOf, sameTarget, seenUpdatedAtOf } from './write-plan';
import type { WritesStore } from './writes-store';

type RecordUpdate = Extract<WriteRequest, { kind: 'record.update' }>;

/** The explorer's records, sent through the operations the platform's /openapi.json describes (platform/openapi-explorer.ts). */
export interface RecordWrites {
  update(accountId: string, request: RecordUpdate, signal?: AbortSignal): Promise<JsonRecord>;
  /** The record as it is now; null when it is gone. */
  current(accountId: string, request: RecordUpdate, signal?: AbortSignal): Promise<JsonRecord | null>;
}

interface WriteServiceDeps {
  caller: PlatformCaller;
  /** Needed only for record.update (the explorer). */
  records?: RecordWrites;
  store: WritesStore;
  /** The online probe's verdict: when false, a write goes straight to the outbox. */
  isOnline(): boolean;
  emit: EmitEvent;
  logger: Logger;
  /**
   * Told after a write changed something, with what it changed in the records the data engine keeps a copy
   * of (the platform's answer): the copy follows at once and the screens showing it refetch.
   */
  onChanged?(accountId: string, request: WriteRequest, changes: readonly SyncedChange[]): void;
  /** A student's tags as the app's synced copy holds them (null: not synced): a tag added where it was not can be undone. */
  tagsOf?(accountId: string, studentId: string): Promise<readonly string[] | null>;
  now?: () => number;
}

interface FlushCounts {
  sent: number;
  conflicts: number;
  failed: number;
  waiting: number;
}

/** A time in the log's words: UTC, to the minute (the renderer shows log times in the business time zone). */
function utcMinute(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export class WriteService {
  readonly #now: () => number;
  /** One flush at a time per school, so the probe and a "Send now" never send an item twice. */
  readonly #flushing = new Map<string, Promise<FlushCounts>>();
  /** Per school and record, the versions the app's own writes produced → the version each was made against (reachedByOwnWrites). */
  readonly #ownVersions = new Map<string, Map<number, string>>();

  constructor(private readonly deps: WriteServiceDeps) {
    this.#now = deps.now ?? Date.now;
  }

  async perform(accountId: string, raw: WriteRequest, signal?: AbortSignal): Promise<WriteOutcome> {
    const request = await this.#withHadTag(accountId, WriteRequest.parse(raw));
    const words = describeWrite(request);
    if (request.kind === 'coupon.create') {
      const late = draftTimeProblem(request.draft, this.#now());
      if (late) throw new AppError('invalid_input', t('writes:service.ends', { problem: late }));
    }
    if (request.kind === 'event.update') {
      // The form's check, on what the request itself holds (capacity against tickets sold: the platform checks that at the moment it applies).
      const times = eventTimesProblem(request.changes);
      if (times) throw new AppError('invalid_input', t('writes:service.ends', { problem: times }));
    }
    if (!this.deps.isOnline()) return this.#enqueue(accountId, request);
    let reason: string | null;
    let result: SentWrite;
    try {
      reason = await this.#conflict(accountId, request, signal);
      if (reason === null) result = await this.#send(accountId, request, signal);
    } catch (error) {
      if (shouldQueue(error)) return this.#enqueue(accountId, request);
      if (isAppError(error) && (error.code === 'insufficient_scope' || error.code === 'sign_in_needed' || error.code === 'cancelled')) throw error;
      const message = plainRefusal(words.failed, error);
      await this.#log(accountId, request, 'failed', message);
      throw new AppError(isAppError(error) ? error.code : 'internal', message, { cause: error });
    }
    if (reason !== null) {
      await this.#log(accountId, request, 'conflict', reason);
      throw new AppError('request_refused', reason);
    }
    this.#rememberOwn(accountId, request, result!);
    await this.#log(accountId, request, 'done', null, result!.id);
    this.deps.onChanged?.(accountId, request, result!.changes);
    // The platform answered: anything waiting in this school's outbox can go too.
    void this.flush(accountId).catch(() => undefined);
    return { status: 'done', message: words.done, undo: inverseOf(request, result!.updatedAt, result!.id), recordId: result!.id };
  }

  async activity(accountId: string): Promise<ActivityEntry[]> {
    return [...(await this.deps.store.get(accountId)).activity].reverse();
  }

  async outbox(accountId: string): Promise<OutboxItem[]> {
    return [...(await this.deps.store.get(accountId)).outbox];
  }

  async edit(accountId: string, itemId: string, raw: WriteRequest): Promise<OutboxItem> {
    const request = WriteRequest.parse(raw);
    const item = await this.deps.store.update(accountId, (state) => {
      const found = state.outbox.find((i) => i.id === itemId);
      if (!found) throw new AppError('not_found', t('writes:service.notInOutbox'));
      if (!sameTarget(found.request, request)) throw new AppError('invalid_input', t('writes:service.editRetargets'));
      found.request = request;
      found.summary = describeWrite(request).summary;
      found.state = 'waiting';
      found.reason = null;
      delete found.missingScopes;
      return { ...found };
    });
    await this.#log(accountId, request, 'edited', null);
    return item;
  }

  async drop(accountId: string, itemId: string): Promise<boolean> {
    const dropped = await this.deps.store.update(accountId, (state) => {
      const index = state.outbox.findIndex((i) => i.id === itemId);
      return index < 0 ? null : state.outbox.splice(index, 1)[0]!;
    });
    if (dropped) await this.#log(accountId, dropped.request, 'dropped', null);
    return dropped !== null;
  }

  /** Sends what waits (or one item, even a failed one, again), in order; stops at the first sign the platform is still away. */
  flush(accountId: string, itemId?: string): Promise<FlushCounts> {
    const previous = this.#flushing.get(accountId) ?? Promise.resolve(null);
    const next = previous.catch(() => null).then(() => this.#flushNow(accountId, itemId));
    this.#flushing.set(accountId, next);
    void next.finally(() => {
      if (this.#flushing.get(accountId) === next) this.#flushing.delete(accountId);
    }).catch(() => undefined);
    return next;
  }

  async #flushNow(accountId: string, itemId: string | undefined): Promise<FlushCounts> {
    const counts: FlushCounts = { sent: 0, conflicts: 0, failed: 0, waiting: 0 };
    const items = sendable((await this.deps.store.get(accountId)).outbox, itemId);
    for (const item of items) {
      const words = describeWrite(item.request);
      let reason: string | null;
      try {
        reason = await this.#conflict(accountId, item.request);
        if (reason === null) {
          const result = await this.#send(accountId, item.request);
          this.#rememberOwn(accountId, item.request, result);
          await this.deps.store.update(accountId, (state) => {
            state.outbox = state.outbox.filter((i) => i.id !== item.id);
          });
          await this.#log(accountId, item.request, 'sent', null, result.id);
          this.deps.onChanged?.(accountId, item.request, result.changes);
          counts.sent++;
          continue;
        }
      } catch (error) {
        const failure = afterSendFailure(error, plainRefusal(words.failed, error));
        if (failure.next === 'keep') break;
        if (itemId !== undefined && isAppError(error) && error.code === 'insufficient_scope') {
          // Sent by the admin's own "Send": let the screen ask for the permission (step-up), the item stays.
          throw error;
        }
        await this.#setState(accountId, item.id, 'failed', failure.reason, failure.missingScopes);
        await this.#log(accountId, item.request, 'failed', failure.reason);
        counts.failed++;
        continue;
      }
      await this.#setState(accountId, item.id, 'conflict', reason);
      await this.#log(accountId, item.request, 'conflict', reason);
      counts.conflicts++;
    }
    counts.waiting = (await this.deps.store.get(accountId)).outbox.filter((i) => i.state === 'waiting').length;
    return counts;
  }

  /** Sends every school's outbox (the platform is back, or the app just started). */
  async flushAll(accountIds: readonly string[]): Promise<void> {
    for (const accountId of accountIds) {
      try {
        const state = await this.deps.store.get(accountId);
        if (state.outbox.some((i) => i.state === 'waiting')) await this.flush(accountId);
      } catch (error) {
        this.deps.logger.warn('could not send the outbox', { error: (error as Error).name });
      }
    }
  }

  #records(): RecordWrites {
    if (!this.deps.records) throw new AppError('internal', t('writes:service.noExplorer'));
    return this.deps.records;
  }

  async #send(accountId: string, request: WriteRequest, signal?: AbortSignal): Promise<SentWrite> {
    if (request.kind === 'record.update') {
      const answer = await this.#records().update(accountId, request, signal);
      const version = versionOf(answer);
      return { id: version.id ?? request.recordId, updatedAt: version.updatedAt, changes: [] };
    }
    return sendWrite(this.deps.caller, accountId, request, signal);
  }

  async #conflict(accountId: string, request: WriteRequest, signal?: AbortSignal): Promise<string | null> {
    if (request.kind === 'record.update') return this.#recordConflict(accountId, request, signal);
    const seen = seenUpdatedAtOf(request);
    if (seen === null) return null;
    const current = await readCurrentVersion(this.deps.caller, accountId, request, signal);
    if (current === null) return null;
    // The app's own earlier write (an Undo, a change sent just before from the outbox) is nobody else's change.
    const own = this.#ownVersions.get(this.#ownKey(accountId, request));
    if (own && current.kind === 'found' && current.updatedAt !== null && reachedByOwnWrites(seen, current.updatedAt, own)) return null;
    return conflictReason(recordInWords(describeWrite(request).target), seen, current, utcMinute);
  }

  async #recordConflict(accountId: string, request: RecordUpdate, signal?: AbortSignal): Promise<string | null> {
    const record = await this.#records().current(accountId, request, signal);
    const what = recordInWords(describeWrite(request).target);
    // updated_at where the record has one, else the fields this change touches.
    if (request.seenUpdatedAt !== null && record !== null) {
      return conflictReason(what, request.seenUpdatedAt, { kind: 'found', updatedAt: versionOf(record).updatedAt }, utcMinute);
    }
    return fieldConflictReason(what, request.previous, record);
  }

  /** A tag added: whether the student had it, from the synced copy, so Undo removes only a tag this write added. */
  async #withHadTag(accountId: string, request: WriteRequest): Promise<WriteRequest> {
    if (request.kind !== 'student.addTag' || request.hadTag !== undefined || !this.deps.tagsOf) return request;
    const tags = await this.deps.tagsOf(accountId, request.studentId).catch(() => null);
    return tags === null ? request : { ...request, hadTag: tags.includes(request.tag) };
  }

  #ownKey(accountId: string, request: WriteRequest): string {
    return `${accountId}\u0000${recordKeyOf(request) ?? ''}`;
  }

  #rememberOwn(accountId: string, request: WriteRequest, result: SentWrite): void {
    const seen = seenUpdatedAtOf(request);
    if (seen === null || result.updatedAt === null || recordKeyOf(request) === null) return;
    const key = this.#ownKey(accountId, request);
    const own = this.#ownVersions.get(key) ?? new Map<number, string>();
    own.set(Date.parse(result.updatedAt), seen);
    this.#ownVersions.set(key, own);
  }

  /**
   * Kept for later; a second change to a record whose first still waits becomes one change doing both, or
   * none when it takes the first back (write-plan.ts mergeQueued): never two sends, the second refused by the first.
   */
  async #enqueue(accountId: string, request: WriteRequest): Promise<WriteOutcome> {
    const key = recordKeyOf(request);
    const fresh: OutboxItem = { id: randomUUID(), createdAt: new Date(this.#now()).toISOString(), request, summary: describeWrite(request).summary, state: 'waiting', reason: null };
    const outcome = await this.deps.store.update(accountId, (state) => {
      // The latest waiting change to the same record that this one joins (a tag and an enrollment of one student stay two).
      let waiting: OutboxItem | undefined;
      let merge: ReturnType<typeof mergeQueued> = null;
      for (const item of key === null ? [] : [...state.outbox].reverse()) {
        if (item.state !== 'waiting' || recordKeyOf(item.request) !== key) continue;
        merge = mergeQueued(item.request, request);
        if (merge) {
          waiting = item;
          break;
        }
      }
      if (waiting && merge?.kind === 'cancelled') {
        state.outbox = state.outbox.filter((i) => i.id !== waiting.id);
        return { kind: 'cancelled' as const, item: waiting };
      }
      if (waiting && merge?.kind === 'merged') {
        waiting.request = merge.request;
        waiting.summary = describeWrite(merge.request).summary;
        return { kind: 'merged' as const, item: { ...waiting } };
      }
      state.outbox.push(fresh);
      return { kind: 'queued' as const, item: fresh };
    });
    if (outcome.kind === 'cancelled') {
      const summary = describeWrite(request).summary;
      await this.#log(accountId, outcome.item.request, 'dropped', t('writes:service.takenBack', { summary }));
      return { status: 'withdrawn', message: t('writes:service.withdrawn', { summary }) };
    }
    const detail = outcome.kind === 'merged' ? t('writes:service.joined') : t('writes:service.kept');
    await this.#log(accountId, request, 'queued', detail);
    return { status: 'queued', message: t('writes:service.queued', { summary: outcome.item.summary }), item: outcome.item };
  }

  async #setState(accountId: string, itemId: string, next: OutboxItem['state'], reason: string | null, missingScopes?: string[]): Promise<void> {
    await this.deps.store.update(accountId, (state) => {
      const item = state.outbox.find((i) => i.id === itemId);
      if (!item) return;
      item.state = next;
      item.reason = reason;
      if (missingScopes) item.missingScopes = missingScopes;
      else delete item.missingScopes;
    });
  }

  async #log(accountId: string, request: WriteRequest, result: ActivityResult, detail: string | null, recordId: string | null = null): Promise<void> {
    const words = describeWrite(request);
    const target = words.target ?? (recordId && request.kind === 'coupon.create' ? { type: 'coupon' as const, id: recordId, name: request.draft.code } : null);
    const entry: ActivityEntry = { id: randomUUID(), at: new Date(this.#now()).toISOString(), kind: request.kind, summary: words.summary, result, detail, target, request };
    const outbox = await this.deps.store.update(accountId, (state) => {
      state.activity.push(entry);
      return state.outbox.length;
    });
    this.deps.emit('writes.changed', { accountId, outbox });
  }
}
