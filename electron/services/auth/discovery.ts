// Step 1, discover: from the school's address to the authorization server's metadata. Protected resource
// metadata (RFC 9728) names the authorization server; its metadata (RFC 8414, else OpenID discovery) names
// every endpoint. Both are cached per address/issuer so a second sign-in needs no round trip.
import * as oauth from 'oauth4webapi';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { OPERATIONS } from '../../../shared/platform/endpoints';
import { businessUrl } from '../net/business-url';
import { assertSecureUrl } from '../net/guarded-fetch';
import { oauthOptions } from './oauth-options';
import { type DocumentCache, freshUntil, MAX_DOCUMENT_BYTES } from './metadata-cache';
import { toAppError } from './oauth-errors';
import { type Vouching, vouchingFor } from './resource-vouching';

export interface DiscoveryDeps {
  http: typeof fetch;
  cache: DocumentCache;
  now: () => number;
  signal?: AbortSignal;
}

interface ProtectedResource {
  /** The `resource` the platform names (RFC 8707 indicator), or null when it names none. */
  resource: string | null;
  authorizationServers: string[];
  scopesSupported: string[] | null;
}

export interface Platform {
  /** The school's address as the admin typed it (normalized, no trailing slash): where sign-in again starts. */
  address: string;
  /** Where the business API lives (the resource, else the address the admin typed). */
  apiBase: string;
  resource: ProtectedResource | null;
  /** What every authorization, code and refresh request names as `resource` (RFC 8707): the API, always. */
  resourceIndicator: string;
  /** How the sign-in server stands behind the API; null: it must still confirm it before the browser opens. */
  vouching: Vouching;
  as: oauth.AuthorizationServer;
  /** The sign-in server's origin when it is not the school's: shown to the admin before the browser opens. */
  signInOrigin: string | null;
}

