// "Authentication" 7-9 on every business operation the sandbox publishes: anonymous where the operation allows
// it, 401 otherwise, 401 invalid_token for a bad token, 403 insufficient_scope naming the operation's scope,
// and through with a token that has it. The operations come from /openapi.json, so a new route is covered
// the day it is added.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES } from '../../../shared/scopes';
import type { Sandbox } from '../../sandbox';
import { signIn, startOAuthRig, type LoopbackReceiver, type OAuthRig } from './harness';

interface Operation { method: string; path: string; scope: string; anonymous: boolean }

let sandbox: Sandbox;
let browser: Browser;
let receiver: LoopbackReceiver;
let operations: Operation[];
let everything: string;
let openidOnly: string;
let rig: OAuthRig | undefined;

beforeAll(async () => {
  rig = await startOAuthRig({ orders: 500 });
  ({ sandbox, browser, receiver } = rig);
  const { as, client } = rig;
  everything = (await signIn(browser, as, client, receiver, ALL_SCOPES.join(' '))).tokens.access_token;
  openidOnly = (await signIn(browser, as, client, receiver, 'openid')).tokens.access_token;
  const openapi = (await (await fetch(`${sandbox.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, Record<string, unknown>>> };
  operations = Object.entries(openapi.paths)
    .filter(([path]) => path.startsWith('/api/v1/'))
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(), path, scope: op['x-required-scope'] as string, anonymous: 'x-anonymous' in op,
    })));
});
afterAll(() => rig?.close());

function call(op: Operation, accessToken?: string): Promise<Response> {
  const url = `${sandbox.url}${op.path.replace(/\{[^}]+\}/g, 'unknown-id')}`;
  const headers: Record<string, string> = accessToken ? { Authorization: `Bearer ${accessToken}` } : {};
  if (op.method === 'GET') return fetch(url, { headers });
  return fetch(url, { method: op.method, headers: { ...headers, 'Content-Type': 'application/json' }, body: '{}' });
}

const bearerParams = (response: Response) =>
  Object.fromEntries([...(response.headers.get('www-authenticate') ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));

describe('every business operation', () => {
  it('is published with a known scope', () => {
    expect(operations.length).toBeGreaterThan(0);
    for (const op of operations) expect(ALL_SCOPES, `${op.method} ${op.path}`).toContain(op.scope);
  });

  it('together guard every scope of the spec (openid, profile and email guard UserInfo)', async () => {
    const guarded = new Set(operations.map((op) => op.scope));
    for (const scope of ALL_SCOPES.filter((s) => !['openid', 'profile', 'email'].includes(s))) expect(guarded, scope).toContain(scope);
    const openapi = (await (await fetch(`${sandbox.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    expect(openapi.paths['/api/oauth/userinfo']!.get!['x-required-scope']).toBe('openid');
  });

  it('the anonymous course list holds public data only; the admin sees statistics', async () => {
    const anonymous = (await (await fetch(`${sandbox.url}/api/v1/courses?limit=1000`)).json()) as { data: { state: string; stats?: unknown }[] };
    expect(anonymous.data.length).toBeGreaterThan(0);
    for (const course of anonymous.data) {
      expect(course.state).toBe('published');
      expect(course).not.toHaveProperty('stats');
    }
    const admin = (await (await fetch(`${sandbox.url}/api/v1/courses?limit=1000`, { headers: { Authorization: `Bearer ${everything}` } })).json()) as { data: { stats?: unknown }[] };
    expect(admin.data.length).toBeGreaterThan(anonymous.data.length);
    expect(admin.data.every((course) => course.stats !== undefined)).toBe(true);
  });

  it('without a token: served as anonymous where allowed, else 401 with a bare challenge naming the resource metadata', async () => {
    for (const op of operations) {
      const response = await call(op);
      const label = `${op.method} ${op.path}`;
      if (op.anonymous) {
        expect([401, 403], label).not.toContain(response.status);
      } else {
        expect(response.status, label).toBe(401);
        const params = bearerParams(response);
        expect(params.resource_metadata, label).toBe(`${sandbox.url}/.well-known/oauth-protected-resource`);
        expect(params.error, label).toBeUndefined();
      }
    }
  });

  it('with an invalid token: 401 invalid_token', async () => {
    for (const op of operations) {
      const response = await call(op, 'sbx_at_not-a-real-token');
      expect(response.status, `${op.method} ${op.path}`).toBe(401);
      expect(bearerParams(response).error).toBe('invalid_token');
    }
  });

  it('with a token lacking the scope: 403 insufficient_scope naming it', async () => {
    for (const op of operations) {
      const response = await call(op, openidOnly);
      expect(response.status, `${op.method} ${op.path}`).toBe(403);
      expect(bearerParams(response)).toMatchObject({ error: 'insufficient_scope', scope: op.scope });
      expect(await response.json()).toMatchObject({ error: 'insufficient_scope' });
    }
  });

  it('with a token holding the scope: past authentication and authorization', async () => {
    for (const op of operations) {
      const response = await call(op, everything);
      expect([401, 403, 500], `${op.method} ${op.path}`).not.toContain(response.status);
    }
  });
});
