// The API client's explorer side against a scripted platform: an operation described by the platform's
// /openapi.json is called with the same bearer and path rules; the document is read on the API's origin,
// unauthenticated, and refused when it is not JSON or far too large.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiClient } from '../../../electron/services/api/api-client';
import { AuthService } from '../../../electron/services/auth/auth-service';
import { memoryLogger } from '../../../electron/services/log';
import { rm } from 'node:fs/promises';
import { fakeCipher, tempDir } from '../../integration/sign-in/harness';
import { json, redirectingBrowser, startScriptedPlatform, type ScriptedPlatform } from './scripted-platform';

let platform: ScriptedPlatform;
let auth: AuthService;
let accountId: string;
const logger = memoryLogger();
let cleanup: () => Promise<void>;

beforeAll(async () => {
  platform = await startScriptedPlatform();
  const dir = await tempDir('api-described-');
  // A token refresh may still be writing the account file as the suite ends: retry the removal.
  cleanup = () => rm(dir.path, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  auth = await AuthService.open({ dataDir: dir.path, cipher: fakeCipher(), logger, openExternal: redirectingBrowser().open, receiverTimeoutMs: 2_000 });
  accountId = (await auth.connect(platform.url)).id;
});
afterAll(async () => {
  await platform.close();
  await cleanup();
});
beforeEach(() => {
  for (const path of [...platform.handlers.keys()]) if (path.startsWith('/api/v1') || path === '/openapi.json') platform.handlers.delete(path);
});

const api = () => new ApiClient(auth, { logger, random: () => 1, sleep: async () => undefined });

describe('ApiClient, described operations', () => {
  it('PATCHes the document path with the bearer and the JSON body, the id encoded', async () => {
    let seen: { authorization: string | undefined; method: string | undefined; url: string | undefined } | null = null;
    platform.handlers.set('/api/v1/posts/p%2F1', (req, _u, res) => {
      seen = { authorization: req.headers.authorization, method: req.method, url: req.url };
      json(res, 200, { id: 'p/1', title: 'New' });
    });
    const answer = await api().callOperation(accountId, { operationId: 'updatePost', method: 'PATCH', path: '/api/v1/posts/{post_id}', scope: 'posts:write' }, z.object({ id: z.string() }).loose(), { path: { post_id: 'p/1' }, body: { title: 'New' } });
    expect(answer).toEqual({ id: 'p/1', title: 'New' });
    expect(seen).toMatchObject({ method: 'PATCH', url: '/api/v1/posts/p%2F1', authorization: expect.stringMatching(/^Bearer /) });
  });

  it('reads /openapi.json without a token, and refuses one that is not JSON or too large', async () => {
    let authorization: string | undefined = 'unset';
    platform.handlers.set('/openapi.json', (req, _u, res) => {
      authorization = req.headers.authorization;
      json(res, 200, { openapi: '3.1.0', paths: {} });
    });
    await expect(api().openApiDocument(accountId)).resolves.toEqual({ openapi: '3.1.0', paths: {} });
    expect(authorization).toBeUndefined();
    platform.handlers.set('/openapi.json', (_req, _u, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{not json');
    });
    await expect(api().openApiDocument(accountId)).rejects.toMatchObject({ code: 'bad_response' });
    platform.handlers.set('/openapi.json', (_req, _u, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`"${'x'.repeat(6 * 1024 * 1024)}"`);
    });
    await expect(api().openApiDocument(accountId)).rejects.toMatchObject({ code: 'bad_response', message: expect.stringContaining('larger than 5 MB') });
  });

  it('follows a redirect of /openapi.json only on the API’s own origin, never to another address', async () => {
    const elsewhere = await startScriptedPlatform();
    try {
      elsewhere.handlers.set('/internal/admin', (_req, _u, res) => json(res, 200, { openapi: '3.1.0', paths: {} }));
      const redirect = (to: string) => (_req: unknown, _u: unknown, res: ServerResponse) => {
        res.writeHead(302, { location: to });
        res.end();
      };
      platform.handlers.set('/openapi.json', redirect('/v2/openapi.json'));
      platform.handlers.set('/v2/openapi.json', (_req, _u, res) => json(res, 200, { openapi: '3.1.0', paths: { '/api/v1/x': {} } }));
      await expect(api().openApiDocument(accountId)).resolves.toMatchObject({ paths: { '/api/v1/x': {} } });

      platform.handlers.set('/openapi.json', redirect(`${elsewhere.url}/internal/admin`));
      await expect(api().openApiDocument(accountId)).rejects.toMatchObject({ code: 'bad_response', message: expect.stringContaining('another site') });
      // The scope lookup behind a 403 that names no scope reads it the same way.
      platform.handlers.set('/api/v1/coupons', (_req, _u, res) => json(res, 403, { error: 'insufficient_scope' }, { 'www-authenticate': 'Bearer error="insufficient_scope"' }));
      await expect(api().call(accountId, 'listCoupons', z.unknown())).rejects.toMatchObject({ code: 'insufficient_scope' });
      expect(elsewhere.hits['/internal/admin'] ?? 0).toBe(0);
    } finally {
      await elsewhere.close();
    }
  });
});
