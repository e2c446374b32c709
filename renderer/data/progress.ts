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
