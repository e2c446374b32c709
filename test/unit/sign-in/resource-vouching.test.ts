// Where tokens may go when a site names another origin's sign-in server (docs/security.md, "Where tokens may
// go"): any site can serve protected-resource metadata naming a real platform's sign-in server, so that server
// must vouch for the API (its metadata lists it, or it refuses a resource it does not serve with
// invalid_target and not this one), before the browser opens; every token request names the API; and connect
// or sign-in never moves an account that is already connected.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppError } from '../../../shared/errors';
import { AuthService } from '../../../electron/services/auth/auth-service';
import { UNSERVED_RESOURCE, vouchingFor } from '../../../electron/services/auth/resource-vouching';
import { memoryLogger } from '../../../electron/services/log';
import { fakeCipher, tempDir } from '../../integration/sign-in/harness';
import { authorizationServerMetadata, json, redirectingBrowser, startScriptedPlatform, type ScriptedPlatform } from './scripted-platform';

/** The admin's real platform (sign-in server and API). */
let school: ScriptedPlatform;
/** Another site: a hostile one, or (where the platform serves it) a school's own domain in front of the platform. */
let site: { url: string; close(): Promise<void> };
/** What the other site serves at its protected-resource metadata (anything else: 404). */
let siteMetadata: Record<string, unknown>;
/** Every request the other site saw that carried credentials of any kind. */
let credentialed: string[] = [];
const dirs: { remove(): Promise<void> }[] = [];
const bodies: Record<string, string[]> = {};

