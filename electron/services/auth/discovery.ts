// Step 1, discover: from the school's address to the authorization server's metadata. Protected resource
// metadata (RFC 9728) names the authorization server; its metadata (RFC 8414, else OpenID discovery) names
// every endpoint. Both are cached per address/issuer so a second sign-in needs no round trip.
import * as oauth from 'oauth4webapi';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { bearerChallenge } from '../api/www-authenticate';
import { assertSecureUrl, hostOf, isLoopbackUrl } from './http';
import { freshUntil, type MetadataCache } from './metadata-cache';
import { toAppError } from './oauth-errors';

export interface DiscoveryDeps {
  http: typeof fetch;
  cache: MetadataCache;
  now: () => number;
  signal?: AbortSignal;
}

export interface ProtectedResource {
  /** The `resource` the platform names (RFC 8707 indicator), or null when it names none. */
  resource: string | null;
  authorizationServers: string[];
  scopesSupported: string[] | null;
}

export interface Platform {
  /** Where the business API lives (the resource, else the address the admin typed). */
  apiBase: string;
  resource: ProtectedResource | null;
  as: oauth.AuthorizationServer;
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

/** RFC 9728 §3.1: the well-known name goes between the host and the resource's path. */
export function protectedResourceMetadataUrl(resource: URL): URL {
  const path = resource.pathname === '/' ? '' : resource.pathname.replace(/\/$/, '');
  return new URL(`/.well-known/oauth-protected-resource${path}`, resource.origin);
}

/** RFC 8414 §3.1 (path insertion) first, then OpenID Connect Discovery (path appended). */
export function authorizationServerMetadataUrls(issuer: URL): URL[] {
  const path = issuer.pathname === '/' ? '' : issuer.pathname.replace(/\/$/, '');
  return [
    new URL(`/.well-known/oauth-authorization-server${path}`, issuer.origin),
    new URL(`${path}/.well-known/openid-configuration`, issuer.origin),
  ];
}

/** Reads protected resource metadata from `metadataUrl` (the well-known one, or a `resource_metadata` from a challenge). Null when there is none. */
export async function fetchProtectedResource(address: URL, deps: DiscoveryDeps, metadataUrl: URL = protectedResourceMetadataUrl(address)): Promise<ProtectedResource | null> {
  assertSecureUrl(metadataUrl, 'The resource description');
  return getCachedJson(`prm:${metadataUrl.href}`, metadataUrl, deps, async (body) => {
    const parsed = ProtectedResourceMetadata.safeParse(body);
    if (!parsed.success) throw new AppError('bad_metadata', `${address.host} describes its API in a form the app cannot read.`, { cause: parsed.error });
    const { resource, authorization_servers: servers = [], scopes_supported: scopes } = parsed.data;
    if (resource !== undefined && !sameResource(resource, address)) {
      throw new AppError('issuer_mismatch', `${address.host} describes a different API (${hostOf(resource)}), so the app will not trust it.`);
    }
    for (const server of servers) {
      let url: URL;
      try {
        url = new URL(server);
      } catch (cause) {
        throw new AppError('bad_metadata', `${address.host} names a sign-in service with an invalid address.`, { cause });
      }
      assertSecureUrl(url, 'The sign-in service');
    }
    return { resource: resource ?? null, authorizationServers: servers, scopesSupported: scopes ?? null };
  });
}

/**
 * RFC 9728 §5: a platform without the well-known document may still name it in a 401 challenge's
 * `resource_metadata`. Asked only when the well-known one is missing.
 */
export async function protectedResourceFromChallenge(address: URL, deps: DiscoveryDeps): Promise<ProtectedResource | null> {
  let response: Response;
  try {
    response = await deps.http(address, { headers: { accept: 'application/json' }, redirect: 'manual', signal: deps.signal ?? null });
  } catch {
    return null;
  }
  if (response.status !== 401) return null;
  const named = bearerChallenge(response.headers.get('www-authenticate'))?.resource_metadata;
  if (!named) return null;
  let metadataUrl: URL;
  try {
    metadataUrl = new URL(named, address);
  } catch {
    return null;
  }
  if (metadataUrl.origin !== address.origin) {
    // A challenge could point anywhere; only metadata served by the school's own host is trusted for it.
    throw new AppError('issuer_mismatch', `${address.host} points to resource metadata on another host (${metadataUrl.host}), so the app will not trust it.`);
  }
  return fetchProtectedResource(address, deps, metadataUrl);
}

function sameResource(named: string, address: URL): boolean {
  try {
    return new URL(named).href === address.href;
  } catch {
    return false;
  }
}

/** Fetches and checks the authorization server's metadata for `issuer` (issuer must match; a bare host's trailing slash is the only slack). */
export async function fetchAuthorizationServer(issuer: URL, deps: DiscoveryDeps): Promise<oauth.AuthorizationServer> {
  assertSecureUrl(issuer, 'The sign-in service');
  if (issuer.search || issuer.hash) throw new AppError('bad_metadata', `The sign-in service address ${issuer.href} is not a valid issuer.`);
  for (const url of authorizationServerMetadataUrls(issuer)) {
    const as = await getCachedJson(`as:${url.href}`, url, deps, (body) => validateAuthorizationServer(issuer, body));
    if (as) return as;
  }
  throw new AppError('no_platform', `${issuer.host} does not offer a sign-in service the app recognizes (no OAuth metadata).`);
}

async function validateAuthorizationServer(issuer: URL, body: Record<string, unknown>): Promise<oauth.AuthorizationServer> {
  let as: oauth.AuthorizationServer;
  try {
    as = await oauth.processDiscoveryResponse(issuer, Response.json(body));
  } catch (error) {
    const mapped = toAppError(error, 'discovery', issuer.host);
    if (error instanceof oauth.OperationProcessingError && error.code === oauth.JSON_ATTRIBUTE_COMPARISON) {
      throw new AppError('issuer_mismatch', `${issuer.host} says it is "${String(body.issuer)}", not ${issuer.href}, so the app will not sign in there.`, { cause: error });
    }
    throw mapped;
  }
  for (const name of ['authorization_endpoint', 'token_endpoint'] as const) {
    const value = as[name];
    if (typeof value !== 'string') throw new AppError('bad_metadata', `${issuer.host}'s sign-in service does not name its ${name.replace('_', ' ')}.`);
  }
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
    if (isLoopbackUrl(url) !== isLoopbackUrl(issuer) && url.protocol === 'http:') {
      throw new AppError('insecure_issuer', `${issuer.host} points to a plain-http endpoint, which the app refuses.`);
    }
  }
  const methods = as.code_challenge_methods_supported;
  if (Array.isArray(methods) && !methods.includes('S256')) {
    throw new AppError('bad_metadata', `${issuer.host} does not support PKCE with S256, which the app requires for a safe sign-in.`);
  }
  return as;
}

