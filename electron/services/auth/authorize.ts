// Step 3b, authorize: PKCE S256 and a state, the system browser at the authorization endpoint, and the one
// callback the receiver accepts, checked for state and `iss` (RFC 9207) before anything else happens.
import { timingSafeEqual } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { AppError } from '../../../shared/errors';
import { t } from '../../../shared/i18n/i18n';
import { hostOf } from '../net/guarded-fetch';
import type { LoopbackRedirectReceiver } from './loopback-receiver';
import { toAppError } from './oauth-errors';

/** The browser could not be opened for the sign-in: the platform never saw the request. Told apart by its class, not its words (they are in the UI language). */
export class BrowserNotOpenedError extends AppError {
  constructor(cause: unknown) {
    super('authorization_failed', t('errors:auth.noBrowser'), { cause });
  }
}

interface AuthorizationRequest {
  url: URL;
  state: string;
  codeVerifier: string;
  redirectUri: string;
}

export async function buildAuthorizationRequest(
  as: oauth.AuthorizationServer,
  clientId: string,
  redirectUri: string,
  scopes: readonly string[],
  resource: string | null,
  /** The school this authorization is for (sign in again, step-up): sent as `school=<id>` so the consent page preselects it. */
  schoolHint: string | null = null,
): Promise<AuthorizationRequest> {
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint as string);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', scopes.join(' '));
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', state);
  if (resource) url.searchParams.set('resource', resource);
  // Not in the platform spec: the sandbox preselects that school on its consent page; a platform that does not
  // know the parameter ignores it (RFC 6749 §3.1). The account check after the exchange stays the guard.
  if (schoolHint) url.searchParams.set('school', schoolHint);
  return { url, state, codeVerifier, redirectUri };
}

/** The receiver's validator: state first (a forged callback must not even tell us about errors), then iss, then the answer. */
export function callbackValidator(as: oauth.AuthorizationServer, client: oauth.Client, expectedState: string) {
  const host = hostOf(String(as.authorization_endpoint ?? as.issuer));
  return (params: URLSearchParams): URLSearchParams => {
    const state = params.get('state');
    if (state === null) throw new AppError('state_mismatch', t('errors:auth.noState'));
    if (!sameSecret(state, expectedState)) throw new AppError('state_mismatch', t('errors:auth.stateMismatch'));
    const iss = params.get('iss');
    if (iss !== null && iss !== as.issuer) {
      throw new AppError('authorization_failed', t('errors:auth.otherIssuer', { from: iss.slice(0, 200), issuer: as.issuer }));
    }
    if (iss === null && as.authorization_response_iss_parameter_supported) {
      throw new AppError('authorization_failed', t('errors:auth.noIssuer', { host }));
    }
    let validated: URLSearchParams;
    try {
      validated = oauth.validateAuthResponse(as, client, params, expectedState);
    } catch (error) {
      throw toAppError(error, 'authorization', host);
    }
    if (!validated.get('code')) throw new AppError('authorization_failed', t('errors:auth.noCode', { host }));
    return validated;
  };
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Opens the browser and waits for the receiver's verdict. A browser that cannot be opened ends the wait. */
export async function runBrowserAuthorization(
  request: AuthorizationRequest,
  receiver: LoopbackRedirectReceiver,
  validate: (params: URLSearchParams) => URLSearchParams,
  openExternal: (url: string) => Promise<void>,
): Promise<URLSearchParams> {
  const callback = receiver.waitForCallback(validate);
  // The browser adapter may resolve before or after the redirect lands (tests click through the consent page): run both.
  const browser = openExternal(request.url.href).then(
    () => new Promise<never>(() => undefined),
    (error: unknown) => {
      throw error instanceof AppError ? error : new BrowserNotOpenedError(error);
    },
  );
  try {
    return await Promise.race([callback, browser]);
  } finally {
    callback.catch(() => undefined);
    browser.catch(() => undefined);
  }
}