async function startSite() {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://site');
      if (req.headers.authorization || /token|code/i.test(body) || /token|code/i.test(url.search)) credentialed.push(`${req.method} ${url.pathname}`);
      if (url.pathname === '/.well-known/oauth-protected-resource') return json(res, 200, siteMetadata);
      json(res, 404, { error: 'not_found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }),
  };
}

beforeAll(async () => {
  [school, site] = await Promise.all([startScriptedPlatform(), startSite()]);
});
beforeEach(() => {
  school.reset();
  for (const key of Object.keys(bodies)) delete bodies[key];
  credentialed = [];
  // By default the other site only names the school's sign-in server, and no `resource`: the attack.
  siteMetadata = { authorization_servers: [school.url] };
  for (const path of ['/token', '/revoke']) {
    const handler = school.handlers.get(path)!;
    school.handlers.set(path, (req, url, res, body) => {
      (bodies[path] ??= []).push(body);
      handler(req, url, res, body);
    });
  }
});
afterAll(async () => {
  await Promise.all([school.close(), site.close(), ...dirs.map((d) => d.remove())]);
});

async function refusalOf(attempt: Promise<unknown>): Promise<AppError> {
  try {
    await attempt;
  } catch (error) {
    return error as AppError;
  }
  throw new Error('The sign-in was expected to be refused.');
}

async function app() {
  const dir = await tempDir();
  dirs.push(dir);
  const opened: string[] = [];
  const browser = redirectingBrowser();
  const clock = { offsetMs: 0 };
  const auth = await AuthService.open({
    dataDir: dir.path, cipher: fakeCipher(), logger: memoryLogger(), receiverTimeoutMs: 2_000, now: () => Date.now() + clock.offsetMs,
    openExternal: async (url) => { opened.push(url); await browser.open(url); },
  });
  return { auth, opened, clock, dir: dir.path };
}

/** What the discovery cache on disk holds (empty when it was never written). */
const cachedDiscovery = (dir: string) => readFile(join(dir, 'metadata-cache.json'), 'utf8').catch(() => '');

/** The school's sign-in server metadata, with `protected_resources` when given. */
function schoolMetadata(protectedResources?: string[]) {
  school.handlers.set('/.well-known/oauth-authorization-server', (_q, _u, res) => json(res, 200, { ...authorizationServerMetadata(school.url), ...(protectedResources ? { protected_resources: protectedResources } : {}) }));
}

/**
 * The school's authorization endpoint as a careful platform has it: a request for a resource it does not serve
 * is sent back with invalid_target before anyone signs in; any other request gets its sign-in page.
 */
function authorizationEndpoint(served: string[] | 'any') {
  school.handlers.set('/authorize', (_req: IncomingMessage, url: URL, res: ServerResponse) => {
    const resource = url.searchParams.get('resource');
    if (served !== 'any' && resource !== null && !served.includes(resource.replace(/\/$/, ''))) {
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.search = new URLSearchParams({ error: 'invalid_target', state: url.searchParams.get('state')!, iss: school.url }).toString();
      res.writeHead(303, { location: back.href });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<h1>Sign in</h1>');
  });
}

describe('the rule, from the sign-in server’s metadata', () => {
  const as = (issuer: string, listed?: string[]) => ({ ...authorizationServerMetadata(issuer), ...(listed ? { protected_resources: listed } : {}) }) as oauth.AuthorizationServer;

  it('on the address’s own origin it needs nothing more; elsewhere a list naming the API; without a list it must be asked', () => {
    expect(vouchingFor(as('https://school.example'), new URL('https://school.example/'), 'https://school.example')).toBe('same_origin');
    expect(vouchingFor(as('https://auth.platform.example', ['https://school.example/']), new URL('https://school.example/'), 'https://school.example')).toBe('protected_resources');
    expect(vouchingFor(as('https://auth.platform.example'), new URL('https://school.example/'), 'https://school.example')).toBeNull();
  });

  it('a list that leaves the API out is refused wherever the server is, naming both addresses', () => {
    for (const issuer of ['https://school.example', 'https://platform.example']) {
      expect(() => vouchingFor(as(issuer, ['https://platform.example']), new URL('https://school.example/'), 'https://school.example')).toThrow(
        expect.objectContaining({ code: 'issuer_mismatch', message: expect.stringMatching(/https:\/\/school\.example.*https:\/\/(school|platform)\.example/) }),
      );
    }
  });
});

describe('a site naming another origin’s sign-in server, before the browser opens', () => {
  it('is refused when the sign-in server lists the APIs it serves and not this one; nothing is registered or sent', async () => {
    schoolMetadata([school.url]);
    const e = await app();
    const refusal = await refusalOf(e.auth.connect(site.url));
    expect(refusal).toMatchObject({ code: 'issuer_mismatch' });
    expect(refusal.message).toContain(site.url);
    expect(refusal.message).toContain(school.url);
    expect(e.opened).toEqual([]);
    expect(school.hits['/register'] ?? 0).toBe(0);
    expect(school.hits['/token'] ?? 0).toBe(0);
    expect(credentialed).toEqual([]);
  });

  it('is refused when the sign-in server answers invalid_target for it', async () => {
    schoolMetadata();
    authorizationEndpoint([school.url]);
    const e = await app();
    const refusal = await refusalOf(e.auth.connect(site.url));
    expect(refusal).toMatchObject({ code: 'issuer_mismatch' });
    expect(refusal.message).toContain(`${site.url} sends you to sign in at ${school.url}, which says it does not serve ${site.url}`);
    expect(e.opened).toEqual([]);
    expect(await cachedDiscovery(e.dir)).not.toContain(site.url); // nothing the refused address served is kept
    expect(school.hits['/authorize']).toBe(1);
    expect(school.hits['/token'] ?? 0).toBe(0);
    expect(credentialed).toEqual([]);
  });

  it('is refused when the sign-in server lists no APIs and does not check resources at all', async () => {
    schoolMetadata();
    authorizationEndpoint('any');
    const e = await app();
    const refusal = await refusalOf(e.auth.connect(site.url));
    expect(refusal).toMatchObject({ code: 'issuer_mismatch' });
    expect(refusal.message).toContain('does not confirm that it serves');
    expect(refusal.message).toContain(site.url);
    expect(e.opened).toEqual([]);
    expect(school.hits['/authorize']).toBe(2);
    expect(school.hits['/token'] ?? 0).toBe(0);
  });

  it('is accepted when the sign-in server refuses a resource it does not serve and not this one; the tokens are bound to it', async () => {
    schoolMetadata();
    authorizationEndpoint([school.url, site.url]);
    siteMetadata = { resource: site.url, authorization_servers: [school.url] };
    const e = await app();
    const account = await e.auth.connect(site.url);
    expect(account).toMatchObject({ issuer: school.url, signInOrigin: school.url });
    expect(e.opened).toHaveLength(1);
    expect(new URL(e.opened[0]!).searchParams.get('resource')).toBe(site.url);
    expect(new URLSearchParams(bodies['/token']![0]).get('resource')).toBe(site.url);
    expect(UNSERVED_RESOURCE).toMatch(/\.invalid\/$/);
  });
});

describe('the resource indicator', () => {
  it('is always sent, the typed address when the platform names no API: authorization, code and refresh', async () => {
    school.handlers.delete('/.well-known/oauth-protected-resource');
    const e = await app();
    const account = await e.auth.connect(school.url);
    expect(new URL(e.opened[0]!).searchParams.get('resource')).toBe(school.url);
    e.clock.offsetMs = 3_600_000; // the access token expired: the next call refreshes
    await e.auth.accessToken(account.id);
    expect(bodies['/token']!.map((body) => new URLSearchParams(body).get('resource'))).toEqual([school.url, school.url]);
    expect(new URLSearchParams(bodies['/token']![1]).get('grant_type')).toBe('refresh_token');
  });
});

describe('connect and sign-in never move a connected school', () => {
  it('a sign-in that reaches a connected school through another API is refused, its tokens revoked, and the account keeps working where it was', async () => {
    // A platform that serves two addresses: a later connect through the second must not re-point the account.
    schoolMetadata([school.url, site.url]);
    siteMetadata = { resource: site.url, authorization_servers: [school.url] };
    const e = await app();
    const connected = await e.auth.connect(school.url);
    const token = await e.auth.accessToken(connected.id);

    const refusal = await refusalOf(e.auth.connect(site.url));
    expect(refusal).toMatchObject({ code: 'issuer_mismatch' });
    expect(refusal.message).toContain(`Scripted School is already connected, with its API at ${school.url}. This sign-in came through ${site.url}`);
    expect(refusal.message).toContain('was revoked');
    expect(bodies['/revoke']!.some((body) => new URLSearchParams(body).get('token') === school.issued.refreshTokens.at(-1))).toBe(true);

    expect(e.auth.listAccounts()).toHaveLength(1);
    expect(e.auth.apiBase(connected.id)).toBe(school.url);
    expect(await e.auth.accessToken(connected.id)).toBe(token);
    expect(credentialed).toEqual([]);

    // Sign in again starts where the school was connected, and leaves it there.
    await e.auth.signInAgain(connected.id);
    expect(e.auth.apiBase(connected.id)).toBe(school.url);
    expect(new URL(e.opened.at(-1)!).searchParams.get('resource')).toBe(school.url);
  });
});
