// POST /api/oauth/register (RFC 7591): JSON only; loopback redirects only (spec "Authentication" 4).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isScope, parseScopeString } from '../../../shared/scopes';
import type { SandboxContext } from '../context';
import { HttpError, readJsonBody } from '../http/request';
import { NO_STORE, sendJson } from '../http/respond';
import type { ClientAuthMethod } from './clients';
import { checkLoopbackRedirect } from './redirect-uri';

const AUTH_METHODS: readonly ClientAuthMethod[] = ['none', 'client_secret_post'];
const GRANT_TYPES = ['authorization_code', 'refresh_token'];

const badMetadata = (message: string) => new HttpError(400, 'invalid_client_metadata', message);

export async function handleRegister(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJsonBody(req, { required: true });
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badMetadata('The registration body must be a JSON object of client metadata.');
  const input = body as Record<string, unknown>;

  const redirectUris = input.redirect_uris;
  if (!Array.isArray(redirectUris) || redirectUris.length === 0) {
    throw new HttpError(400, 'invalid_redirect_uri', 'redirect_uris must be a non-empty array of loopback URIs such as http://127.0.0.1:8400/callback.');
  }
  for (const uri of redirectUris) {
    const check = checkLoopbackRedirect(uri);
    if (!check.ok) throw new HttpError(400, 'invalid_redirect_uri', `Refused redirect URI: ${check.reason}.`);
  }

  // RFC 7591 defaults to client_secret_basic, which this platform does not offer: unspecified means a public client.
  const authMethod = input.token_endpoint_auth_method ?? 'none';
  if (typeof authMethod !== 'string' || !AUTH_METHODS.includes(authMethod as ClientAuthMethod)) {
    throw badMetadata(`token_endpoint_auth_method must be one of ${AUTH_METHODS.join(', ')}.`);
  }
  const applicationType = input.application_type ?? 'native';
  if (applicationType !== 'native') throw badMetadata('application_type must be "native": self-registered clients are loopback (native) apps.');
  if (input.client_name !== undefined && typeof input.client_name !== 'string') throw badMetadata('client_name must be a string.');
  const grantTypes = input.grant_types ?? GRANT_TYPES;
  if (!Array.isArray(grantTypes) || grantTypes.some((g) => typeof g !== 'string' || !GRANT_TYPES.includes(g))) {
    throw badMetadata(`grant_types may only contain ${GRANT_TYPES.join(', ')}.`);
  }
  const responseTypes = input.response_types ?? ['code'];
  if (!Array.isArray(responseTypes) || responseTypes.some((r) => r !== 'code')) throw badMetadata('response_types may only contain "code".');
  if (input.scope !== undefined) {
    if (typeof input.scope !== 'string') throw badMetadata('scope must be a space-separated string.');
    const unknown = parseScopeString(input.scope).filter((s) => !isScope(s));
    if (unknown.length > 0) throw badMetadata(`Unknown scope(s): ${unknown.join(', ')}.`);
  }
  if (input.id_token_signed_response_alg !== undefined && input.id_token_signed_response_alg !== 'RS256') {
    throw badMetadata('id_token_signed_response_alg must be RS256.');
  }

  const metadata: Record<string, unknown> = {
    redirect_uris: redirectUris,
    token_endpoint_auth_method: authMethod,
    application_type: applicationType,
    grant_types: grantTypes,
    response_types: responseTypes,
  };
  if (input.client_name !== undefined) metadata.client_name = input.client_name;
  if (input.scope !== undefined) metadata.scope = input.scope;

  const { client, secret } = ctx.clients.register(
    { authMethod: authMethod as ClientAuthMethod, redirectUris: redirectUris as string[], metadata },
    ctx.now(),
  );
  const answer: Record<string, unknown> = { client_id: client.clientId, client_id_issued_at: client.issuedAt, ...metadata };
  if (secret) {
    answer.client_secret = secret;
    answer.client_secret_expires_at = 0;
  }
  sendJson(res, 201, answer, NO_STORE);
}
