// The sandbox's HTTP server: one dispatch table for the OAuth/OIDC endpoints, then the business routes.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { handleAdmin, type AdminActions } from './admin';
import { buildAuthMarkdown } from './auth-md';
import type { BusinessHost } from './business-host';
import { servedResources, type SandboxContext } from './context';
import { HttpError, MAX_BODY_BYTES } from './http/request';
import { sendError, sendJson, sendText } from './http/respond';
import { handleLogin } from './oauth/admin-login';
import { handleAuthorize, handleConsentDecision } from './oauth/authorize';
import { authorizationServerMetadata, openidConfiguration, protectedResourceMetadata } from './oauth/metadata';
import { handleRegister } from './oauth/register';
import { handleRevoke } from './oauth/revoke';
import { handleToken } from './oauth/token';
import { handleUserInfo } from './oauth/userinfo';
import { buildOpenApi } from './openapi';
import type { RequestStats } from './stats';

interface ServerParts {
  ctx: SandboxContext;
  business: BusinessHost;
  stats: RequestStats;
  adminSecret: string;
  admin: AdminActions;
  /** Request log sink (method, path, status, ms: never query strings, bodies or headers). */
  log: ((line: string) => void) | null;
  /** Operation ids /openapi.json leaves out (SandboxOptions.openApiOmit). */
  openApiOmit?: ReadonlySet<string>;
  /** /openapi.json with components, $ref and allOf (SandboxOptions.openApiComponents). */
  openApiComponents?: boolean;
}

type Handler = (req: IncomingMessage, url: URL, res: ServerResponse) => void | Promise<void>;

function oauthRoutes(parts: ServerParts): Map<string, Partial<Record<string, Handler>>> {
  const { ctx } = parts;
  const json = (body: () => unknown): Handler => (_req, _url, res) => sendJson(res, 200, body(), { 'Cache-Control': 'no-cache' });
  let openapi: string | null = null;
  return new Map<string, Partial<Record<string, Handler>>>([
    ['/', { GET: json(() => ({ name: 'Course platform sandbox', issuer: ctx.baseUrl, openapi: `${ctx.baseUrl}/openapi.json`, walkthrough: `${ctx.baseUrl}/auth.md` })) }],
    ['/.well-known/oauth-protected-resource', { GET: json(() => protectedResourceMetadata(ctx.baseUrl)) }],
    ['/.well-known/oauth-authorization-server', { GET: json(() => authorizationServerMetadata(ctx.baseUrl, servedResources(ctx))) }],
    ['/.well-known/openid-configuration', { GET: json(() => openidConfiguration(ctx.baseUrl, servedResources(ctx))) }],
    ['/.well-known/jwks.json', { GET: json(() => ctx.signer.jwks) }],
    ['/api/oauth/register', { POST: (req, _url, res) => handleRegister(ctx, req, res) }],
    ['/oauth/authorize', { GET: (req, url, res) => handleAuthorize(ctx, url, res, req) }],
    ['/oauth/login', { POST: (req, _url, res) => handleLogin(ctx, req, res) }],
    ['/oauth/authorize/decision', { POST: (req, _url, res) => handleConsentDecision(ctx, req, res) }],
    ['/api/oauth/token', { POST: (req, _url, res) => handleToken(ctx, req, res) }],
    ['/api/oauth/userinfo', { GET: (req, url, res) => handleUserInfo(ctx, req, url, res), POST: (req, url, res) => handleUserInfo(ctx, req, url, res) }],
    ['/api/oauth/revoke', { POST: (req, _url, res) => handleRevoke(ctx, req, res) }],
    ['/openapi.json', { GET: (_req, _url, res) => sendText(res, 200, 'application/json; charset=utf-8', (openapi ??= JSON.stringify(buildOpenApi(ctx.baseUrl, parts.business.routes, parts.openApiOmit, parts.openApiComponents ? 'components' : 'inline')))) }],
    ['/auth.md', { GET: (_req, _url, res) => sendText(res, 200, 'text/markdown; charset=utf-8', buildAuthMarkdown(ctx.baseUrl)) }],
  ]);
}

export function createSandboxServer(parts: ServerParts): Server {
  const routes = oauthRoutes(parts);

  async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Loopback only, and only under its own name: a web page that rebinds a domain to 127.0.0.1 sends its own Host.
    if (req.headers.host !== new URL(parts.ctx.baseUrl).host) throw new HttpError(403, 'invalid_host', 'This platform answers only at its own address.');
    const url = new URL(req.url ?? '/', parts.ctx.baseUrl);
    if (url.pathname.startsWith('/__sandbox/')) return handleAdmin(parts.ctx, parts.adminSecret, parts.admin, req, url, res);
    parts.stats.count(url.pathname);
    const { latencyMs, slowPaths } = parts.ctx.knobs.get();
    if (latencyMs > 0 && (slowPaths === null || slowPaths.some((prefix) => url.pathname.startsWith(prefix)))) await delay(latencyMs);
    const methods = routes.get(url.pathname);
    if (methods) {
      const handler = methods[req.method ?? 'GET'];
      if (!handler) {
        const allowed = Object.keys(methods).join(', ');
        throw new HttpError(405, 'method_not_allowed', `${req.method} is not allowed here; use ${allowed}.`, { Allow: allowed });
      }
      return handler(req, url, res);
    }
    if (await parts.business.handle(req, url, res)) return;
    throw new HttpError(404, 'not_found', `Nothing at ${url.pathname}. See ${parts.ctx.baseUrl}/openapi.json.`);
  }

  return createServer((req, res) => {
    const started = performance.now();
    // Answered before the body was read to its end (too large, refused early): Node would read the rest,
    // however long. Let a small rest drain (keep-alive), and drop the connection past 1 MiB.
    const socket = req.socket;
    res.on('finish', () => {
      if (req.complete) return;
      let rest = 0;
      req.on('data', (chunk: Buffer) => {
        rest += chunk.length;
        if (rest > MAX_BODY_BYTES) socket.destroy();
      });
    });
    dispatch(req, res)
      .catch((error: unknown) => {
        if (res.headersSent) {
          res.destroy();
          return;
        }
        if (error instanceof HttpError) {
          if (error.status === 413) res.setHeader('Connection', 'close');
          sendError(res, error.status, error.code, error.message, error.headers);
          return;
        }
        process.stderr.write(`sandbox: ${req.method} ${req.url?.split('?')[0]} failed: ${(error as Error).stack ?? String(error)}\n`);
        sendError(res, 500, 'server_error', 'The sandbox failed to handle this request.');
      })
      .finally(() => {
        parts.log?.(`${req.method} ${req.url?.split('?')[0]} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms`);
      });
  });
}
