// Step 6a, revoke (RFC 7009): the refresh token first (it outlives the access token and, on most platforms,
// takes the grant with it), then the access token.
import * as oauth from 'oauth4webapi';
import type { TokenSet } from '../store/vault';
import { hostOf } from '../net/guarded-fetch';
import { oauthOptions } from './oauth-options';
import { toAppError } from './oauth-errors';
import type { ClientCredentials } from './token-exchange';

type RevocationOutcome = { revoked: true } | { revoked: false; reason: 'unsupported' | 'unreachable' | 'refused'; message: string };

export async function revokeTokens(
  as: oauth.AuthorizationServer,
  credentials: ClientCredentials,
  tokens: TokenSet,
  deps: { http: typeof fetch; signal?: AbortSignal },
): Promise<RevocationOutcome> {
  if (!as.revocation_endpoint) return { revoked: false, reason: 'unsupported', message: `${hostOf(as.issuer)} offers no way to revoke the app's access; it ends when the tokens expire.` };
  const host = hostOf(as.revocation_endpoint);
  const order: [string, 'refresh_token' | 'access_token'][] = [];
  if (tokens.refreshToken) order.push([tokens.refreshToken, 'refresh_token']);
  order.push([tokens.accessToken, 'access_token']);
  for (const [token, hint] of order) {
    try {
      const response = await oauth.revocationRequest(as, credentials.client, credentials.auth, token, {
        ...oauthOptions(as.revocation_endpoint, deps.http, deps.signal),
        additionalParameters: { token_type_hint: hint },
      });
      await oauth.processRevocationResponse(response);
    } catch (error) {
      // RFC 7009 §2.2.1: a platform may not revoke self-contained (JWT) access tokens. Once the refresh token
      // is revoked the grant is gone, and such an access token only lives out its few minutes.
      if (hint === 'access_token' && tokens.refreshToken && error instanceof oauth.ResponseBodyError && error.error === 'unsupported_token_type') break;
      const mapped = toAppError(error, 'revocation', host);
      if (mapped.code === 'unreachable' || mapped.code === 'offline') return { revoked: false, reason: 'unreachable', message: `${host} could not be reached, so the app's access could not be revoked there.` };
      return { revoked: false, reason: 'refused', message: mapped.message };
    }
  }
  return { revoked: true };
}
