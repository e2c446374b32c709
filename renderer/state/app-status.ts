// The app's status (version, online, last sync, the demo school): read once, then pushed by the main
// process on every change. `online` is the app's one answer to "online?": the main process's probe of the
// platforms. Nothing in the renderer decides it (not navigator.onLine, not the window's online/offline
// events, not a failed read); see docs/data-and-offline.md.
import { useQueryClient } from '@tanstack/react-query';
import type { AppStatus } from '../../shared/ipc/app';
import { bridgeQueryKey, useEvent, useInvokeQuery } from '../lib/bridge-hooks';

const APP_STATUS_KEY = bridgeQueryKey('app.status', {});

export function useAppStatusQuery() {
  return useInvokeQuery('app.status', {}, { staleTime: Infinity });
}

export function useAppStatus(): AppStatus | null {
  return useAppStatusQuery().data ?? null;
}

/**
 * Keeps the status cache in step with the main process. Mounted once, by the app shell.
 *
 * Until the first answer of app.status has arrived, an event is not taken as the truth: the browser host
 * replays the last status it sent when a page connects, which after a reload may be older than what the
 * probe is finding out right now (app.status waits for a fresh probe). So such an event only asks again.
 */
export function useAppStatusSync(): void {
  const queryClient = useQueryClient();
  useEvent('app.statusChanged', (status) => {
    if (queryClient.getQueryData(APP_STATUS_KEY) === undefined) {
      void queryClient.invalidateQueries({ queryKey: APP_STATUS_KEY });
      return;
    }
    queryClient.setQueryData(APP_STATUS_KEY, status);
  });
}
