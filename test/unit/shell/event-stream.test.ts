// The browser bridge's event stream: reconnects after a drop and keeps delivering; stops when refused.
import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../renderer/bridge/event-stream';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function serve(handler: (response: ServerResponse, attempt: number, auth: string | undefined) => void): Promise<string> {
  let attempt = 0;
  const server = createServer((request, response) => handler(response, ++attempt, request.headers.authorization));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;
}

const frame = (event: string, payload: unknown) => `data: ${JSON.stringify({ event, payload })}\n\n`;

describe('browser bridge event stream', () => {
  it('reconnects after the stream drops and keeps delivering, with the key on every attempt', async () => {
    const keys: (string | undefined)[] = [];
    const url = await serve((response, attempt, auth) => {
      keys.push(auth);
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(frame('app.statusChanged', { attempt }));
      if (attempt === 1) response.end(); // the host went away once
    });
    const seen: unknown[] = [];
    const stream = openEventStream({ url, headers: () => ({ authorization: 'Bearer k' }), onEvent: (event, payload) => seen.push({ event, payload }) });
    closers.push(async () => stream.close());
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(2);
    expect(seen).toEqual([{ event: 'app.statusChanged', payload: { attempt: 1 } }, { event: 'app.statusChanged', payload: { attempt: 2 } }]);
    expect(keys).toEqual(['Bearer k', 'Bearer k']);
  });

  it('skips frames it cannot read and stops for good when refused', async () => {
    const url = await serve((response, attempt) => {
      if (attempt > 1) {
        response.writeHead(401);
        response.end();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(`data: not json\n\n: comment\n\n${frame('settings.changed', { theme: 'dark' })}`);
    });
    const seen: string[] = [];
    const refused: number[] = [];
    const stream = openEventStream({ url, headers: () => ({}), onEvent: (event) => seen.push(event), onRefused: (status) => refused.push(status) });
    closers.push(async () => stream.close());
    await expect.poll(() => refused, { timeout: 10_000 }).toEqual([401]);
    expect(seen).toEqual(['settings.changed']);
  });
});
