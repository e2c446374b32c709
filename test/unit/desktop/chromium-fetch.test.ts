// The desktop app's fetch over Electron's net, checked against a real local server. Electron cannot run here,
// so its net is stood in for: net.fetch by Node's fetch (recording what it was asked), net.request by
// node:http shaped like Electron's ClientRequest (a 3xx is reported as 'redirect', as Electron does in
// 'manual' mode). What is ours, the mapping and guardedFetch on top, is real.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumFetch, type ChromiumNet, type NetRequestLike, type NetRequestOptions } from '../../../electron/services/net/chromium-fetch';
import { guardedFetch } from '../../../electron/services/net/guarded-fetch';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/moved') return void res.writeHead(302, { location: '/target', 'x-kind': 'redirect' }).end();
    if (req.url === '/target') return void res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'sid=1' }).end('{"ok":true}');
    if (req.url === '/big') return void res.writeHead(200).end('x'.repeat(4096));
    if (req.url === '/slow') return; // never answers
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function fakeNet() {
  const fetchInits: RequestInit[] = [];
  const requests: NetRequestOptions[] = [];
  const net: ChromiumNet = {
    fetch: (input, init) => {
      fetchInits.push(init ?? {});
      return fetch(input, init);
    },
    request: (options) => {
      requests.push(options);
      const emitter = new EventEmitter() as EventEmitter & NetRequestLike;
      const headers: Record<string, string> = {};
      let req: ReturnType<typeof httpRequest> | null = null;
      emitter.setHeader = (name, value) => void (headers[name] = value);
      emitter.abort = () => req?.destroy();
      emitter.end = () => {
        req = httpRequest(options.url, { method: options.method, headers }, (res: IncomingMessage) => {
          if (res.statusCode! >= 300 && res.statusCode! < 400 && res.headers.location) {
            res.resume();
            emitter.emit('redirect', res.statusCode, options.method, new URL(res.headers.location, options.url).href, Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, [String(v)]])));
            req?.destroy();
            return;
          }
          emitter.emit('response', Object.assign(res, { statusMessage: res.statusMessage ?? '' }));
        });
        req.on('error', (error) => emitter.emit('error', error));
        req.end();
      };
      return emitter;
    },
  };
  return { net, fetchInits, requests };
}

describe("the desktop app's fetch over Chromium's network stack", () => {
  it("follows redirects through net.fetch, without the session's cookies", async () => {
    const { net, fetchInits } = fakeNet();
    const http = guardedFetch({ fetch: chromiumFetch(net) });
    const response = await http(`${base}/moved`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(fetchInits.at(-1)?.credentials).toBe('omit');
  });

  it("stops at a redirect when asked (redirect: 'manual'), answering the 3xx and its Location as Node's fetch does", async () => {
    const { net, requests } = fakeNet();
    const http = guardedFetch({ fetch: chromiumFetch(net) });
    const response = await http(`${base}/moved`, { redirect: 'manual', headers: { accept: 'application/json' } });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location')!, base).href).toBe(`${base}/target`);
    expect(response.headers.get('x-kind')).toBe('redirect');
    expect(requests).toEqual([{ method: 'GET', url: `${base}/moved`, redirect: 'manual', credentials: 'omit' }]);
    const direct = await http(`${base}/target`, { redirect: 'manual' });
    expect(await direct.json()).toEqual({ ok: true });
    expect((await http(`${base}/empty`, { redirect: 'manual' })).status).toBe(204);
  });

  it('keeps the body cap and the timeout of guardedFetch, on both paths', async () => {
    const { net } = fakeNet();
    const capped = guardedFetch({ fetch: chromiumFetch(net), maxBodyBytes: 1024 });
    await expect(capped(`${base}/big`)).rejects.toMatchObject({ code: 'bad_response' });
    await expect(capped(`${base}/big`, { redirect: 'manual' })).rejects.toMatchObject({ code: 'bad_response' });
    const impatient = guardedFetch({ fetch: chromiumFetch(net), timeoutMs: 200 });
    await expect(impatient(`${base}/slow`)).rejects.toMatchObject({ code: 'unreachable' });
    await expect(impatient(`${base}/slow`, { redirect: 'manual' })).rejects.toMatchObject({ code: 'unreachable' });
    const controller = new AbortController();
    const pending = impatient(`${base}/slow`, { redirect: 'manual', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
  });
});
