// The outbox's decisions, apart from any I/O: which failures keep a write for later, whether a queued
// write may still be sent once the platform is back (its record unchanged since the admin saw it), and
// what becomes of an item after a failed send. Tested in test/unit/writes/outbox-policy.test.ts.
import { isAppError } from '../../../shared/errors';
import type { OutboxItem } from '../../../shared/ipc/writes';
import type { CurrentRecord } from '../../../shared/model/writes';
import { t } from '../../../shared/i18n/i18n';

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
  if (current.kind === 'gone') return t('writes:service.gone', { what });
  if (seenUpdatedAt === null || current.updatedAt === null) return null;
  if (Date.parse(current.updatedAt) === Date.parse(seenUpdatedAt)) return null;
  return t('writes:service.changedSince', { what, current: formatTime(current.updatedAt), seen: formatTime(seenUpdatedAt) });
}

/**
 * Whether the record went from the version the admin saw to its current one only through the app's own
 * writes (`own`: each version one of them produced, by its time, → the version it was made against): then no
 * one else changed it, and a second change waiting for it is no conflict.
 */
export function reachedByOwnWrites(seenUpdatedAt: string, currentUpdatedAt: string, own: ReadonlyMap<number, string>): boolean {
  let at = currentUpdatedAt;
  for (let step = 0; step <= own.size; step++) {
    if (Date.parse(at) === Date.parse(seenUpdatedAt)) return true;
    const before = own.get(Date.parse(at));
    if (before === undefined) return false;
    at = before;
  }
  return false;
}

type SendFailure =
  | { next: 'keep' } // still unreachable: stays waiting, stop sending for this school
  | { next: 'failed'; reason: string; missingScopes?: string[] };

export function afterSendFailure(error: unknown, plainMessage: string): SendFailure {
  if (shouldQueue(error)) return { next: 'keep' };
  if (isAppError(error) && error.code === 'insufficient_scope') {
    return { next: 'failed', reason: t('writes:service.needsPermission'), ...(error.missingScopes ? { missingScopes: error.missingScopes } : {}) };
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
  // errors:main.refused in either language: the host's own words follow it.
  const cleaned = message.replace(/ refused the request \([^)]*\)\.\s*| 拒絕了這個請求（[^）]*）。\s*/, t('writes:service.said')).replace(/\s+/g, ' ').trim();
  return t('writes:service.refusal', { failed, reason: cleaned });
}

/**
 * For a record without updated_at (most of the explorer's): the change is stale when a field it changes no
 * longer holds the value the admin saw. Fields it does not change may have moved; that is not a conflict.
 */
export function fieldConflictReason(what: string, previous: Readonly<Record<string, unknown>>, current: Readonly<Record<string, unknown>> | null): string | null {
  if (current === null) return t('writes:service.gone', { what });
  const moved = Object.keys(previous).filter((key) => JSON.stringify(current[key] ?? null) !== JSON.stringify(previous[key] ?? null));
  if (moved.length === 0) return null;
  const fields = moved.map((k) => k.replace(/[_-]+/g, ' ')).join(t('writes:words.listSeparator'));
  return t('writes:service.fieldsMoved', { what, fields, count: moved.length });
}
