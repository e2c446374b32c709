// Runs one write per student, one after another (never several at once against the platform), and sums up
// what happened: each is its own write through the write service, so each lands in the activity log.
import type { WriteOutcome } from '../../../shared/ipc/writes';

export interface BulkTarget {
  id: string;
  name: string;
  email: string;
}

export interface BulkResult {
  done: BulkTarget[];
  queued: BulkTarget[];
  failed: { target: BulkTarget; reason: string }[];
  /** Stopped before these (the admin pressed Stop, or a permission was refused). */
  skipped: BulkTarget[];
}

type SendOne = (target: BulkTarget) => Promise<WriteOutcome>;

export async function runBulk(targets: readonly BulkTarget[], send: SendOne, options: { onProgress?(finished: number): void; shouldStop?(): boolean; stopOn?(error: unknown): boolean; reasonOf(error: unknown): string }): Promise<BulkResult> {
  const result: BulkResult = { done: [], queued: [], failed: [], skipped: [] };
  for (let k = 0; k < targets.length; k++) {
    const target = targets[k]!;
    if (options.shouldStop?.()) {
      result.skipped.push(...targets.slice(k));
      break;
    }
    try {
      const outcome = await send(target);
      (outcome.status === 'done' ? result.done : result.queued).push(target);
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

/** One line for the summary: "12 tagged, 1 failed, 2 waiting in the outbox". */
export function summarize(result: BulkResult, doneWord: string): string {
  const parts = [`${result.done.length} ${doneWord}`];
  if (result.queued.length) parts.push(`${result.queued.length} waiting in the outbox`);
  if (result.failed.length) parts.push(`${result.failed.length} failed`);
  if (result.skipped.length) parts.push(`${result.skipped.length} not tried`);
  return parts.join(', ');
}
