// The renderer's QueryClient. Every query and mutation goes to the main process over the bridge, which is
// not the network: it answers offline too (from its cache, or with a clear `offline` error). So react-query
// must never hold a call back because the browser thinks it is offline. Its default networkMode 'online'
// pauses every query and mutation after the window's `offline` event (Wi-Fi off), and a dashboard not
// opened before would never load. Hence networkMode 'always', and an onlineManager that ignores the
// window's events: online or offline is the main process's probe (app.status), and DataRefresh refetches
// when it comes back.
import { QueryClient, onlineManager } from '@tanstack/react-query';

/** The app's QueryClient: calls always run (the bridge is not the network), no refetch on focus or reconnect. */
export function createQueryClient(): QueryClient {
  detachOnlineManagerFromWindow();
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'always',
        staleTime: 60_000,
        // The main process already retries transient failures and falls back to its cache.
        retry: false,
        refetchOnWindowFocus: false,
        // The window's `online` event says nothing about the platforms; the probe's return does (DataRefresh).
        refetchOnReconnect: false,
      },
      mutations: {
        networkMode: 'always',
        retry: false,
      },
    },
  });
}

/**
 * react-query's onlineManager listens to the window's online/offline events by default. With networkMode
 * 'always' nothing pauses on it any more, but anything that still asked it would get the browser's opinion:
 * keep it online and deaf to the window, so there is only one online state in the app (the probe's).
 */
function detachOnlineManagerFromWindow(): void {
  onlineManager.setEventListener(() => () => undefined);
  onlineManager.setOnline(true);
}
