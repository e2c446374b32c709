// Taskbar / dock progress during long work: the value comes from services/notifications/progress-model.ts,
// fed by the data.progress events the jobs already send; this only calls BrowserWindow.setProgressBar.
import type { BrowserWindow } from 'electron';
import type { EventHub } from '../services/ipc/event-hub';
import { NO_PROGRESS, STALE_JOB_MS, TaskbarProgress } from '../services/notifications/progress-model';
import type { DataProgress } from '../../shared/ipc/data';

export function showTaskbarProgress(events: EventHub, mainWindow: () => BrowserWindow | null): () => void {
  const progress = new TaskbarProgress();
  let shown = NO_PROGRESS;
  const apply = (value: number) => {
    if (value === shown) return;
    shown = value;
    mainWindow()?.setProgressBar(value);
  };
  // A job that went silent is dropped by the model; look now and then so the bar goes away with it.
  const sweep = setInterval(() => apply(progress.value(Date.now())), STALE_JOB_MS / 4);
  sweep.unref();
  const stop = events.subscribe((event, payload) => {
    if (event === 'data.progress') apply(progress.apply(payload as DataProgress, Date.now()));
  });
  return () => {
    clearInterval(sweep);
    stop();
  };
}
