// A tiny spec-following platform on 127.0.0.1 whose every answer a test can replace, to feed sign-in
// malformed, hostile or unusual answers. Counts requests per path. Not the sandbox: no consent page, the
// "browser" is a function that follows the authorization URL's redirect directly.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Handler = (req: IncomingMessage, url: URL, res: ServerResponse, body: string) => void;

export interface ScriptedPlatform {
  url: string;
  hits: Record<string, number>;
  handlers: Map<string, Handler>;
  /** Restores every default answer and clears the counters. */
  reset(): void;
  close(): Promise<void>;
  issued: { accessTokens: string[]; refreshTokens: string[] };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

/** The metadata the platform at `base` serves by default; tests spoil one field of it at a time. */
export function authorizationServerMetadata(base: string) {
  return {
    issuer: base,
    authorization_endpoint: `${base}/authorize`,
    token_endpoint: `${base}/token`,
    registration_endpoint: `${base}/register`,
    revocation_endpoint: `${base}/revoke`,
    userinfo_endpoint: `${base}/userinfo`,
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
  };
}

export async function startScriptedPlatform(): Promise<ScriptedPlatform> {
  const handlers = new Map<string, Handler>();
  const hits: Record<string, number> = {};
  const issued = { accessTokens: [] as string[], refreshTokens: [] as string[] };
  let counter = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base);
      hits[url.pathname] = (hits[url.pathname] ?? 0) + 1;
      const handler = handlers.get(url.pathname);
      if (!handler) return json(res, 404, { error: 'not_found' });
      handler(req, url, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const defaults = (): [string, Handler][] => [
    ['/.well-known/oauth-protected-resource', (_q, _u, res) => json(res, 200, { resource: base, authorization_servers: [base] })],
    ['/.well-known/oauth-authorization-server', (_q, _u, res) => json(res, 200, authorizationServerMetadata(base))],
    ['/register', (_q, _u, res) => json(res, 201, { client_id: `client-${++counter}`, token_endpoint_auth_method: 'none' })],
    ['/token', (_q, _u, res) => {
      const access = `at-${++counter}-secret`;
      const refresh = `rt-${counter}-secret`;
      issued.accessTokens.push(access);
      issued.refreshTokens.push(refresh);
      json(res, 200, { access_token: access, token_type: 'Bearer', expires_in: 3600, refresh_token: refresh, scope: 'openid profile school:read' });
    }],
    ['/userinfo', (_q, _u, res) => json(res, 200, { sub: 'admin-1', name: 'Ada Admin', school: { id: 'school-1', name: 'Scripted School', url: null } })],
    ['/revoke', (_q, _u, res) => json(res, 200, {})],
  ];
  const reset = () => {
    handlers.clear();
    for (const [path, handler] of defaults()) handlers.set(path, handler);
    for (const key of Object.keys(hits)) delete hits[key];
  };
  reset();
  return {
    url: base,
    hits,
    handlers,
    issued,
    reset,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

/** A "browser" that goes straight to the redirect URI with a code, letting a test bend any parameter. */
export function redirectingBrowser(edit: (params: URLSearchParams, authorizationUrl: URL) => { path?: string; method?: string; params: URLSearchParams } | void = () => undefined) {
  const pages: { status: number; text: string }[] = [];
  const open = async (url: string) => {
    const authorization = new URL(url);
    const redirect = new URL(authorization.searchParams.get('redirect_uri')!);
    const params = new URLSearchParams({ code: 'the-code', state: authorization.searchParams.get('state')!, iss: `${authorization.origin}` });
    const edited = edit(params, authorization) ?? { params };
    if (edited.path) redirect.pathname = edited.path;
    redirect.search = edited.params.toString();
    // Asynchronous like a real browser: the app is already waiting when the redirect arrives.
    setTimeout(() => {
      void fetch(redirect, { method: edited.method ?? 'GET' }).then(async (res) => pages.push({ status: res.status, text: await res.text() })).catch(() => undefined);
    }, 5);
  };
  return { open, pages };
}
