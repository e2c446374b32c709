// The guarded fetch reads a body once, under its cap, and hands the same bytes on: a page of a sync is a
// megabyte, and every copy of it on the main process is work and garbage for each page.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyBytes, guardedFetch } from '../../../electron/services/net/guarded-fetch';

let server: Server;
let base: string;
const page = JSON.stringify({ data: Array.from({ length: 2000 }, (_, k) => ({ id: `o${k}`, note: 'x'.repeat(100) })), meta: { next_cursor: null } });

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/refused') {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'insufficient_scope' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(page) });
    res.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('guardedFetch', () => {
  it('hands on the bytes it read, not a copy: the answer’s body is those very bytes', async () => {
    const response = await guardedFetch()(`${base}/page`);
    const bytes = bodyBytes(response);
    expect(bytes?.byteLength).toBe(Buffer.byteLength(page));
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.value?.buffer).toBe(bytes?.buffer);
    expect((await reader.read()).done).toBe(true);
  });

  it('still answers as a Response: JSON of a success and of a refusal', async () => {
    const fetch = guardedFetch();
    expect(((await (await fetch(`${base}/page`)).json()) as { data: unknown[] }).data).toHaveLength(2000);
    const refused = await fetch(`${base}/refused`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'insufficient_scope' });
  });
});
