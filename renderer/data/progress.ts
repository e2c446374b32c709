// Progress of a long job (loading every order, an export) as the main process reports it.
import { useState } from 'react';
import type { DataProgress } from '../../shared/ipc/data';
import { useEvent } from '../lib/bridge-hooks';

export function useJobProgress(jobId: string | null): DataProgress | null {
  const [progress, setProgress] = useState<DataProgress | null>(null);
  const [forJob, setForJob] = useState(jobId);
  if (forJob !== jobId) {
    setForJob(jobId);
    setProgress(null);
  }
  useEvent('data.progress', (payload) => {
    if (payload.jobId === jobId) setProgress(payload);
  });
  return progress;
}

let counter = 0;
/** A job id unique within this page (the main process scopes jobs per sender anyway). */
export function newJobId(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

/**
 * The latest progress of a job of the account still running, whoever started it: a dashboard waiting on the
 * engine's sync (a platform without report endpoints) shows how far it is. Null when none runs.
 */
export function useAccountProgress(accountId: string | null): DataProgress | null {
  const [running, setRunning] = useState<ReadonlyMap<string, DataProgress>>(new Map());
  const [forAccount, setForAccount] = useState(accountId);
  if (forAccount !== accountId) {
    setForAccount(accountId);
    setRunning(new Map());
  }
  useEvent('data.progress', (payload) => {
    if (payload.accountId !== accountId) return;
    setRunning((jobs) => {
      const next = new Map(jobs);
      next.delete(payload.jobId);
      if (!payload.done) next.set(payload.jobId, payload);
      return next;
    });
  });
  return [...running.values()].at(-1) ?? null;
}
