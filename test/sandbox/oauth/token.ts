// POST /api/oauth/token: authorization_code (PKCE S256) and refresh_token with rotation.
// Failures: 400 invalid_request / invalid_grant / invalid_scope / unsupported_grant_type / invalid_target,
// 401 invalid_client (RFC 6749 §5.2).
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseScopeString } from '../../../shared/scopes';
import type { SandboxContext } from '../context';
import { HttpError, readFormBody } from '../http/request';
import { NO_STORE, sendJson } from '../http/respond';
import { checkResource } from './authorize';
import { authenticateClient } from './client-auth';
import type { RegisteredClient } from './clients';
import type { Grant } from './tokens-store';

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const invalidGrant = (message: string) => new HttpError(400, 'invalid_grant', message);

function required(form: Map<string, string>, name: string): string {
  const value = form.get(name);
  if (!value) throw new HttpError(400, 'invalid_request', `${name} is required.`);
  return value;
}

export async function handleToken(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const form = await readFormBody(req);
  const grantType = form.get('grant_type');
  if (!grantType) throw new HttpError(400, 'invalid_request', 'grant_type is required.');
  if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
    throw new HttpError(400, 'unsupported_grant_type', `grant_type "${grantType}" is not supported: use authorization_code or refresh_token.`);
  }
  const client = authenticateClient(ctx, req, form);
  const resource = checkResource(ctx, form.get('resource'));
  const answer = grantType === 'authorization_code' ? redeemCode(ctx, client, form, resource) : refresh(ctx, client, form, resource);
  sendJson(res, 200, answer, NO_STORE);
}

function redeemCode(ctx: SandboxContext, client: RegisteredClient, form: Map<string, string>, resource: string | null) {
  const codeValue = required(form, 'code');
  const redirectUri = required(form, 'redirect_uri');
  const verifier = required(form, 'code_verifier');
  if (!VERIFIER.test(verifier)) throw new HttpError(400, 'invalid_request', 'code_verifier must be 43 to 128 unreserved characters (RFC 7636 §4.1).');

  const code = ctx.tokens.codes.get(codeValue);
  if (!code) throw invalidGrant('The authorization code is unknown.');
  if (code.used) {
    // A second redemption means the code leaked: everything issued from it is revoked (RFC 6749 §4.1.2).
    if (code.grantId) ctx.tokens.revokeGrant(code.grantId);
    throw invalidGrant('The authorization code was already used; the tokens issued from it are now revoked.');
  }
  // Any failed attempt burns the code: a wrong verifier or client means someone else holds it.
  code.used = true;
  if (code.expiresAt <= ctx.now()) throw invalidGrant('The authorization code has expired (codes live 60 seconds).');
  if (code.clientId !== client.clientId) throw invalidGrant('The authorization code was issued to another client.');
  if (code.redirectUri !== redirectUri) throw invalidGrant('redirect_uri differs from the one used in the authorization request.');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  if (challenge !== code.codeChallenge) throw invalidGrant('code_verifier does not match the code_challenge (PKCE S256).');
  if (resource && code.resource && resource !== code.resource) throw new HttpError(400, 'invalid_target', 'resource differs from the one in the authorization request.');

  const grant = ctx.tokens.openGrant({
    clientId: client.clientId,
    adminId: code.adminId,
    schoolId: code.schoolId,
    scopes: code.scopes,
    resource: resource ?? code.resource ?? ctx.baseUrl,
    authTime: code.authTime,
  });
  code.grantId = grant.id;
  return tokenResponse(ctx, grant, code.scopes, code.nonce);
}

function refresh(ctx: SandboxContext, client: RegisteredClient, form: Map<string, string>, resource: string | null) {
  const refreshToken = required(form, 'refresh_token');
  const stored = ctx.tokens.findRefreshToken(refreshToken);
  const grant = stored ? ctx.tokens.grants.get(stored.grantId) : undefined;
  if (!stored || !grant) throw invalidGrant('The refresh token is unknown.');
  if (stored.clientId !== client.clientId) throw invalidGrant('The refresh token was issued to another client.');
  if (grant.revoked) throw invalidGrant('The refresh token was revoked.');
  if (!ctx.tokens.isCurrentRefreshToken(grant, refreshToken)) {
    // An old token of a rotated chain came back: it leaked, so the whole grant goes (OAuth 2.0 Security BCP §4.14.2).
    ctx.tokens.revokeGrant(grant.id);
    throw invalidGrant('The refresh token was already used (tokens rotate); every token of this grant is now revoked.');
  }
  if (resource && resource !== grant.resource) throw new HttpError(400, 'invalid_target', 'resource differs from the one the grant is bound to.');
  let scopes = grant.scopes;
  const asked = form.get('scope');
  if (asked !== undefined) {
    const wanted = parseScopeString(asked);
    const extra = wanted.filter((s) => !grant.scopes.includes(s));
    if (wanted.length === 0 || extra.length > 0) {
      throw new HttpError(400, 'invalid_scope', extra.length > 0 ? `A refresh cannot add scopes the admin did not grant: ${extra.join(', ')}.` : 'scope must not be empty.');
    }
    scopes = wanted;
  }
  return tokenResponse(ctx, grant, scopes, null);
}

function tokenResponse(ctx: SandboxContext, grant: Grant, scopes: string[], nonce: string | null) {
  const ttl = ctx.knobs.get().accessTokenTtlSeconds;
  const { accessToken, refreshToken } = ctx.tokens.mint(grant, scopes, ttl);
  const school = ctx.identity.schools.find((s) => s.id === grant.schoolId);
  const answer: Record<string, unknown> = {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: ttl,
    refresh_token: refreshToken,
    scope: scopes.join(' '),
    school_id: grant.schoolId,
    school_name: school?.name ?? null,
  };
  if (scopes.includes('openid')) {
    const now = Math.floor(ctx.now() / 1000);
    answer.id_token = ctx.signer.sign({
      iss: ctx.baseUrl,
      sub: grant.adminId,
      aud: grant.clientId,
      exp: now + 3600,
      iat: now,
      auth_time: grant.authTime,
      ...(nonce ? { nonce } : {}),
    });
  }
  return answer;
}
