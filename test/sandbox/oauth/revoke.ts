// POST /api/oauth/revoke (RFC 7009). 200 for known, unknown and already revoked tokens alike, so the answer
// tells an attacker nothing; a token of another client is left alone. A refresh token takes its whole
// grant with it (§2.1: "SHOULD also invalidate all access tokens based on the same authorization grant").
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxContext } from '../context';
import { HttpError, readFormBody } from '../http/request';
import { NO_STORE, sendJson } from '../http/respond';
import { authenticateClient } from './client-auth';

export async function handleRevoke(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const form = await readFormBody(req);
  const client = authenticateClient(ctx, req, form);
  const token = form.get('token');
  if (!token) throw new HttpError(400, 'invalid_request', 'token is required.');
  // token_type_hint only speeds up lookups elsewhere; both stores are checked regardless (RFC 7009 §2.1).
  const refresh = ctx.tokens.findRefreshToken(token);
  if (refresh && refresh.clientId === client.clientId) ctx.tokens.revokeGrant(refresh.grantId);
  const access = ctx.tokens.findAccessToken(token);
  if (access && access.clientId === client.clientId) ctx.tokens.revokeAccessToken(access);
  sendJson(res, 200, {}, NO_STORE);
}
