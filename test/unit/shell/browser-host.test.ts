// The browser host over real HTTP on 127.0.0.1: who gets in, who does not, and that the contract works
// through it. The real services and engine run behind it (no sign-in needed for these checks).
import { request } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHost } from '../../../electron/browser-host/server';
import type { BrowserHost } from '../../../electron/browser-host/server';
import { LaunchCodes, LAUNCH_CODE_TTL_MS } from '../../../electron/browser-host/secrets';
import { BrowserSessions } from '../../../electron/browser-host/sessions';
import { memoryLogger } from '../../../electron/services/log';
import { translatorFor } from '../../../shared/i18n/i18n';
import { sendOversizedBody } from '../../support/oversized-body';

interface Reply { status: number; headers: Record<string, string | string[] | undefined>; body: string }

function call(host: BrowserHost, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path, method: options.method ?? 'GET', headers: { host: `127.0.0.1:${host.port}`, ...options.headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

let host: BrowserHost;
let dataDir: string;
let rendererDir: string;
const logger = memoryLogger();
let cookie = '';
let pageKey = '';
let launchCode = '';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sc-host-data-'));
  rendererDir = mkdtempSync(join(tmpdir(), 'sc-host-renderer-'));
  mkdirSync(join(rendererDir, 'assets'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>School Companion</title><div id="root"></div>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log("app")');
  // An export a previous run left behind (stopped before its download): no slot of this run names it.
  mkdirSync(join(dataDir, 'exports'));
  writeFileSync(join(dataDir, 'exports', 'left-by-the-last-run.csv'), 'Buyer,Email\r\nAda Lovelace,ada@example.com\r\n');
  host = await startBrowserHost({ dataDir, rendererDir, logger, school: 'http://127.0.0.1:9/', schoolLabel: 'Demo school' });
  launchCode = new URL(host.url).searchParams.get('code')!;
  const launched = await call(host, `/launch?code=${launchCode}`);
  expect(launched.status).toBe(200);
  const setCookie = String(launched.headers['set-cookie']);
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Strict/);
  cookie = setCookie.split(';')[0]!;
  pageKey = /name="sc-page-key" content="([^"]+)"/.exec(launched.body)![1]!;
});

afterAll(async () => {
  await host?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(rendererDir, { recursive: true, force: true });
});

const rpcHeaders = () => ({ cookie, authorization: `Bearer ${pageKey}`, origin: host.origin, 'content-type': 'application/json' });
const rpc = (method: string, input: unknown, headers: Record<string, string> = rpcHeaders()) => call(host, '/rpc', { method: 'POST', headers, body: JSON.stringify({ method, input }) });

