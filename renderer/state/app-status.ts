// The app's status (version, online, last sync, the demo school): read once, then pushed by the main
// process on every change.
import { useQueryClient } from '@tanstack/react-query';
import type { AppStatus } from '../../shared/ipc/app';
import { bridgeQueryKey, useEvent, useInvokeQuery } from '../lib/bridge-hooks';

export const APP_STATUS_KEY = bridgeQueryKey('app.status', {});

export function useAppStatusQuery() {
  return useInvokeQuery('app.status', {}, { staleTime: Infinity });
}

export function useAppStatus(): AppStatus | null {
  return useAppStatusQuery().data ?? null;
}

/** Keeps the status cache in step with the main process. Mounted once, by the app shell. */
export function useAppStatusSync(): void {
  const queryClient = useQueryClient();
  useEvent('app.statusChanged', (status) => {
    queryClient.setQueryData(APP_STATUS_KEY, status);
  });
}
