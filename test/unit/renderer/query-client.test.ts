// The renderer's QueryClient must never hold a call back because the browser thinks it is offline: every
// query and mutation goes to the main process over the bridge, which answers offline too (issue 9, item 3).
// The e2e spec dashboards-offline-state.spec.ts checks the same in Chromium with the window's offline event.
import { afterEach, describe, expect, it } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { createQueryClient } from '../../../renderer/data/query-client';

afterEach(() => {
  onlineManager.setOnline(true);
});

describe('the renderer QueryClient', () => {
  it('runs queries and mutations while react-query is told the network is gone', async () => {
    const client = createQueryClient();
    onlineManager.setOnline(false); // what the window's `offline` event does with react-query's defaults
    const answer = await client.fetchQuery({ queryKey: ['data.sales.report', {}], queryFn: async () => 'from the main process' });
    expect(answer).toBe('from the main process');

    const mutation = client.getMutationCache().build(client, { mutationFn: async (input: number) => input + 1 });
    await expect(mutation.execute(1)).resolves.toBe(2);
    expect(mutation.state.isPaused).toBe(false);
    client.clear();
  });

  it('does not refetch on the window regaining focus or network: the probe says when (DataRefresh)', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({ networkMode: 'always', refetchOnWindowFocus: false, refetchOnReconnect: false });
    expect(defaults.mutations).toMatchObject({ networkMode: 'always' });
  });
});