/** Turns what the admin typed ("school.example", "https://school.example/") into an https URL; http only for loopback. */
export function normalizeAddress(input: string): URL {
  const trimmed = input.trim();
  if (!trimmed) throw new AppError('invalid_address', "Type your school's address, for example https://yourschool.example.");
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `${/^(127\.|localhost\b|\[::1\])/i.test(trimmed) ? 'http' : 'https'}://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch (cause) {
    throw new AppError('invalid_address', `"${trimmed}" is not a web address.`, { cause });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new AppError('invalid_address', `"${trimmed}" is not a web address.`);
  if (url.username || url.password) throw new AppError('invalid_address', 'The address must not contain a user name or password.');
  assertSecureUrl(url, 'The school');
  url.hash = '';
  url.search = '';
  return url;
}

const ProtectedResourceMetadata = z.object({
  resource: z.string().optional(),
  authorization_servers: z.array(z.string()).optional(),
  scopes_supported: z.array(z.string()).optional(),
});

const WELL_KNOWN_RESOURCE = '/.well-known/oauth-protected-resource';

/** RFC 9728 §3.1: the well-known name goes between the host and the resource's path (oauth4webapi's rule, trailing slash kept). */
export function protectedResourceMetadataUrl(resource: URL): URL {
  return new URL(`${WELL_KNOWN_RESOURCE}${resource.pathname === '/' ? '' : resource.pathname}`, resource.origin);
}

/** RFC 8414 §3.1 (path insertion) first, then OpenID Connect Discovery (path appended). */
export function authorizationServerMetadataUrls(issuer: URL): URL[] {
  const path = issuer.pathname === '/' ? '' : issuer.pathname.replace(/\/$/, '');
  return [
    new URL(`/.well-known/oauth-authorization-server${path}`, issuer.origin),
    new URL(`${path}/.well-known/openid-configuration`, issuer.origin),
  ];
}

/** The address without a trailing slash on its path, the way the app shows and compares addresses. */
export function displayAddress(url: URL | string): string {
  const href = typeof url === 'string' ? url : url.href;
  return href.endsWith('/') ? href.slice(0, -1) : href;
}

/**
 * Which resource a metadata document may describe. `exactly`: the document at the path-aware well-known URL of
 * that resource, checked strictly (RFC 9728 §3.3, by oauth4webapi). `sameOriginAs`: a document found another way
 * (the host's root well-known one, or one a challenge named): it may describe an API under any path of the
 * school's own origin, never another origin.
 */
type ResourceExpectation = { exactly: URL } | { sameOriginAs: URL };

/**
 * Reads protected resource metadata. By default the well-known document for `address` itself; `metadataUrl`
 * for one a 401 challenge named. Null when there is none.
 */
async function fetchProtectedResource(address: URL, deps: DiscoveryDeps, metadataUrl?: URL): Promise<ProtectedResource | null> {
  const url = metadataUrl ?? protectedResourceMetadataUrl(address);
  assertSecureUrl(url, 'The resource description');
  const expectation = expectationFor(url, address);
  const send = metadataUrl
    ? undefined
    : (headers: Headers) => oauth.resourceDiscoveryRequest(address, { ...oauthOptions(address, deps.http, deps.signal), headers });
  return getCachedJson(`prm:${url.href}`, url, deps, (body) => validateProtectedResource(body, url, address, expectation), send);
}

/** The path-aware well-known URL of a resource must describe exactly that resource; any other document, an API of the school's origin. */
function expectationFor(metadataUrl: URL, address: URL): ResourceExpectation {
  if (metadataUrl.pathname.startsWith(`${WELL_KNOWN_RESOURCE}/`)) {
    return { exactly: new URL(`${metadataUrl.origin}${metadataUrl.pathname.slice(WELL_KNOWN_RESOURCE.length)}`) };
  }
  return { sameOriginAs: address };
}

async function validateProtectedResource(body: Record<string, unknown>, url: URL, address: URL, expectation: ResourceExpectation): Promise<ProtectedResource> {
  const parsed = ProtectedResourceMetadata.safeParse(body);
  if (!parsed.success) throw new AppError('bad_metadata', `${url.href} describes the API in a form the app cannot read.`, { cause: parsed.error });
  const { resource, authorization_servers: servers = [], scopes_supported: scopes } = parsed.data;
  if (resource === undefined) {
    if ('exactly' in expectation) throw new AppError('bad_metadata', `${url.href} does not say which API it describes (no "resource"), so the app will not trust it.`);
    // The host's own document without a resource: the school's address is the API, and no indicator is sent.
  } else {
    let named: URL;
    try {
      named = new URL(resource);
    } catch (cause) {
      throw new AppError('bad_metadata', `${url.href} names its API with an invalid address ("${resource.slice(0, 200)}").`, { cause });
    }
    const expected = 'exactly' in expectation ? expectation.exactly : named;
    if ('sameOriginAs' in expectation && named.origin !== expectation.sameOriginAs.origin) {
      throw new AppError('issuer_mismatch', `${displayAddress(address)} describes its API at ${displayAddress(named)}, which is another site, so the app will not send your sign-in there.`);
    }
    try {
      // RFC 9728 §3.3: the document's resource must be identical to the one its well-known URL was formed from.
      await oauth.processResourceDiscoveryResponse(expected, Response.json(body));
    } catch (error) {
      if (error instanceof oauth.OperationProcessingError && error.code === oauth.JSON_ATTRIBUTE_COMPARISON) {
        throw new AppError('issuer_mismatch', `${url.href} describes the API ${displayAddress(named)}, not ${displayAddress(expected)}, so the app will not trust it.`, { cause: error });
      }
      throw toAppError(error, 'discovery', url.host);
    }
    assertSecureUrl(named, 'The API');
  }
  for (const server of servers) {
    let serverUrl: URL;
    try {
      serverUrl = new URL(server);
    } catch (cause) {
      throw new AppError('bad_metadata', `${url.href} names a sign-in service with an invalid address ("${server.slice(0, 200)}").`, { cause });
    }
    assertSecureUrl(serverUrl, 'The sign-in service');
  }
  return { resource: resource ?? null, authorizationServers: servers, scopesSupported: scopes ?? null };
}

/**
 * The school's protected resource: its own well-known document, else the one a 401 challenge names. When the
 * document names an API under a path of the school's origin (`https://school.example/api`) and the platform
 * serves that API's path-aware document too, that one is read strictly and must name the same sign-in servers.
 */
async function discoverResource(address: URL, deps: DiscoveryDeps): Promise<ProtectedResource | null> {
  const own = (await fetchProtectedResource(address, deps)) ?? (await protectedResourceFromChallenge(address, deps));
  if (!own?.resource) return own;
  const named = new URL(own.resource);
  if (protectedResourceMetadataUrl(named).href === protectedResourceMetadataUrl(address).href) return own;
  const exact = await fetchProtectedResource(named, deps);
  if (!exact) return own;
  const differ = exact.authorizationServers.length !== own.authorizationServers.length || exact.authorizationServers.some((s, i) => s !== own.authorizationServers[i]);
  if (differ) {
    throw new AppError('issuer_mismatch', `The platform's two descriptions of ${displayAddress(named)} disagree about where to sign in (${own.authorizationServers.join(', ') || 'none'} against ${exact.authorizationServers.join(', ') || 'none'}), so the app will not sign in.`);
  }
  return exact;
}

/**
 * RFC 9728 §5: a platform without the well-known document names it in the `resource_metadata` of a 401
 * challenge. The spec's platforms challenge an invalid token on a business endpoint (an anonymous request is
 * served, not challenged), so the probe sends an obviously invalid one; oauth4webapi reads the challenge.
 */
async function protectedResourceFromChallenge(address: URL, deps: DiscoveryDeps): Promise<ProtectedResource | null> {
  const probe = businessUrl(address.href, OPERATIONS.getSchool.path);
  let challenges: oauth.WWWAuthenticateChallenge[] | null = null;
  try {
    const response = await oauth.protectedResourceRequest(PROBE_TOKEN, 'GET', probe, new Headers({ accept: 'application/json' }), null, oauthOptions(probe, deps.http, deps.signal));
    await response.body?.cancel().catch(() => undefined);
  } catch (error) {
    if (error instanceof oauth.WWWAuthenticateChallengeError) {
      if (error.status === 401) challenges = error.cause;
    } else if (error instanceof AppError && error.code === 'cancelled') {
      throw error;
    }
  }
  const named = challenges?.find((c) => c.scheme === 'bearer')?.parameters.resource_metadata;
  if (!named) return null;
  let metadataUrl: URL;
  try {
    metadataUrl = new URL(named, address);
  } catch {
    return null;
  }
  if (metadataUrl.origin !== address.origin) {
    // A challenge could point anywhere; only metadata served by the school's own origin is trusted for it.
    throw new AppError('issuer_mismatch', `${displayAddress(address)} points to a description of its API at ${metadataUrl.href}, which is another site, so the app will not trust it.`);
  }
  return fetchProtectedResource(address, deps, metadataUrl);
}

/** Not a token: what the challenge probe sends so that a spec-following API answers 401 with its metadata's address. */
const PROBE_TOKEN = 'school-companion-discovery-probe';

/** Fetches and checks the authorization server's metadata for `issuer` (issuer must match; a bare host's trailing slash is the only slack). */
export async function fetchAuthorizationServer(issuer: URL, deps: DiscoveryDeps): Promise<oauth.AuthorizationServer> {
  assertSecureUrl(issuer, 'The sign-in service');
  if (issuer.search || issuer.hash) throw new AppError('bad_metadata', `The sign-in service address ${issuer.href} is not a valid issuer.`);
  const [oauth2, oidc] = authorizationServerMetadataUrls(issuer) as [URL, URL];
  const options = (headers: Headers) => ({ ...oauthOptions(issuer, deps.http, deps.signal), headers });
  const rfc8414 = await getCachedJson(`as:${oauth2.href}`, oauth2, deps, (body) => validateAuthorizationServer(issuer, body), (headers) => oauth.discoveryRequest(issuer, { ...options(headers), algorithm: 'oauth2' }));
  if (rfc8414) return rfc8414;
  const openid = await getCachedJson(`as:${oidc.href}`, oidc, deps, (body) => validateAuthorizationServer(issuer, body), (headers) => oauth.discoveryRequest(issuer, { ...options(headers), algorithm: 'oidc' }));
  if (openid) return openid;
  throw new AppError('no_platform', `${displayAddress(issuer)} does not offer a sign-in service the app recognizes (no OAuth metadata at ${oauth2.href} or ${oidc.href}).`);
}

async function validateAuthorizationServer(issuer: URL, body: Record<string, unknown>): Promise<oauth.AuthorizationServer> {
  let as: oauth.AuthorizationServer;
  try {
    as = await oauth.processDiscoveryResponse(issuer, Response.json(body));
  } catch (error) {
    const mapped = toAppError(error, 'discovery', issuer.host);
    if (error instanceof oauth.OperationProcessingError && error.code === oauth.JSON_ATTRIBUTE_COMPARISON) {
      throw new AppError('issuer_mismatch', `The sign-in service at ${displayAddress(issuer)} says it is "${String(body.issuer).slice(0, 200)}", so the app will not sign in there.`, { cause: error });
    }
    throw mapped;
  }
  for (const name of ['authorization_endpoint', 'token_endpoint'] as const) {
    const value = as[name];
    if (typeof value !== 'string') throw new AppError('bad_metadata', `${issuer.host}'s sign-in service does not name its ${name.replace('_', ' ')}.`);
  }
  // RFC 8414 metadata speaks for its issuer: every endpoint the app calls is on the issuer's own origin (scheme,
  // host and port), so the metadata cannot send a registration, a code or a token to any other server.
  for (const name of ['authorization_endpoint', 'token_endpoint', 'registration_endpoint', 'revocation_endpoint', 'userinfo_endpoint'] as const) {
    const value = as[name];
    if (value === undefined) continue;
    let url: URL;
    try {
      url = new URL(String(value));
    } catch (cause) {
      throw new AppError('bad_metadata', `${issuer.host}'s ${name.replace('_', ' ')} is not a valid address.`, { cause });
    }
    assertSecureUrl(url, `The ${name.replace(/_/g, ' ')}`);
    if (url.origin !== issuer.origin) {
      throw new AppError('bad_metadata', `${issuer.host}'s ${name.replace('_', ' ')} is at ${url.origin}, not on the sign-in service's own site, so the app will not use it.`);
    }
  }
  const methods = as.code_challenge_methods_supported;
  if (Array.isArray(methods) && !methods.includes('S256')) {
    throw new AppError('bad_metadata', `${issuer.host} does not support PKCE with S256, which the app requires for a safe sign-in.`);
  }
  return as;
}

/**
 * Where tokens may go (docs/security.md): the API must be on the school's own origin (any path); the sign-in
 * server may be elsewhere only when the school's own resource metadata names it and it vouches for the API
 * (auth/resource-vouching.ts), and then the admin is shown its origin. The documents must agree: the issuer
 * the resource metadata names is the one its metadata declares, and an authorization server that lists the
 * resources it serves (RFC 9728 §4) must list this one.
 */
export async function discoverPlatform(address: string, deps: DiscoveryDeps): Promise<Platform> {
  // What a failed discovery read (a hostile or broken address) is never kept.
  const documents = deps.cache.pending();
  const platform = await discoverFrom(normalizeAddress(address), { ...deps, cache: documents });
  await documents.commit();
  return platform;
}

async function discoverFrom(base: URL, deps: DiscoveryDeps): Promise<Platform> {
  const resource = await discoverResource(base, deps);
  const issuer = resource?.authorizationServers[0] ?? base.href;
  let issuerUrl: URL;
  try {
    issuerUrl = new URL(issuer);
  } catch (cause) {
    throw new AppError('bad_metadata', `${displayAddress(base)} names a sign-in service with an invalid address.`, { cause });
  }
  const as = await fetchAuthorizationServer(issuerUrl, deps);
  const apiBase = displayAddress(resource?.resource ?? base.href);
  const vouching = vouchingFor(as, base, apiBase);
  const signInOrigin = new URL(as.issuer).origin;
  return {
    address: displayAddress(base),
    apiBase,
    resource,
    // The typed address when the metadata names no API: a token is then bound to the site it will be sent to.
    resourceIndicator: resource?.resource ?? apiBase,
    vouching,
    as,
    signInOrigin: signInOrigin === base.origin ? null : signInOrigin,
  };
}

/**
 * A discovery document through the cache: reused while fresh, revalidated when stale, and stored only once
 * `check` accepted it (a bad answer never replaces a good one). Null when the platform has no such document.
 */
async function getCachedJson<T>(
  key: string,
  url: URL,
  deps: DiscoveryDeps,
  check: (body: Record<string, unknown>) => Promise<T>,
  send: (headers: Headers) => Promise<Response> = (headers) => deps.http(url, { headers, redirect: 'manual', signal: deps.signal ?? null }),
): Promise<T | null> {
  const now = deps.now();
  const cached = deps.cache.get(key);
  if (cached && cached.freshUntil > now) return cached.body ? check(cached.body) : null;

  const headers = new Headers({ accept: 'application/json' });
  if (cached?.body && cached.etag) headers.set('if-none-match', cached.etag);
  if (cached?.body && cached.lastModified) headers.set('if-modified-since', cached.lastModified);
  let response: Response;
  try {
    response = await send(headers);
  } catch (error) {
    // Stale beats nothing when the platform cannot be reached (refresh and sign-out still know the endpoints).
    if (cached && error instanceof AppError && error.code === 'unreachable') return cached.body ? check(cached.body) : null;
    throw error;
  }
  const fresh = freshUntil(response.headers, now);

  if (response.status === 304 && cached?.body) {
    const value = await check(cached.body);
    if (fresh !== 'no-store') await deps.cache.put(key, { ...cached, fetchedAt: now, freshUntil: fresh });
    return value;
  }
  if (response.status === 404 || response.status === 410) {
    if (fresh !== 'no-store') await deps.cache.put(key, { url: url.href, body: null, fetchedAt: now, freshUntil: fresh, etag: null, lastModified: null });
    return null;
  }
  if (response.status !== 200) {
    throw new AppError(response.status >= 500 ? 'server_error' : 'bad_metadata', `${url.host} answered ${response.status} when asked for ${url.pathname}.`);
  }
  const body = await readJsonObject(response, url);
  const value = await check(body);
  if (fresh !== 'no-store') {
    await deps.cache.put(key, { url: url.href, body, fetchedAt: now, freshUntil: fresh, etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') });
  }
  return value;
}

async function readJsonObject(response: Response, url: URL): Promise<Record<string, unknown>> {
  const type = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json' && !type?.endsWith('+json')) {
    await response.body?.cancel().catch(() => undefined);
    throw new AppError('bad_metadata', `${url.host} answered ${url.pathname} with ${type ?? 'no content type'}, not JSON.`);
  }
  const bytes = await response.arrayBuffer();
  if (bytes.byteLength > MAX_DOCUMENT_BYTES) {
    throw new AppError('bad_metadata', `${url.host} answered ${url.pathname} with ${Math.ceil(bytes.byteLength / 1024)} KiB, far more than a description of a sign-in service; the app reads at most ${MAX_DOCUMENT_BYTES / 1024} KiB.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch (cause) {
    throw new AppError('bad_metadata', `${url.host} answered ${url.pathname} with malformed JSON.`, { cause });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AppError('bad_metadata', `${url.host} answered ${url.pathname} with JSON that is not an object.`);
  }
  return value as Record<string, unknown>;
}
