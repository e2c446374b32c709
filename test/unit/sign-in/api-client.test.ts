// The API client against a scripted platform, signed in through real sign-in: retries, Retry-After,
// refresh-and-retry, missing scopes, validation, size and type checks, paging, cancellation, offline.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiClient } from '../../../electron/services/api/api-client';
import { AuthService } from '../../../electron/services/auth/auth-service';
import { memoryLogger } from '../../../electron/services/log';
import { fakeCipher, tempDir } from '../../integration/sign-in/harness';
import { json, redirectingBrowser, startScriptedPlatform, type ScriptedPlatform } from './scripted-platform';

let platform: ScriptedPlatform;
let auth: AuthService;
let accountId: string;
const logger = memoryLogger();
let cleanup: () => Promise<void>;

beforeAll(async () => {
  platform = await startScriptedPlatform();
  const dir = await tempDir('api-');
  cleanup = dir.remove;
  auth = await AuthService.open({ dataDir: dir.path, cipher: fakeCipher(), logger, openExternal: redirectingBrowser().open, receiverTimeoutMs: 2_000 });
  accountId = (await auth.connect(platform.url)).id;
});
afterAll(async () => {
  await platform.close();
  await cleanup();
});
beforeEach(() => {
  // Keep the sign-in answers; drop the business routes a test set up.
  for (const path of [...platform.handlers.keys()]) if (path.startsWith('/api/v1') || path === '/openapi.json') platform.handlers.delete(path);
  for (const key of Object.keys(platform.hits)) delete platform.hits[key];
});

const School = z.object({ id: z.string(), name: z.string() });
const current = () => platform.issued.accessTokens.at(-1);

function client(options: Partial<ConstructorParameters<typeof ApiClient>[1]> = {}) {
  const sleeps: number[] = [];
  const api = new ApiClient(auth, { logger, random: () => 1, sleep: async (ms) => { sleeps.push(ms); }, ...options });
  return { api, sleeps };
}

/** Answers in turn with the given responders, then keeps using the last. */
function sequence(path: string, ...answers: ((res: Parameters<typeof json>[0], authorization: string | undefined) => void)[]) {
  let i = 0;
  platform.handlers.set(path, (req, _u, res) => answers[Math.min(i++, answers.length - 1)]!(res, req.headers.authorization));
}
const ok = (res: Parameters<typeof json>[0], authorization: string | undefined) =>
  authorization === `Bearer ${current()}` ? json(res, 200, { id: 's1', name: 'School' }) : json(res, 401, { error: 'invalid_token' }, { 'www-authenticate': 'Bearer error="invalid_token"' });

