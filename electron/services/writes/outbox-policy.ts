// The outbox's decisions, apart from any I/O: which failures keep a write for later, whether a queued
// write may still be sent once the platform is back (its record unchanged since the admin saw it), and
// what becomes of an item after a failed send. Tested in test/unit/writes/outbox-policy.test.ts.
import { isAppError } from '../../../shared/errors';
import type { OutboxItem } from '../../../shared/ipc/writes';
import type { CurrentRecord } from '../../../shared/model/writes';

/**
 * Only "the platform is not there" keeps a write for later. A timeout or a server error may have reached
 * the platform and been applied: sending it again later could do it twice, so those fail and say so.
 */
const QUEUE_CODES = new Set(['offline', 'unreachable']);

export function shouldQueue(error: unknown): boolean {
  return isAppError(error) && QUEUE_CODES.has(error.code);
}


/**
 * Null when the write may be sent; otherwise why not, in words for the admin. A write made without a
 * known version (seen null) or on a record the platform does not version is sent as it is.
 */
export function conflictReason(what: string, seenUpdatedAt: string | null, current: CurrentRecord | null, formatTime: (iso: string) => string): string | null {
  if (current === null) return null;
  if (current.kind === 'gone') return `${what} no longer exists on the platform, so this change was not sent.`;
  if (seenUpdatedAt === null || current.updatedAt === null) return null;
  if (Date.parse(current.updatedAt) === Date.parse(seenUpdatedAt)) return null;
  return `${what} was changed on the platform (${formatTime(current.updatedAt)}) after the version you changed (${formatTime(seenUpdatedAt)}), so this change was not sent. Look at it again, then make the change anew if it still applies.`;
}

type SendFailure =
  | { next: 'keep' } // still unreachable: stays waiting, stop sending for this school
  | { next: 'failed'; reason: string; missingScopes?: string[] };

export function afterSendFailure(error: unknown, plainMessage: string): SendFailure {
  if (shouldQueue(error)) return { next: 'keep' };
  if (isAppError(error) && error.code === 'insufficient_scope') {
    return { next: 'failed', reason: `It needs a permission not granted yet. Press Send to grant it in your browser, then it is sent.`, ...(error.missingScopes ? { missingScopes: error.missingScopes } : {}) };
  }
  return { next: 'failed', reason: plainMessage };
}

/** What is sent when the platform is back, in the order the admin made the changes. */
export function sendable(items: readonly OutboxItem[], only?: string): OutboxItem[] {
  if (only !== undefined) return items.filter((item) => item.id === only);
  return items.filter((item) => item.state === 'waiting').sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** The platform's refusal in words an admin reads, without protocol details ("(conflict)", "(invalid_request)"). */
export function plainRefusal(failed: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cleaned = message.replace(/ refused the request \([^)]*\)\.\s*/, ' said: ').replace(/\s+/g, ' ').trim();
  return `${failed}. ${cleaned}`;
}

/**
 * For a record without updated_at (most of the explorer's): the change is stale when a field it changes no
 * longer holds the value the admin saw. Fields it does not change may have moved; that is not a conflict.
 */
export function fieldConflictReason(what: string, previous: Readonly<Record<string, unknown>>, current: Readonly<Record<string, unknown>> | null): string | null {
  if (current === null) return `${what} no longer exists on the platform, so this change was not sent.`;
  const moved = Object.keys(previous).filter((key) => JSON.stringify(current[key] ?? null) !== JSON.stringify(previous[key] ?? null));
  if (moved.length === 0) return null;
  return `${what} was changed on the platform after you opened it (${moved.map((k) => k.replace(/[_-]+/g, ' ')).join(', ')} ${moved.length === 1 ? 'is' : 'are'} no longer what you saw), so this change was not sent. Look at it again, then make the change anew if it still applies.`;
}
