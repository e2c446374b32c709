// Bearer authentication for protected resources (RFC 6750, RFC 9728 §5.1). A request without a token is
// anonymous; a bad token is 401 invalid_token; a good one without the scope is 403 insufficient_scope.
// Every challenge points to the protected resource metadata so a client can discover how to sign in.
import type { IncomingMessage } from 'node:http';
import type { SandboxContext } from './context';
import { endpointsOf, servedResources } from './context';
import { HttpError } from './http/request';
import { quoteParam } from './http/respond';
import type { AccessToken, Grant } from './oauth/tokens-store';

type BearerCaller = { kind: 'anonymous' } | { kind: 'token'; token: string; accessToken: AccessToken; grant: Grant };

function challenge(ctx: SandboxContext, params: Record<string, string>): string {
  const all = { realm: ctx.baseUrl, ...params, resource_metadata: endpointsOf(ctx.baseUrl).protectedResourceMetadata };
  return `Bearer ${Object.entries(all).map(([k, v]) => `${k}=${quoteParam(v)}`).join(', ')}`;
}

function invalidToken(ctx: SandboxContext, description: string): HttpError {
  return new HttpError(401, 'invalid_token', description, {
    'WWW-Authenticate': challenge(ctx, { error: 'invalid_token', error_description: description }),
  });
}

/** RFC 6750 §3.1: no error code when the request carried no credentials at all. */
export function tokenRequired(ctx: SandboxContext): HttpError {
  return new HttpError(401, 'unauthorized', 'This endpoint needs an access token: send Authorization: Bearer <access_token>.', {
    'WWW-Authenticate': challenge(ctx, {}),
  });
}

export function insufficientScope(ctx: SandboxContext, scope: string): HttpError {
  const description = `This request needs the "${scope}" scope; ask the admin to grant it.`;
  return new HttpError(403, 'insufficient_scope', description, {
    'WWW-Authenticate': challenge(ctx, { error: 'insufficient_scope', error_description: description, scope }),
  });
}

export function authenticateBearer(ctx: SandboxContext, req: IncomingMessage, url: URL): BearerCaller {
  if (url.searchParams.has('access_token')) {
    throw new HttpError(400, 'invalid_request', 'Tokens in the query string are not accepted: send Authorization: Bearer <access_token>.');
  }
  const header = req.headers.authorization;
  if (header === undefined) return { kind: 'anonymous' };
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header);
  if (!match) throw invalidToken(ctx, 'The Authorization header is not a well-formed Bearer token.');
  const token = match[1]!;
  const accessToken = ctx.tokens.findAccessToken(token);
  const grant = accessToken ? ctx.tokens.grants.get(accessToken.grantId) : undefined;
  if (!accessToken || !grant) throw invalidToken(ctx, 'The access token is unknown.');
  if (accessToken.revoked || grant.revoked) throw invalidToken(ctx, 'The access token was revoked.');
  if (accessToken.expiresAt <= ctx.now()) throw invalidToken(ctx, 'The access token has expired.');
  if (!servedResources(ctx).includes(accessToken.resource)) throw invalidToken(ctx, 'The access token is for another resource.');
  if (!ctx.clients.get(accessToken.clientId)) throw invalidToken(ctx, 'The access token belongs to a client the platform forgot.');
  return { kind: 'token', token, accessToken, grant };
}
