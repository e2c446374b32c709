// Spec "Endpoints" rows 1-3, 9, 10 and "Scopes": discovery documents, the API description and the walkthrough.
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES } from '../../../shared/scopes';
import { startSandbox, type Sandbox } from '../../sandbox';
import { discover, insecure } from './harness';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ orders: 200, quiet: true });
});
afterAll(() => sandbox.close());

async function getJson(path: string): Promise<{ response: Response; body: Record<string, unknown> }> {
  const response = await fetch(`${sandbox.url}${path}`);
  return { response, body: (await response.json()) as Record<string, unknown> };
}

describe('discovery', () => {
  it('serves protected resource metadata (RFC 9728) naming this issuer and every scope', async () => {
    const { response, body } = await getJson('/.well-known/oauth-protected-resource');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(body).toMatchObject({
      resource: sandbox.url,
      authorization_servers: [sandbox.url],
      bearer_methods_supported: ['header'],
      resource_documentation: `${sandbox.url}/auth.md`,
    });
    expect(body.scopes_supported).toEqual(ALL_SCOPES);
  });

  it('serves authorization server metadata (RFC 8414) that oauth4webapi accepts, listing every endpoint, grant and scope', async () => {
    const as = await discover(sandbox.url);
    expect(as).toMatchObject({
      issuer: sandbox.url,
      authorization_endpoint: `${sandbox.url}/oauth/authorize`,
      token_endpoint: `${sandbox.url}/api/oauth/token`,
      registration_endpoint: `${sandbox.url}/api/oauth/register`,
      userinfo_endpoint: `${sandbox.url}/api/oauth/userinfo`,
      revocation_endpoint: `${sandbox.url}/api/oauth/revoke`,
      jwks_uri: `${sandbox.url}/.well-known/jwks.json`,
      grant_types_supported: ['authorization_code', 'refresh_token'],
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: false,
      protected_resources: [sandbox.url],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_post'],
      revocation_endpoint_auth_methods_supported: ['none', 'client_secret_post'],
    });
    expect(as.scopes_supported).toEqual(ALL_SCOPES);
    // The spec's scope table, row by row.
    for (const scope of ['openid', 'profile', 'email', 'courses:read', 'courses:write', 'students:read', 'students:write', 'members:read', 'members:write',
      'analytics:read', 'curriculum:read', 'curriculum:write', 'orders:read', 'school:read', 'school:write', 'appearance:read', 'appearance:write',
      'events:read', 'events:write', 'membership_plans:read', 'membership_plans:write', 'coupons:read', 'coupons:write', 'posts:read', 'posts:write',
      'subscriptions:read', 'subscriptions:write', 'digital_products:read', 'digital_products:write', 'comments:read', 'lecturers:read',
      'lecturers:write', 'storage:write', 'forms:read', 'pages:read', 'pages:write', 'account:read', 'account:write']) {
      expect(as.scopes_supported, scope).toContain(scope);
    }
  });

  it('serves OpenID Connect discovery with the same endpoints plus the OIDC fields', async () => {
    const url = new URL(sandbox.url);
    const as = await oauth.processDiscoveryResponse(url, await oauth.discoveryRequest(url, { algorithm: 'oidc', ...insecure }));
    const { body: rfc8414 } = await getJson('/.well-known/oauth-authorization-server');
    expect(as).toMatchObject(rfc8414);
    expect(as).toMatchObject({ subject_types_supported: ['public'], id_token_signing_alg_values_supported: ['RS256'] });
    expect(as.claims_supported).toEqual(expect.arrayContaining(['sub', 'name', 'email', 'school_id']));
  });

  it('publishes the RS256 signing key at jwks_uri', async () => {
    const { body } = await getJson('/.well-known/jwks.json');
    const keys = body.keys as Record<string, unknown>[];
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', e: 'AQAB' });
    expect(keys[0]).not.toHaveProperty('d'); // never the private part
  });

  it('refuses the wrong method on an OAuth endpoint with 405 and Allow', async () => {
    const response = await fetch(`${sandbox.url}/api/oauth/token`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toMatchObject({ error: 'method_not_allowed' });
  });

  it('answers unknown paths with a JSON 404', async () => {
    const response = await fetch(`${sandbox.url}/nothing/here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'not_found' });
  });
});

describe('/openapi.json', () => {
  it('is OpenAPI 3.1 with the oauth2 authorization-code scheme and every scope described', async () => {
    const { response, body } = await getJson('/openapi.json');
    expect(response.status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    const schemes = (body.components as { securitySchemes: Record<string, { type: string; flows?: Record<string, Record<string, unknown>> }> }).securitySchemes;
    const flow = schemes.oauth2!.flows!.authorizationCode!;
    expect(flow).toMatchObject({
      authorizationUrl: `${sandbox.url}/oauth/authorize`,
      tokenUrl: `${sandbox.url}/api/oauth/token`,
      refreshUrl: `${sandbox.url}/api/oauth/token`,
    });
    expect(Object.keys(flow.scopes as object)).toEqual(ALL_SCOPES);
    for (const description of Object.values(flow.scopes as Record<string, string>)) expect(description.length).toBeGreaterThan(5);
  });

  it('describes every OAuth endpoint of the spec and every business route with the scope it needs', async () => {
    const { body } = await getJson('/openapi.json');
    const paths = body.paths as Record<string, Record<string, { security?: unknown[]; 'x-required-scope'?: string; operationId: string }>>;
    for (const [path, method] of [
      ['/.well-known/oauth-protected-resource', 'get'], ['/.well-known/oauth-authorization-server', 'get'], ['/.well-known/openid-configuration', 'get'],
      ['/api/oauth/register', 'post'], ['/oauth/authorize', 'get'], ['/api/oauth/token', 'post'], ['/api/oauth/userinfo', 'get'],
      ['/api/oauth/revoke', 'post'], ['/openapi.json', 'get'], ['/auth.md', 'get'],
    ] as const) {
      expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    const business = Object.entries(paths).filter(([path]) => path.startsWith('/api/v1/'));
    expect(business.length).toBeGreaterThan(0);
    for (const [path, methods] of business) {
      for (const [method, operation] of Object.entries(methods)) {
        const scope = operation['x-required-scope'];
        expect(ALL_SCOPES, `${method} ${path}`).toContain(scope);
        expect(operation.security, `${method} ${path}`).toContainEqual({ oauth2: [scope] });
      }
    }
  });
});

describe('/openapi.json structure', () => {
  it('declares every path parameter, a 2xx response per operation, and unique operation ids', async () => {
    const { body } = await getJson('/openapi.json');
    const paths = body.paths as Record<string, Record<string, { operationId: string; parameters?: { name: string; in: string }[]; responses: Record<string, unknown> }>>;
    const ids = new Set<string>();
    for (const [path, methods] of Object.entries(paths)) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(methods)) {
        const label = `${method} ${path}`;
        expect(ids.has(op.operationId), label).toBe(false);
        ids.add(op.operationId);
        const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        expect(declared.sort(), label).toEqual([...names].sort());
        expect(Object.keys(op.responses).some((status) => status.startsWith('2') || status.startsWith('3')), label).toBe(true);
      }
    }
  });
});

describe('/auth.md', () => {
  it('is a Markdown walkthrough with curl examples on the real base URL', async () => {
    const response = await fetch(`${sandbox.url}/auth.md`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/markdown/);
    const text = await response.text();
    for (const step of ['Discover', 'Register', 'Authorize', 'Exchange', 'Call the API', 'Refresh', 'Revoke']) expect(text).toContain(step);
    expect(text).toContain(`curl -X POST ${sandbox.url}/api/oauth/token`);
    expect(text).toContain(`curl ${sandbox.url}/.well-known/oauth-authorization-server`);
    expect(text).toContain('code_challenge_method=S256');
  });
});
