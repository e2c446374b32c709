// The browser host's event streams: a page that attaches late first hears what it missed, the latest of each
// state-like event and each school's latest data.invalidated (a sync that ended while the page was loading
// must still make it read again), read through a real HTTP response.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { EventStreams } from '../../../electron/browser-host/event-stream';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function serve(streams: EventStreams): Promise<string> {
  const server = createServer((_request, response) => streams.attach(response, 'session-1'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    streams.close();
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;
}

/** The events a page attaching now hears first, up to `count` of them. */
async function firstEvents(url: string, count: number): Promise<{ event: string; payload: unknown }[]> {
  const response = await fetch(url);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: { event: string; payload: unknown }[] = [];
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const data = buffer.slice(0, end).split('\n').find((line) => line.startsWith('data: '));
      buffer = buffer.slice(end + 2);
      if (data) events.push(JSON.parse(data.slice(6)) as { event: string; payload: unknown });
    }
  }
  await reader.cancel();
  return events;
}

describe('browser host event streams', () => {
  it("replays each school's latest data.invalidated to a page that attaches after it, beside the latest state events", async () => {
    const streams = new EventStreams();
    const url = await serve(streams);
    streams.publish('data.invalidated', { accountId: 'acct_a', reason: 'orders_refreshed' });
    streams.publish('data.invalidated', { accountId: 'acct_b', reason: 'students_refreshed' });
    streams.publish('data.invalidated', { accountId: 'acct_a', reason: 'back_online' });
    streams.publish('settings.changed', { theme: 'dark' });
    streams.publish('data.progress', { jobId: 'j', accountId: 'acct_a', loaded: 1, total: 2, label: 'x', done: false });

    const heard = await firstEvents(url, 3);
    expect(heard).toEqual([
      { event: 'data.invalidated', payload: { accountId: 'acct_a', reason: 'back_online' } },
      { event: 'data.invalidated', payload: { accountId: 'acct_b', reason: 'students_refreshed' } },
      { event: 'settings.changed', payload: { theme: 'dark' } },
    ]);
  });

  it('replays nothing before anything happened', async () => {
    const streams = new EventStreams();
    const url = await serve(streams);
    const pending = firstEvents(url, 1);
    // Sent after attaching: heard live, and nothing came before it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    streams.publish('data.invalidated', { accountId: 'acct_a', reason: 'orders_refreshed' });
    expect(await pending).toEqual([{ event: 'data.invalidated', payload: { accountId: 'acct_a', reason: 'orders_refreshed' } }]);
  });
});
