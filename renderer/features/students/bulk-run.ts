// Runs one write per student, one after another (never several at once against the platform), and sums up
// what happened: each is its own write through the write service, so each lands in the activity log.
import type { WriteOutcome } from '../../../shared/ipc/writes';
import type { WriteRequest } from '../../../shared/model/writes';
import { t } from '../../../shared/i18n/i18n';

export interface BulkTarget {
  id: string;
  name: string;
  email: string;
}

export interface BulkResult {
  done: BulkTarget[];
  queued: BulkTarget[];
  failed: { target: BulkTarget; reason: string }[];
  /** Stopped before these (the admin pressed Cancel, or a permission was refused). */
  skipped: BulkTarget[];
  /** The inverse of each write that was done, where the platform has one: the bulk Undo. */
  undo: WriteRequest[];
}

type SendOne = (target: BulkTarget) => Promise<WriteOutcome>;

export async function runBulk(targets: readonly BulkTarget[], send: SendOne, options: { onProgress?(finished: number): void; shouldStop?(): boolean; stopOn?(error: unknown): boolean; reasonOf(error: unknown): string }): Promise<BulkResult> {
  const result: BulkResult = { done: [], queued: [], failed: [], skipped: [], undo: [] };
  for (let k = 0; k < targets.length; k++) {
    const target = targets[k]!;
    if (options.shouldStop?.()) {
      result.skipped.push(...targets.slice(k));
      break;
    }
    try {
      const outcome = await send(target);
      (outcome.status === 'done' ? result.done : result.queued).push(target);
      if (outcome.status === 'done' && outcome.undo) result.undo.push(outcome.undo);
    } catch (error) {
      result.failed.push({ target, reason: options.reasonOf(error) });
      if (options.stopOn?.(error)) {
        result.skipped.push(...targets.slice(k + 1));
        break;
      }
    }
    options.onProgress?.(k + 1);
  }
  return result;
}

/** One line for the summary: "12 tagged, 1 failed, 2 waiting in the outbox" (`done` is the catalogue's word for the action, with {{formatted}}). */
export function summarize(result: BulkResult, done: (count: number, formatted: string) => string, locale: string): string {
  const n = (count: number) => ({ count, formatted: new Intl.NumberFormat(locale).format(count) });
  const parts = [done(result.done.length, n(result.done.length).formatted)];
  if (result.queued.length) parts.push(t('students:bulk.summary.queued', n(result.queued.length)));
  if (result.failed.length) parts.push(t('students:bulk.summary.failed', n(result.failed.length)));
  if (result.skipped.length) parts.push(t('students:bulk.summary.skipped', n(result.skipped.length)));
  return parts.join(t('students:bulk.summary.separator'));
}
