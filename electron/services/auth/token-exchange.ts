// Step 4, exchange: the authorization code plus the PKCE verifier (plus `resource` when the platform names
// one) for tokens. What comes back is checked by oauth4webapi, then reduced to what the engine keeps.
import * as oauth from 'oauth4webapi';
import { parseScopeString } from '../../../shared/scopes';
import type { TokenSet } from '../store/vault';
import { hostOf } from '../net/guarded-fetch';
import { oauthOptions } from './oauth-options';
import { toAppError } from './oauth-errors';

export interface ClientCredentials {
  client: oauth.Client;
  auth: oauth.ClientAuth;
}

export function clientCredentials(clientId: string, secret: string | null): ClientCredentials {
  return { client: { client_id: clientId }, auth: secret ? oauth.ClientSecretPost(secret) : oauth.None() };
}

export interface GrantResult {
  tokens: TokenSet;
  /** From the token response's `scope`; null when the platform did not say (then: what was asked). */
  grantedScopes: string[] | null;
  /** Non-standard extras some platforms add (the sandbox names the school). */
  schoolId: string | null;
  schoolName: string | null;
  subject: string | null;
  /** Who signed in, from the ID token oauth4webapi validated (signature, issuer, audience, times); null without one. */
  idToken: { name: string | null; email: string | null; picture: string | null } | null;
}

export async function exchangeAuthorizationCode(
  as: oauth.AuthorizationServer,
  credentials: ClientCredentials,
  callback: URLSearchParams,
  redirectUri: string,
  codeVerifier: string,
  resource: string | null,
  deps: { http: typeof fetch; now: () => number; signal?: AbortSignal },
): Promise<GrantResult> {
  try {
    const response = await oauth.authorizationCodeGrantRequest(as, credentials.client, credentials.auth, callback, redirectUri, codeVerifier, {
      ...oauthOptions(as.token_endpoint as string, deps.http, deps.signal),
      ...(resource ? { additionalParameters: { resource } } : {}),
    });
    const result = await oauth.processAuthorizationCodeResponse(as, credentials.client, response);
    return toGrantResult(result, null, deps.now());
  } catch (error) {
    throw toAppError(error, 'token', hostOf(String(as.token_endpoint ?? as.issuer)));
  }
}

export function toGrantResult(response: oauth.TokenEndpointResponse, previousRefreshToken: string | null, now: number): GrantResult {
  const claims = oauth.getValidatedIdTokenClaims(response);
  return {
    tokens: {
      accessToken: response.access_token,
      tokenType: response.token_type,
      expiresAt: typeof response.expires_in === 'number' ? now + response.expires_in * 1000 : null,
      // A platform that does not rotate keeps the old refresh token valid.
      refreshToken: response.refresh_token ?? previousRefreshToken,
      idToken: response.id_token ?? null,
      obtainedAt: now,
    },
    grantedScopes: typeof response.scope === 'string' ? parseScopeString(response.scope) : null,
    schoolId: stringOrNull(response.school_id),
    schoolName: stringOrNull(response.school_name),
    subject: claims?.sub ?? null,
    idToken: claims ? { name: stringOrNull(claims.name), email: stringOrNull(claims.email), picture: stringOrNull(claims.picture) } : null,
  };
}

function stringOrNull(value: unknown): string | null {
  if (typeof value === 'string' && value.length > 0) return value;
  if (typeof value === 'number') return String(value);
  return null;
}
