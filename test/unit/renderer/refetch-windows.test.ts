// When a list's sync ends, the page asks its windows again (renderer/data/refetch-windows.ts): a window asked
// while the sync ran and answered only after it ended must not stay on screen with the rows so far. The
// Orders e2e spec (dashboards-orders-load) shows the same in Chromium after a Cancel and Load orders.
import { afterEach, describe, expect, it } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { createQueryClient } from '../../../renderer/data/query-client';
import { refetchWindows } from '../../../renderer/data/refetch-windows';

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
});

/** A list whose answers the test releases one by one, as the main process would send them. */
function windowOnScreen() {
  const client = createQueryClient();
  const asked: ((answer: string) => void)[] = [];
  const observer = new QueryObserver(client, {
    queryKey: ['data.orders.query', { offset: 0 }],
    queryFn: () => new Promise<string>((resolve) => asked.push(resolve)),
  });
  const shown: string[] = [];
  const unsubscribe = observer.subscribe((result) => {
    if (result.data !== undefined && shown.at(-1) !== result.data) shown.push(result.data);
  });
  cleanup = () => {
    unsubscribe();
    client.clear();
  };
  return { client, asked, shown };
}

describe('the windows of a list once its sync ended', () => {
  it('are asked again when the first answer, read while the sync ran, is still on its way', async () => {
    const { client, asked, shown } = windowOnScreen();
    expect(asked).toHaveLength(1); // asked while the sync runs
    const refetched = refetchWindows(client, 'data.orders.query'); // the sync ends
    asked[0]!('the rows so far'); // the answer read before the end arrives after it
    await expect.poll(() => asked.length).toBe(2);
    asked[1]!('every order');
    await refetched;
    expect(shown.at(-1)).toBe('every order');
  });

  it('are asked again when they already hold an answer, and show the new one', async () => {
    const { client, asked, shown } = windowOnScreen();
    asked[0]!('the rows so far');
    await expect.poll(() => shown).toEqual(['the rows so far']);
    const refetched = refetchWindows(client, 'data.orders.query');
    await expect.poll(() => asked.length).toBe(2);
    asked[1]!('every order');
    await refetched;
    expect(shown).toEqual(['the rows so far', 'every order']);
  });
});