/** Everything needed to sign in at the school at `address`. */
export async function discoverPlatform(address: string, deps: DiscoveryDeps): Promise<Platform> {
  const base = normalizeAddress(address);
  const resource = (await fetchProtectedResource(base, deps)) ?? (await protectedResourceFromChallenge(base, deps));
  const issuer = resource?.authorizationServers[0] ?? base.href;
  let issuerUrl: URL;
  try {
    issuerUrl = new URL(issuer);
  } catch (cause) {
    throw new AppError('bad_metadata', `${base.host} names a sign-in service with an invalid address.`, { cause });
  }
  const as = await fetchAuthorizationServer(issuerUrl, deps);
  return { apiBase: stripTrailingSlash(resource?.resource ?? base.href), resource, as };
}

function stripTrailingSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}

/**
 * A discovery document through the cache: reused while fresh, revalidated when stale, and stored only once
 * `check` accepted it (a bad answer never replaces a good one). Null when the platform has no such document.
 */
async function getCachedJson<T>(key: string, url: URL, deps: DiscoveryDeps, check: (body: Record<string, unknown>) => Promise<T>): Promise<T | null> {
  const now = deps.now();
  const cached = deps.cache.get(key);
  if (cached && cached.freshUntil > now) return cached.body ? check(cached.body) : null;

  const headers = new Headers({ accept: 'application/json' });
  if (cached?.body && cached.etag) headers.set('if-none-match', cached.etag);
  if (cached?.body && cached.lastModified) headers.set('if-modified-since', cached.lastModified);
  let response: Response;
  try {
    response = await deps.http(url, { headers, redirect: 'manual', signal: deps.signal ?? null });
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
    throw new AppError('bad_metadata', `${url.host} answered ${url.pathname} with ${type ?? 'no content type'}, not JSON.`);
  }
  let value: unknown;
  try {
    value = await response.json();
  } catch (cause) {
    throw new AppError('bad_metadata', `${url.host} answered ${url.pathname} with malformed JSON.`, { cause });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AppError('bad_metadata', `${url.host} answered ${url.pathname} with JSON that is not an object.`);
  }
  return value as Record<string, unknown>;
}
