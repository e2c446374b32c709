// The renderer's data layer: one QueryClient for everything fetched. Offline review does not need a
// renderer-side persister: the main process keeps every answer in its encrypted cache and answers from it
// (fromCache) when the platform is out of reach, so a reload offline still shows what was seen.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { DataRefresh } from './refresh';

export function DataProvider({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            staleTime: 60_000,
            // The main process already retries transient failures and falls back to its cache.
            retry: false,
            refetchOnWindowFocus: false,
          },
        },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <DataRefresh />
      {children}
    </QueryClientProvider>
  );
}