describe('ApiClient', () => {
  it('sends the bearer token and validates the answer', async () => {
    sequence('/api/v1/school', ok);
    await expect(client().api.call(accountId, 'getSchool', School)).resolves.toEqual({ id: 's1', name: 'School' });
  });

  it.each(['..', '.', '%2e%2E', '%2E'])('refuses the path parameter %s, which would reach another API path, without sending anything', async (id) => {
    sequence('/api/v1/courses', (res) => json(res, 200, { data: [] }));
    sequence('/api/v1', (res) => json(res, 200, { id: 's1', name: 'School' }));
    await expect(client().api.call(accountId, 'getCourse', z.unknown(), { path: { course_id: id } })).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('not a valid identifier') });
    expect(Object.keys(platform.hits).filter((path) => path.startsWith('/api/v1'))).toEqual([]);
  });

  it('encodes dots and slashes in a path parameter, so it stays one segment', async () => {
    platform.handlers.set('/api/v1/courses/a%2E%2E%2Fb', (_req, _u, res) => json(res, 200, { id: 'c1' }));
    await expect(client().api.call(accountId, 'getCourse', z.object({ id: z.string() }), { path: { course_id: 'a../b' } })).resolves.toEqual({ id: 'c1' });
  });

  it('retries a read after 5xx with exponential backoff, then succeeds', async () => {
    sequence('/api/v1/school', (res) => json(res, 503, {}), (res) => json(res, 500, {}), ok);
    const { api, sleeps } = client();
    await expect(api.call(accountId, 'getSchool', School)).resolves.toMatchObject({ id: 's1' });
    expect(sleeps).toEqual([250, 500]);
    expect(platform.hits['/api/v1/school']).toBe(3);
  });

  it('gives up with server_error after its retries', async () => {
    sequence('/api/v1/school', (res) => json(res, 502, {}));
    const { api } = client({ maxRetries: 2 });
    await expect(api.call(accountId, 'getSchool', School)).rejects.toMatchObject({ code: 'server_error' });
    expect(platform.hits['/api/v1/school']).toBe(3);
  });

  it('does not repeat a write after a 500', async () => {
    sequence('/api/v1/courses/c1/publish', (res) => json(res, 500, {}));
    await expect(client().api.call(accountId, 'publishCourse', z.unknown(), { path: { course_id: 'c1' } })).rejects.toMatchObject({ code: 'server_error' });
    expect(platform.hits['/api/v1/courses/c1/publish']).toBe(1);
  });

  it('honours Retry-After in seconds and as an HTTP date on 429', async () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    sequence('/api/v1/school',
      (res) => json(res, 429, { error: 'rate_limited' }, { 'retry-after': '2' }),
      (res) => json(res, 429, { error: 'rate_limited' }, { 'retry-after': new Date(now + 5_000).toUTCString() }),
      ok);
    const { api, sleeps } = client({ now: () => now });
    await expect(api.call(accountId, 'getSchool', School)).resolves.toMatchObject({ id: 's1' });
    expect(sleeps).toEqual([2_000, 5_000]);
  });

  it('reports rate_limited with the wait when Retry-After is beyond its patience', async () => {
    sequence('/api/v1/school', (res) => json(res, 429, {}, { 'retry-after': '3600' }));
    const { api, sleeps } = client();
    await expect(api.call(accountId, 'getSchool', School)).rejects.toMatchObject({ code: 'rate_limited', retryAfterSeconds: 3600 });
    expect(sleeps).toEqual([]);
  });

  it('refreshes once on 401 invalid_token and retries once', async () => {
    const before = current();
    let calls = 0;
    platform.handlers.set('/api/v1/school', (req, _u, res) => {
      calls++;
      if (calls === 1) return json(res, 401, { error: 'invalid_token' }, { 'www-authenticate': 'Bearer error="invalid_token", error_description="expired"' });
      ok(res, req.headers.authorization);
    });
    await expect(client().api.call(accountId, 'getSchool', School)).resolves.toMatchObject({ id: 's1' });
    expect(platform.hits['/token']).toBe(1);
    expect(current()).not.toBe(before);
    expect(calls).toBe(2);
  });

  it('asks for sign-in when the renewed token is refused too', async () => {
    sequence('/api/v1/school', (res) => json(res, 401, { error: 'invalid_token' }, { 'www-authenticate': 'Bearer error="invalid_token"' }));
    await expect(client().api.call(accountId, 'getSchool', School)).rejects.toMatchObject({ code: 'sign_in_needed' });
    expect(platform.hits['/token']).toBe(1);
    expect(platform.hits['/api/v1/school']).toBe(2);
  });

  it('keeps the account signed in when the refresh itself hits a server error', async () => {
    const tokenHandler = platform.handlers.get('/token')!;
    platform.handlers.set('/token', (_q, _u, res) => json(res, 500, { error: 'server_error' }));
    sequence('/api/v1/school', (res) => json(res, 401, { error: 'invalid_token' }, { 'www-authenticate': 'Bearer error="invalid_token"' }));
    try {
      await expect(client().api.call(accountId, 'getSchool', School)).rejects.toMatchObject({ code: 'server_error' });
      expect(auth.listAccounts()[0]!.status).toBe('signed_in');
    } finally {
      platform.handlers.set('/token', tokenHandler);
    }
  });

  it('names the missing scope from the challenge on 403 insufficient_scope', async () => {
    sequence('/api/v1/orders', (res) => json(res, 403, { error: 'insufficient_scope' }, { 'www-authenticate': 'Bearer error="insufficient_scope", scope="orders:read"' }));
    await expect(client().api.call(accountId, 'listOrders', z.unknown())).rejects.toMatchObject({ code: 'insufficient_scope', missingScopes: ['orders:read'] });
  });

  it("falls back to the operation's scope in /openapi.json when the challenge names none", async () => {
    sequence('/api/v1/coupons', (res) => json(res, 403, { error: 'insufficient_scope' }, { 'www-authenticate': 'Bearer error="insufficient_scope"' }));
    platform.handlers.set('/openapi.json', (_q, _u, res) => json(res, 200, { openapi: '3.1.0', paths: { '/api/v1/coupons': { get: { operationId: 'listCoupons', 'x-required-scope': 'coupons:special' } } } }));
    await expect(client().api.call(accountId, 'listCoupons', z.unknown())).rejects.toMatchObject({ code: 'insufficient_scope', missingScopes: ['coupons:special'] });
    expect(platform.hits['/openapi.json']).toBe(1);
  });

  it('reports where the answer broke its schema, never what it contained', async () => {
    sequence('/api/v1/school', (res) => json(res, 200, { id: 42, name: 'private-person@example.com' }));
    const error = (await client().api.call(accountId, 'getSchool', School).then(() => null, (e: unknown) => e)) as Error & { code: string };
    expect(error.code).toBe('bad_response');
    expect(error.message).toContain('at id');
    expect(error.message).not.toContain('private-person');
    expect(JSON.stringify(error)).not.toContain('private-person');
  });

  it('refuses an answer that is not JSON, or too large', async () => {
    platform.handlers.set('/api/v1/school', (_q, _u, res) => { res.writeHead(200, { 'content-type': 'text/html' }); res.end('<html>'); });
    await expect(client().api.call(accountId, 'getSchool', School)).rejects.toMatchObject({ code: 'bad_response' });
    platform.handlers.set('/api/v1/school', (_q, _u, res) => json(res, 200, { id: 's1', name: 'x'.repeat(200_000) }));
    await expect(client({ maxBodyBytes: 100_000 }).api.call(accountId, 'getSchool', School)).rejects.toMatchObject({ code: 'bad_response' });
  });

  it('hands back a JSON answer unparsed as bytes, with the same token, retries and type and size checks', async () => {
    sequence('/api/v1/school', (res) => json(res, 503, {}), ok);
    const { api, sleeps } = client();
    const bytes = await api.callBytes(accountId, 'getSchool');
    expect(JSON.parse(new TextDecoder().decode(bytes))).toEqual({ id: 's1', name: 'School' });
    expect(sleeps).toEqual([250]);
    platform.handlers.set('/api/v1/school', (_q, _u, res) => { res.writeHead(200, { 'content-type': 'text/html' }); res.end('<html>'); });
    await expect(client().api.callBytes(accountId, 'getSchool')).rejects.toMatchObject({ code: 'bad_response' });
    platform.handlers.set('/api/v1/school', (_q, _u, res) => json(res, 200, { id: 'x'.repeat(200_000) }));
    await expect(client({ maxBodyBytes: 100_000 }).api.callBytes(accountId, 'getSchool')).rejects.toMatchObject({ code: 'bad_response' });
    // A compressed answer's length header says nothing about what it decodes to: the cap holds on the decoded bytes.
    const bomb = gzipSync(JSON.stringify({ id: 'x'.repeat(200_000) }));
    platform.handlers.set('/api/v1/school', (_q, _u, res) => { res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': bomb.byteLength }); res.end(bomb); });
    await expect(client({ maxBodyBytes: 100_000 }).api.callBytes(accountId, 'getSchool')).rejects.toMatchObject({ code: 'bad_response' });
    // Without a length header (chunked), read chunk by chunk under the cap.
    platform.handlers.set('/api/v1/school', (_q, _u, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.write(`{"id":"${'x'.repeat(60_000)}`); res.end(`${'x'.repeat(60_000)}"}`); });
    await expect(client({ maxBodyBytes: 100_000 }).api.callBytes(accountId, 'getSchool')).rejects.toMatchObject({ code: 'bad_response' });
    const small = gzipSync(JSON.stringify({ id: 's1', name: 'School' }));
    platform.handlers.set('/api/v1/school', (_q, _u, res) => { res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': small.byteLength }); res.end(small); });
    expect(JSON.parse(new TextDecoder().decode(await client().api.callBytes(accountId, 'getSchool')))).toEqual({ id: 's1', name: 'School' });
  });

  it('follows next_cursor through every page and reports progress', async () => {
    const pages: Record<string, unknown> = {
      '': { data: [{ n: 1 }, { n: 2 }], meta: { total: 5, limit: 2, next_cursor: 'p2' } },
      p2: { data: [{ n: 3 }, { n: 4 }], meta: { total: 5, limit: 2, next_cursor: 'p3' } },
      p3: { data: [{ n: 5 }], meta: { total: 5, limit: 2, next_cursor: null } },
    };
    platform.handlers.set('/api/v1/students', (_q, url, res) => json(res, 200, pages[url.searchParams.get('cursor') ?? '']));
    const progress: [number, number][] = [];
    const items = await client().api.paginate(accountId, 'listStudents', z.object({ n: z.int() }), { query: { limit: 2 }, onPage: (loaded, total) => progress.push([loaded, total]) });
    expect(items.map((i) => i.n)).toEqual([1, 2, 3, 4, 5]);
    expect(progress).toEqual([[2, 5], [4, 5], [5, 5]]);
  });

  it('stops paging when the platform repeats a cursor', async () => {
    platform.handlers.set('/api/v1/students', (_q, _u, res) => json(res, 200, { data: [{ n: 1 }], meta: { total: 9, limit: 1, next_cursor: 'same' } }));
    await expect(client().api.paginate(accountId, 'listStudents', z.object({ n: z.int() }))).rejects.toMatchObject({ code: 'bad_response' });
  });

  it('goes offline after network failures, and back to signed in on the next success', async () => {
    platform.handlers.set('/api/v1/school', (_q, _u, res) => res.socket?.destroy());
    const { api, sleeps } = client({ maxRetries: 2 });
    await expect(api.call(accountId, 'getSchool', School)).rejects.toMatchObject({ code: 'offline' });
    expect(sleeps).toHaveLength(2);
    expect(auth.listAccounts()[0]!.status).toBe('offline');
    sequence('/api/v1/school', ok);
    await api.call(accountId, 'getSchool', School);
    expect(auth.listAccounts()[0]!.status).toBe('signed_in');
  });

  it('once the platform is known to be away, fails at once without retrying, until it answers again', async () => {
    platform.handlers.set('/api/v1/school', (_q, _u, res) => res.socket?.destroy());
    const { api, sleeps } = client({ maxRetries: 2 });
    await expect(api.call(accountId, 'getSchool', School)).rejects.toMatchObject({ code: 'offline' });
    expect(sleeps).toHaveLength(2);
    const before = platform.hits['/api/v1/school'] ?? 0;
    await expect(api.call(accountId, 'getSchool', School)).rejects.toMatchObject({ code: 'offline' });
    expect(sleeps).toHaveLength(2);
    expect(platform.hits['/api/v1/school']).toBe(before + 1);

    sequence('/api/v1/school', ok);
    await api.call(accountId, 'getSchool', School);
    platform.handlers.set('/api/v1/school', (_q, _u, res) => res.socket?.destroy());
    await expect(api.call(accountId, 'getSchool', School)).rejects.toMatchObject({ code: 'offline' });
    expect(sleeps).toHaveLength(4); // a blip again after it answered: retried as before
  });

  it('times out a request that never answers', async () => {
    platform.handlers.set('/api/v1/school', () => undefined);
    await expect(client({ timeoutMs: 100, maxRetries: 0 }).api.call(accountId, 'getSchool', School)).rejects.toMatchObject({ code: 'offline' });
  });

  it('can be cancelled', async () => {
    platform.handlers.set('/api/v1/school', () => undefined);
    const controller = new AbortController();
    const pending = client().api.call(accountId, 'getSchool', School, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('never logged a token', () => {
    const log = logger.lines.join('\n');
    expect(platform.issued.accessTokens.length).toBeGreaterThan(1);
    for (const secret of [...platform.issued.accessTokens, ...platform.issued.refreshTokens]) expect(log).not.toContain(secret);
  });
});
