// Step 5, stay signed in: the refresh grant, at most one in flight per account however many callers need a
// fresh token at once, and the rotated refresh token on disk before the new access token is handed out.
import * as oauth from 'oauth4webapi';
import { AppError } from '../../../shared/errors';
import type { TokenSet } from '../store/vault';
import { hostOf } from '../net/guarded-fetch';
import { oauthOptions } from './oauth-options';
import { toAppError } from './oauth-errors';
import { type ClientCredentials, type GrantResult, toGrantResult } from './token-exchange';

/** Refresh this long before expiry, or a quarter of the token's life when it lives shorter than that. */
const REFRESH_SKEW_MS = 60_000;

export function needsRefresh(tokens: TokenSet, now: number): boolean {
  if (tokens.expiresAt === null) return false;
  const lifetime = tokens.obtainedAt !== null ? tokens.expiresAt - tokens.obtainedAt : REFRESH_SKEW_MS * 4;
  const skew = Math.min(REFRESH_SKEW_MS, Math.max(0, lifetime / 4));
  return now >= tokens.expiresAt - skew;
}

/** One refresh grant. `invalid_grant` → sign_in_needed; `invalid_client` is reported as such so the caller can forget the client. */
export async function refreshTokenGrant(
  as: oauth.AuthorizationServer,
  credentials: ClientCredentials,
  refreshToken: string,
  resource: string | null,
  deps: { http: typeof fetch; now: () => number; signal?: AbortSignal },
): Promise<GrantResult> {
  try {
    const response = await oauth.refreshTokenGrantRequest(as, credentials.client, credentials.auth, refreshToken, {
      ...oauthOptions(as.token_endpoint as string, deps.http, deps.signal),
      ...(resource ? { additionalParameters: { resource } } : {}),
    });
    const result = await oauth.processRefreshTokenResponse(as, credentials.client, response);
    return toGrantResult(result, refreshToken, deps.now());
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError && (error.error === 'invalid_grant' || error.error === 'invalid_client' || error.error === 'unauthorized_client')) {
      throw new RefreshRefused(error.error, hostOf(String(as.token_endpoint ?? as.issuer)), error);
    }
    throw toAppError(error, 'refresh', hostOf(String(as.token_endpoint ?? as.issuer)));
  }
}

export class RefreshRefused extends AppError {
  constructor(readonly oauthError: string, host: string, cause: unknown) {
    super('sign_in_needed', `${host} no longer accepts this app's sign-in; sign in again to continue.`, { cause });
  }
}

/** Single flight per key: callers that arrive while a refresh runs share its outcome. */
export class SingleFlight<T> {
  private readonly inFlight = new Map<string, Promise<T>>();

  run(key: string, task: () => Promise<T>): Promise<T> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const started = task().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, started);
    return started;
  }

  has(key: string): boolean {
    return this.inFlight.has(key);
  }
}
