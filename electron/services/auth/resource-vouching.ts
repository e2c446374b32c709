// Whether the sign-in server vouches for the API the tokens will be sent to (docs/security.md, "Where tokens
// may go"). Any site can publish protected-resource metadata naming a real platform's sign-in server: the
// admin would sign in there, and the tokens would then be sent to that site. So when the sign-in server is on
// another origin than the address typed, it must say it serves that API: its metadata lists it
// (`protected_resources`, RFC 9728 §4), or it refuses a resource it does not serve with `invalid_target`
// (RFC 8707 §2) and does not refuse this one. Decided before the browser opens.
import type * as oauth from 'oauth4webapi';
import { AppError } from '../../../shared/errors';
import { hostOf } from '../net/guarded-fetch';
import { buildAuthorizationRequest } from './authorize';

/** How the sign-in server stands behind the API: `null` means not yet, and the app must ask it (confirmServedResource). */
export type Vouching = 'same_origin' | 'protected_resources' | null;

function withoutTrailingSlash(value: string): string {
  return value.endsWith('/') ? value.slice(0, -1) : value;
}

/**
 * The rule, from what discovery found. A sign-in server that lists the APIs it serves must list this one,
 * wherever it is; on the address's own origin it needs no more; elsewhere, a list naming the API is enough,
 * and without a list the app must ask it. Throws when the list leaves the API out.
 */
export function vouchingFor(as: oauth.AuthorizationServer, address: URL, apiBase: string): Vouching {
  const listed = (as as Record<string, unknown>).protected_resources;
  if (Array.isArray(listed)) {
    if (!listed.some((r) => typeof r === 'string' && withoutTrailingSlash(r) === withoutTrailingSlash(apiBase))) {
      throw new AppError(
        'issuer_mismatch',
        `${withoutTrailingSlash(address.href)} sends you to sign in at ${withoutTrailingSlash(as.issuer)}, which does not list ${apiBase} among the APIs it serves, so the app will not sign in there.`,
      );
    }
    return new URL(as.issuer).origin === address.origin ? 'same_origin' : 'protected_resources';
  }
  return new URL(as.issuer).origin === address.origin ? 'same_origin' : null;
}

/** A resource no sign-in server serves (RFC 6761 reserves .invalid): one that checks resources refuses it. */
export const UNSERVED_RESOURCE = 'https://unserved-resource.invalid/';

interface ResourceProbe {
  as: oauth.AuthorizationServer;
  clientId: string;
  redirectUri: string;
  scopes: readonly string[];
  /** The address the admin typed, as shown (named in the refusal). */
  address: string;
  /** The resource the tokens would be for. */
  apiBase: string;
  http: typeof fetch;
  signal?: AbortSignal;
}

/**
 * A sign-in server on another origin that lists no APIs: asks it, over the back channel, whether it serves
 * the API. It must answer an authorization request for an unserved resource with `invalid_target` (so it
 * checks resources at all) and not answer the one for this API so. Nothing is shown to the admin and no
 * code can be issued (no session, no consent). Refused otherwise, naming both addresses.
 */
export async function confirmServedResource(probe: ResourceProbe): Promise<void> {
  const signInAt = withoutTrailingSlash(probe.as.issuer);
  const ours = await authorizationError(probe, probe.apiBase);
  if (ours === 'invalid_target') {
    throw new AppError('issuer_mismatch', `${probe.address} sends you to sign in at ${signInAt}, which says it does not serve ${probe.apiBase}, so the app will not sign in there.`);
  }
  const unserved = await authorizationError(probe, UNSERVED_RESOURCE);
  if (unserved !== 'invalid_target') {
    throw new AppError(
      'issuer_mismatch',
      `${probe.address} sends you to sign in at ${signInAt}, but ${hostOf(signInAt)} does not confirm that it serves ${probe.apiBase} (it lists no APIs and does not check which API a sign-in is for), so the app will not sign in there.`,
    );
  }
}

/**
 * The `error` the authorization endpoint redirects a request for `resource` back with, or null when it does
 * not (a login or consent page, or anything else). Only a redirect to our own redirect URI with our state counts.
 */
async function authorizationError(probe: ResourceProbe, resource: string): Promise<string | null> {
  const request = await buildAuthorizationRequest(probe.as, probe.clientId, probe.redirectUri, probe.scopes, resource);
  const response = await probe.http(request.url, { redirect: 'manual', headers: { accept: 'text/html' }, signal: probe.signal ?? null });
  await response.body?.cancel().catch(() => undefined);
  const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
  if (!location) return null;
  let target: URL;
  try {
    target = new URL(location, request.url);
  } catch {
    return null;
  }
  const redirect = new URL(probe.redirectUri);
  if (target.origin !== redirect.origin || target.pathname !== redirect.pathname || target.searchParams.get('state') !== request.state) return null;
  return target.searchParams.get('error');
}
