// Queries asked again because what they read changed (renderer/data/read-again.ts). When a list's sync ends, a
// window asked while the sync ran and answered only after it ended must not stay on screen with the rows so far
// (the Orders e2e spec dashboards-orders-load shows the same in Chromium after a Cancel and Load orders). When
// the main process says an account's data changed while a screen's first answer is on its way (Today just
// after a restart, read from the saved copy while the refresh after it runs), that answer must not stay either.
import { afterEach, describe, expect, it } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { createQueryClient } from '../../../renderer/data/query-client';
import { readAccountAgain, readWindowsAgain } from '../../../renderer/data/read-again';

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
});

/** A list whose answers the test releases one by one, as the main process would send them. */
function onScreen(queryKey: readonly unknown[] = ['data.orders.query', { offset: 0 }]) {
  const client = createQueryClient();
  const asked: ((answer: string) => void)[] = [];
  const observer = new QueryObserver(client, {
    queryKey,
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
    const { client, asked, shown } = onScreen();
    expect(asked).toHaveLength(1); // asked while the sync runs
    const refetched = readWindowsAgain(client, 'data.orders.query'); // the sync ends
    asked[0]!('the rows so far'); // the answer read before the end arrives after it
    await expect.poll(() => asked.length).toBe(2);
    asked[1]!('every order');
    await refetched;
    expect(shown.at(-1)).toBe('every order');
  });

  it('are asked again when they already hold an answer, and show the new one', async () => {
    const { client, asked, shown } = onScreen();
    asked[0]!('the rows so far');
    await expect.poll(() => shown).toEqual(['the rows so far']);
    const refetched = readWindowsAgain(client, 'data.orders.query');
    await expect.poll(() => asked.length).toBe(2);
    asked[1]!('every order');
    await refetched;
    expect(shown).toEqual(['the rows so far', 'every order']);
  });
});

describe("an account's data once the main process said it changed", () => {
  const today = ['data.today', { accountId: 'acct_a', fallbackTimeZone: 'Asia/Taipei' }];

  it('is asked again when the first answer, read before the change, is still on its way', async () => {
    const { client, asked, shown } = onScreen(today);
    expect(asked).toHaveLength(1);
    const refreshed = readAccountAgain(client, 'acct_a'); // data.invalidated: the refresh after a restart ended
    asked[0]!('the saved copy');
    await expect.poll(() => asked.length).toBe(2);
    asked[1]!('the platform now');
    await refreshed;
    expect(shown.at(-1)).toBe('the platform now');
  });

  it("leaves another account's screens alone", async () => {
    const { client, asked } = onScreen(today);
    asked[0]!('the saved copy');
    await readAccountAgain(client, 'acct_b');
    expect(asked).toHaveLength(1);
  });
});
