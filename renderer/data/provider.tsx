// The renderer's data layer: one QueryClient for everything fetched. Offline review does not need a
// renderer-side persister: the main process keeps every answer in its encrypted cache and answers from it
// (fromCache) when the platform is out of reach, so a reload offline still shows what was seen.
// How the client treats online/offline (never pausing on the browser's opinion): ./query-client.ts.
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from './query-client';
import { DataRefresh } from './refresh';

export function DataProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <DataRefresh />
      {children}
    </QueryClientProvider>
  );
}
