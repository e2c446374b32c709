// Taskbar progress during long work (orders sync, subscriptions, CSV export), from the data.progress events
// the jobs already send: one bar for all jobs running (loaded / total summed), indeterminate while a total is
// unknown, cleared when every job is done or cancelled (they end with done: true), and a job silent for
// two minutes is dropped so a lost last event cannot leave the bar up forever.
import type { DataProgress } from '../../../shared/ipc/data';

export const STALE_JOB_MS = 2 * 60_000;

interface Job {
  loaded: number;
  total: number | null;
  at: number;
}

/** Electron's BrowserWindow.setProgressBar value: -1 removes the bar, 0..1 a fraction, >1 indeterminate. */
type ProgressBarValue = number;
export const NO_PROGRESS = -1;
export const INDETERMINATE = 2;

export class TaskbarProgress {
  private readonly jobs = new Map<string, Job>();

  /** Applies one data.progress event; returns the bar's new value. */
  apply(event: DataProgress, now: number): ProgressBarValue {
    if (event.done) this.jobs.delete(event.jobId);
    else this.jobs.set(event.jobId, { loaded: event.loaded, total: event.total, at: now });
    return this.value(now);
  }

  /** The bar's value now (stale jobs dropped). */
  value(now: number): ProgressBarValue {
    for (const [id, job] of this.jobs) if (now - job.at > STALE_JOB_MS) this.jobs.delete(id);
    if (this.jobs.size === 0) return NO_PROGRESS;
    let loaded = 0;
    let total = 0;
    for (const job of this.jobs.values()) {
      if (job.total === null || job.total === 0) return INDETERMINATE;
      loaded += Math.min(job.loaded, job.total);
      total += job.total;
    }
    return Math.min(1, loaded / total);
  }
}