describe('browser host', () => {
  it('binds to 127.0.0.1 only', async () => {
    expect(host.origin).toBe(`http://127.0.0.1:${host.port}`);
    const external = Object.values(networkInterfaces()).flat().find((info) => info && info.family === 'IPv4' && !info.internal);
    if (!external) return; // no other interface on this machine: nothing else to try
    const reached = await new Promise<boolean>((resolve) => {
      const req = request({ host: external.address, port: host.port, path: '/', timeout: 2000 }, () => resolve(true));
      req.on('error', () => resolve(false));
      req.on('timeout', () => { req.destroy(); resolve(false); });
      req.end();
    });
    expect(reached).toBe(false);
  });

  it('serves a streamed export once, as a download, to this browser only', async () => {
    const target = await host.downloads.choose('orders-2026-11-23.csv');
    expect(target.downloadUrl).toMatch(/^\/download\/[\w-]{32}$/);
    writeFileSync(target.path, 'Trade number,Paid\r\nT1,"1,00 €"\r\n');
    expect((await call(host, target.downloadUrl!)).status).toBe(401);
    expect((await call(host, target.downloadUrl!, { headers: { cookie, 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    const got = await call(host, target.downloadUrl!, { headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(got.headers['content-disposition']).toBe('attachment; filename="orders-2026-11-23.csv"');
    expect(got.body).toBe('Trade number,Paid\r\nT1,"1,00 €"\r\n');
    await expect.poll(() => existsSync(target.path)).toBe(false);
    expect((await call(host, target.downloadUrl!, { headers: { cookie } })).status).toBe(404);
    expect((await call(host, '/download/not-a-token', { headers: { cookie } })).status).toBe(404);
  });

  it('deletes at start the exports a previous run left behind', () => {
    expect(existsSync(join(dataDir, 'exports', 'left-by-the-last-run.csv'))).toBe(false);
  });

  it('answers 401 to every request without the session cookie', async () => {
    for (const path of ['/', '/index.html', '/assets/app.js', '/launch.js', '/events']) {
      expect((await call(host, path)).status).toBe(401);
    }
    expect((await rpc('app.status', {}, { authorization: `Bearer ${pageKey}`, origin: host.origin, 'content-type': 'application/json' })).status).toBe(401);
  });

  it("says why in the asking browser's language: its Accept-Language with the language on System (a browser not signed in has not said its languages)", async () => {
    const chinese = await call(host, '/', { headers: { 'accept-language': 'zh-TW,zh;q=0.9,en;q=0.8' } });
    expect(chinese.status).toBe(401);
    expect(chinese.body).toContain('<html lang="zh-TW">');
    expect(chinese.body).toContain(translatorFor('zh-TW')('main:browserHost.signedOutTitle'));
    const english = await call(host, '/', { headers: { 'accept-language': 'fr-FR,en;q=0.5' } });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain(translatorFor('en')('main:browserHost.signedOutTitle'));
    const expired = await call(host, '/launch?code=not-a-code', { headers: { 'accept-language': 'zh-Hant-HK' } });
    expect(expired.status).toBe(403);
    expect(expired.body).toContain(translatorFor('zh-TW')('main:browserHost.expiredTitle'));
  });

  it('is not locked out by a cookie of the same name another loopback port set (sent first, for its longer Path)', async () => {
    // Cookies are not isolated by port: a server on 127.0.0.1:OTHER may set sc_session_<our port>; Path=/rpc.
    const forged = `${cookie.split('=')[0]}=forged-by-another-port`;
    expect((await call(host, '/index.html', { headers: { cookie: `${forged}; ${cookie}` } })).status).toBe(200);
    expect((await rpc('app.status', {}, { ...rpcHeaders(), cookie: `${forged}; ${cookie}` })).status).toBe(200);
    expect((await call(host, '/index.html', { headers: { cookie: forged } })).status).toBe(401);
  });

  it('answers 403 to a foreign Host header (DNS rebinding), cookie or not', async () => {
    for (const hostHeader of ['evil.example.com', `localhost:${host.port}`, `evil.example.com:${host.port}`, '127.0.0.1']) {
      expect((await call(host, '/', { headers: { host: hostHeader, cookie } })).status).toBe(403);
      expect((await call(host, '/rpc', { method: 'POST', headers: { ...rpcHeaders(), host: hostHeader }, body: '{}' })).status).toBe(403);
    }
  });

  it('refuses a cross-site or non-JSON contract call, and one without the page key', async () => {
    expect((await rpc('app.status', {}, { ...rpcHeaders(), origin: 'https://evil.example.com' })).status).toBe(403);
    expect((await rpc('app.status', {}, { ...rpcHeaders(), origin: `http://localhost:${host.port}` })).status).toBe(403);
    const { origin: _origin, ...noOrigin } = rpcHeaders();
    expect((await rpc('app.status', {}, noOrigin)).status).toBe(403);
    expect((await rpc('app.status', {}, { ...rpcHeaders(), 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await rpc('app.status', {}, { ...rpcHeaders(), 'content-type': 'text/plain' })).status).toBe(415);
    // The cookie alone (which other servers on 127.0.0.1 can receive) does not drive the app.
    const { authorization: _key, ...cookieOnly } = rpcHeaders();
    expect((await rpc('app.status', {}, cookieOnly)).status).toBe(401);
    expect((await rpc('app.status', {}, { ...rpcHeaders(), authorization: 'Bearer not-the-key' })).status).toBe(401);
    expect((await call(host, '/events', { headers: { cookie } })).status).toBe(401);
  });

  it('lets a launch code in once', async () => {
    const again = await call(host, `/launch?code=${launchCode}`);
    expect(again.status).toBe(403);
    expect(again.headers['set-cookie']).toBeUndefined();
    const fresh = new URL(host.issueLaunchUrl()).searchParams.get('code')!;
    expect((await call(host, `/launch?code=${fresh}`)).status).toBe(200);
    expect((await call(host, `/launch?code=${fresh}`)).status).toBe(403);
    expect((await call(host, '/launch?code=guessed')).status).toBe(403);
  });

  it('expires launch codes after five minutes', () => {
    let now = 1_000_000;
    const codes = new LaunchCodes(() => now);
    const late = codes.issue();
    const early = codes.issue();
    expect(codes.consume(early)).toBe(true);
    now += LAUNCH_CODE_TTL_MS + 1;
    expect(codes.consume(late)).toBe(false);
  });

  it('serves the renderer with the CSP and safe headers once signed in', async () => {
    const page = await call(host, '/', { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect((await call(host, '/assets/app.js', { headers: { cookie } })).headers['content-type']).toMatch(/javascript/);
    expect((await call(host, '/%2e%2e/%2e%2e/etc/passwd', { headers: { cookie } })).status).toBe(400);
  });

  it('carries the contract: a call round trip, a typed error for bad input', async () => {
    const status = await rpc('app.status', {});
    expect(status.status).toBe(200);
    expect(status.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(status.body)).toMatchObject({ ok: true, value: { mode: 'browser', defaultSchool: { address: 'http://127.0.0.1:9/', label: 'Demo school' } } });

    const set = JSON.parse((await rpc('settings.set', { theme: 'dark' })).body);
    expect(set).toMatchObject({ ok: true, value: { theme: 'dark' } });
    expect(JSON.parse((await rpc('settings.get', {})).body)).toMatchObject({ ok: true, value: { theme: 'dark' } });

    expect(JSON.parse((await rpc('updates.status', {})).body)).toMatchObject({ ok: true, value: { supported: false } });
    expect(JSON.parse((await rpc('settings.set', { theme: 'purple' })).body)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(JSON.parse((await call(host, '/rpc', { method: 'POST', headers: rpcHeaders(), body: '{not json' })).body)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(JSON.parse((await rpc('accounts.connect', { address: 'javascript:alert(1)' })).body)).toMatchObject({ ok: false, error: { code: 'invalid_address' } });
  });

  it('delivers events over Server-Sent Events', async () => {
    const response = await fetch(`${host.origin}/events`, { headers: { cookie, authorization: `Bearer ${pageKey}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const next = async (name: string): Promise<{ event: string; payload: { theme?: string } }> => {
      for (;;) {
        const frame = /data: (.*)\n\n/.exec(buffer);
        if (frame) {
          buffer = buffer.slice(frame.index + frame[0].length);
          const message = JSON.parse(frame[1]!) as { event: string; payload: { theme?: string } };
          if (message.event === name) return message;
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    };
    // A page that connects late first gets the latest settings it missed.
    expect(await next('settings.changed')).toMatchObject({ event: 'settings.changed', payload: { theme: 'dark' } });
    await rpc('settings.set', { theme: 'light' });
    expect(await next('settings.changed')).toMatchObject({ event: 'settings.changed', payload: { theme: 'light' } });
    await reader.cancel();
  });

  it('gives each browser its own session: its own cookie and page key, listed, and revocable on its own', async () => {
    const launchB = await call(host, `/launch?code=${new URL(host.issueLaunchUrl()).searchParams.get('code')!}`, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' } });
    const cookieB = String(launchB.headers['set-cookie']).split(';')[0]!;
    const keyB = /name="sc-page-key" content="([^"]+)"/.exec(launchB.body)![1]!;
    expect(String(launchB.headers['set-cookie'])).toMatch(/Max-Age=43200/);
    expect(cookieB).not.toBe(cookie);
    expect(keyB).not.toBe(pageKey);
    const headersB = { cookie: cookieB, authorization: `Bearer ${keyB}`, origin: host.origin, 'content-type': 'application/json' };
    // One browser's page key does not work with the other's cookie.
    expect((await rpc('app.status', {}, { ...headersB, authorization: `Bearer ${pageKey}` })).status).toBe(401);
    expect((await rpc('app.status', {}, headersB)).status).toBe(200);

    const listed = JSON.parse((await rpc('security.browserSessions.list', {})).body) as { ok: true; value: { id: string; label: string; current: boolean; expiresAt: string }[] };
    const mine = listed.value.find((s) => s.current)!;
    const other = listed.value.find((s) => s.label === 'Firefox on Linux')!;
    expect(mine).toBeDefined();
    expect(other.current).toBe(false);
    expect(Date.parse(other.expiresAt) - Date.now()).toBeGreaterThan(11 * 3600_000);

    // B listens to events; A signs B out: B's stream ends and its calls are refused; A works on.
    const streamB = await fetch(`${host.origin}/events`, { headers: { cookie: cookieB, authorization: `Bearer ${keyB}` } });
    expect(streamB.status).toBe(200);
    const drained = new Response(streamB.body).text();
    expect(JSON.parse((await rpc('security.browserSessions.revoke', { sessionId: other.id })).body)).toEqual({ ok: true, value: { revoked: true } });
    await expect(drained).resolves.toContain('retry:');
    expect((await rpc('app.status', {}, headersB)).status).toBe(401);
    expect((await call(host, '/', { headers: { cookie: cookieB } })).status).toBe(401);
    expect((await rpc('app.status', {})).status).toBe(200);
  });

  it('signs every other browser out, and keeps the one asking', async () => {
    for (let i = 0; i < 2; i += 1) await call(host, `/launch?code=${new URL(host.issueLaunchUrl()).searchParams.get('code')!}`);
    const result = JSON.parse((await rpc('security.browserSessions.revokeOthers', {})).body) as { ok: true; value: { revoked: number } };
    expect(result.value.revoked).toBeGreaterThanOrEqual(2);
    const left = JSON.parse((await rpc('security.browserSessions.list', {})).body) as { value: { current: boolean }[] };
    expect(left.value).toEqual([expect.objectContaining({ current: true })]);
  });

  it('ends a session at its expiry', async () => {
    let now = Date.now();
    const sessions = new BrowserSessions(() => now, 1000);
    const issued = sessions.create('Mozilla/5.0 (Windows NT 10.0) Chrome/140.0');
    expect(issued.session.label).toBe('Chrome on Windows');
    const ended: string[] = [];
    sessions.onEnded((id) => ended.push(id));
    expect(sessions.find(issued.cookie)?.id).toBe(issued.session.id);
    now += 1001;
    expect(sessions.find(issued.cookie)).toBeNull();
    expect(ended).toEqual([issued.session.id]);
  });

  it('stops reading a contract call past 1 MiB and closes the connection', async () => {
    const outcome = await sendOversizedBody(`${host.origin}/rpc`, { ...rpcHeaders(), host: `127.0.0.1:${host.port}` });
    expect(outcome.bytesSent).toBeLessThan(16 * 1024 * 1024);
    expect([413, null]).toContain(outcome.status);
    // The host is still there for everyone else.
    expect((await rpc('app.status', {})).status).toBe(200);
  });

  it('closes the connection of a refused request instead of reading its body', async () => {
    for (const [path, headers] of [['/rpc', {}], ['/', {}], ['/rpc', { host: 'evil.example.com' }], ['/rpc', { cookie }]] as const) {
      const outcome = await sendOversizedBody(`${host.origin}${path}`, { host: `127.0.0.1:${host.port}`, ...headers }, 150 * 1024 * 1024);
      expect([401, 403, null], path).toContain(outcome.status);
      expect(outcome.sentAll, path).toBe(false);
      if (outcome.status !== null) expect(outcome.connection, path).toBe('close');
      expect(outcome.bytesSent, path).toBeLessThan(16 * 1024 * 1024);
    }
    expect((await rpc('app.status', {})).status).toBe(200);
  });

  it('never logs the session secret, the page key or a launch code', () => {
    const log = logger.lines.join('\n');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [cookie.split('=')[1]!, pageKey, launchCode]) expect(log).not.toContain(secret);
  });
});
