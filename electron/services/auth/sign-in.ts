// The whole interactive sign-in, read top to bottom: discover, register (or reuse the client), authorize in
// the browser, exchange the code, load the profile, keep everything. connect, signInAgain and step-up are all
// this flow with different scopes and expectations.
import { performance } from 'node:perf_hooks';
import * as oauth from 'oauth4webapi';
import type { AccountView } from '../../../shared/model/accounts';
import { AppError } from '../../../shared/errors';
import { t } from '../../../shared/i18n/i18n';
import type { Logger } from '../log';
import type { AccountRecord, AccountStore } from './accounts';
import { BrowserNotOpenedError, buildAuthorizationRequest, callbackValidator, runBrowserAuthorization } from './authorize';
import { discoverPlatform, displayAddress, normalizeAddress, type Platform } from './discovery';
import { hostOf } from '../net/guarded-fetch';
import { LoopbackRedirectReceiver } from './loopback-receiver';
import type { MetadataCache } from './metadata-cache';
import { loadProfile, type Profile } from './profile';
import { type RegisteredClient, registerNativeClient } from './registration';
import { confirmServedResource } from './resource-vouching';
import { revokeTokens } from './revocation';
import { clientCredentials, exchangeAuthorizationCode, type GrantResult } from './token-exchange';

export type SignInStep = 'discovering' | 'registering' | 'waiting_for_browser' | 'exchanging' | 'loading_profile';

/** Extra facts for a step: the normalized address while discovering, the sign-in page while waiting for the browser. */
export interface SignInStepDetail {
  address?: string;
  authorizationUrl?: string;
  /** The sign-in server's origin when it is not the school's (told before the browser opens). */
  signInOrigin?: string;
}

export interface PreRegisteredClient {
  clientId: string;
  clientSecret?: string;
}

export interface SignInContext {
  store: AccountStore;
  cache: MetadataCache;
  http: typeof fetch;
  now: () => number;
  logger: Logger;
  openExternal: (url: string) => Promise<void>;
  receiverTimeoutMs?: number;
  preRegisteredClients: Record<string, { clientId: string; clientSecret?: string }>;
}

interface SignInRequest {
  address: string;
  scopes: readonly string[];
  /** Set for sign-in-again and step-up: the flow must end at this same account (same school). */
  expectAccountId?: string;
  /** The school the authorization is for, named in the request so the consent page leads to it. */
  school?: { id: string; name: string };
  /** Re-point this account (its platform moved): the flow must end at the same school, kept under this account's id. */
  relocateAccountId?: string;
  /** A client the platform registered for the admin out of band ("Use a client ID from your platform"). */
  client?: PreRegisteredClient;
  signal?: AbortSignal;
  onProgress?: (step: SignInStep, detail: SignInStepDetail) => void;
}

export interface SignInTiming {
  /** From the browser's callback to the token response. */
  callbackToTokensMs: number;
  /** From the browser's callback to the tokens being on disk (includes loading the profile that names the account). */
  callbackToStoredMs: number;
}

export async function signIn(ctx: SignInContext, request: SignInRequest): Promise<{ account: AccountView; timing: SignInTiming }> {
  try {
    return await signInSteps(ctx, request);
  } catch (error) {
    throw await withWalkthrough(error, request.address, ctx.http, request.signal);
  }
}

/** How long the app waits for the platform's walkthrough before showing a failure without it. */
const WALKTHROUGH_TIMEOUT_MS = 3_000;

/**
 * A failed sign-in links to the platform's own step-by-step walkthrough (spec: `{base_url}/auth.md`) when
 * the platform serves one; asked only after a failure, never for a cancel, and never when the address itself
 * was not trusted (its walkthrough is not the platform's).
 */
async function withWalkthrough(error: unknown, address: string, http: typeof fetch, signal?: AbortSignal): Promise<unknown> {
  if (!(error instanceof AppError) || error.code === 'cancelled' || error.code === 'issuer_mismatch' || error.helpUrl || signal?.aborted) return error;
  let url: string;
  try {
    url = `${displayAddress(normalizeAddress(address))}/auth.md`;
  } catch {
    return error;
  }
  try {
    const response = await http(url, { headers: { accept: 'text/markdown, text/plain' }, redirect: 'manual', signal: AbortSignal.timeout(WALKTHROUGH_TIMEOUT_MS) });
    const type = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
    await response.body?.cancel().catch(() => undefined);
    if (response.status !== 200 || (type !== 'text/markdown' && type !== 'text/plain')) return error;
  } catch {
    return error;
  }
  const { missingScopes, retryAfterSeconds } = error;
  return new AppError(error.code, error.message, { cause: error.cause, helpUrl: url, ...(missingScopes ? { missingScopes } : {}), ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}) });
}

async function signInSteps(ctx: SignInContext, request: SignInRequest): Promise<{ account: AccountView; timing: SignInTiming }> {
  const progress = request.onProgress ?? (() => undefined);
  const deps = { http: ctx.http, cache: ctx.cache, now: ctx.now, ...(request.signal ? { signal: request.signal } : {}) };

  progress('discovering', { address: normalizeAddress(request.address).href });
  // Kept only once the sign-in server vouched for the API: a refused address leaves nothing in the cache.
  const documents = ctx.cache.pending();
  const platform = await discoverPlatform(request.address, { ...deps, cache: documents });
  // RFC 8707: every token request names the API, so a token is bound to the site it will be sent to.
  const resource = platform.resourceIndicator;
  if (platform.signInOrigin) {
    ctx.logger.info('the school signs in on another site', { signInOrigin: hostOf(platform.signInOrigin) });
  }

  for (let attempt = 1; ; attempt++) {
    progress('registering', platform.signInOrigin ? { signInOrigin: platform.signInOrigin } : {});
    const known = ctx.store.client(platform.as.issuer);
    const receiver = await LoopbackRedirectReceiver.listen({
      preferredPort: portOf(known?.redirectUri ?? null),
      ...(ctx.receiverTimeoutMs !== undefined ? { timeoutMs: ctx.receiverTimeoutMs } : {}),
      ...(request.signal ? { signal: request.signal } : {}),
      logger: ctx.logger,
    });
    try {
      const client = await clientFor(ctx, platform, receiver.redirectUri, request.signal, request.client);
      const credentials = clientCredentials(client.clientId, client.authMethod === 'client_secret_post' ? ctx.store.vault.getClientSecret(platform.as.issuer) : null);
      if (platform.vouching === null) {
        await confirmServedResource({ as: platform.as, clientId: client.clientId, redirectUri: receiver.redirectUri, scopes: request.scopes, address: platform.address, apiBase: platform.apiBase, http: ctx.http, ...(request.signal ? { signal: request.signal } : {}) });
      }
      await documents.commit();

      const authorization = await buildAuthorizationRequest(platform.as, client.clientId, receiver.redirectUri, request.scopes, resource, request.school?.id ?? null);
      progress('waiting_for_browser', { authorizationUrl: authorization.url.href });
      let grant: GrantResult;
      let callbackAt: number;
      try {
        const callback = await runBrowserAuthorization(authorization, receiver, callbackValidator(platform.as, credentials.client, authorization.state), ctx.openExternal);
        callbackAt = performance.now();
        progress('exchanging', {});
        grant = await exchangeAuthorizationCode(platform.as, credentials, callback, receiver.redirectUri, authorization.codeVerifier, resource, deps);
      } catch (error) {
        if (attempt === 1 && !client.preRegistered && clientWasForgotten(error)) {
          // The platform forgot our registration: register again and retry, without bothering the admin with it.
          ctx.logger.warn('client unknown to the platform; registering again', { issuer: platform.as.issuer });
          await ctx.store.forgetClient(platform.as.issuer);
          continue;
        }
        if (!client.preRegistered && browserNeverCameBack(error)) {
          // A platform that forgot the client shows its own error page and never redirects: start fresh next time
          // (costs one registration when the admin merely gave up).
          await ctx.store.forgetClient(platform.as.issuer);
        }
        throw error;
      }
      const tokensAt = performance.now();

      progress('loading_profile', {});
      const grantedScopes = grant.grantedScopes ?? [...request.scopes];
      let record: AccountRecord;
      let profile: Profile;
      try {
        profile = await loadProfile(platform.as, client.clientId, grant, request.scopes, grantedScopes, platform.apiBase, { ...deps, logger: ctx.logger });
        if (request.school && profile.school.id !== request.school.id) {
          throw new AppError(
            'authorization_failed',
            t('errors:auth.otherSchoolChosen', { chosen: profile.school.name, school: request.school.name }),
          );
        }
        // An account re-pointed after its platform moved keeps the id it was created with.
        const id = request.relocateAccountId ?? ctx.store.idFor(platform.as.issuer, profile.school.id);
        if (request.expectAccountId && id !== request.expectAccountId) {
          throw new AppError('authorization_failed', t('errors:auth.otherSchoolSignedIn', { chosen: profile.school.name }));
        }
        const existing = ctx.store.find(id);
        // Only a relocation moves an account; otherwise it stays where it was connected.
        const kept = request.relocateAccountId ? null : existing;
        if (kept) assertSamePlace(kept, platform);
        record = {
          id,
          issuer: platform.as.issuer,
          address: kept?.address ?? platform.address,
          apiBase: platform.apiBase,
          resource,
          clientId: client.clientId,
          school: profile.school,
          admin: profile.admin,
          grantedScopes,
          connectedAt: existing?.connectedAt ?? new Date(ctx.now()).toISOString(),
          lastSyncAt: existing?.lastSyncAt ?? null,
          signInNeeded: false,
        };
        await ctx.store.save(record, grant.tokens);
      } catch (error) {
        // Tokens were issued but no account holds them: take them back at the platform rather than leave a live grant behind.
        const outcome = await revokeTokens(platform.as, credentials, grant.tokens, deps).catch(() => ({ revoked: false as const }));
        ctx.logger.warn('sign-in failed after the token exchange; the issued tokens were revoked', { issuer: hostOf(platform.as.issuer), revoked: outcome.revoked });
        const why = error instanceof AppError ? error : new AppError('internal', t('errors:auth.setupFailed'), { cause: error });
        throw new AppError(why.code, outcome.revoked ? t('errors:auth.grantRevoked', { why: why.message }) : t('errors:auth.grantNotRevoked', { why: why.message }), { cause: error });
      }
      const timing = { callbackToTokensMs: tokensAt - callbackAt, callbackToStoredMs: performance.now() - callbackAt };
      ctx.logger.info('signed in', { account: record.id, scopes: grantedScopes.join(' '), ...timing });
      return { account: ctx.store.view(record), timing };
    } finally {
      await receiver.close();
    }
  }
}

/**
 * Connect, sign in again and step-up never move an account: a sign-in that reached a school already connected
 * through another API (a site naming that school's sign-in server, or a platform that changed its API) is
 * refused and changes nothing. Moving an account is the relocation the app itself offers (auth/relocate.ts).
 */
function assertSamePlace(existing: AccountRecord, platform: Platform): void {
  const resourceOf = (record: AccountRecord) => record.resource ?? record.apiBase;
  if (existing.apiBase === platform.apiBase && displayAddress(resourceOf(existing)) === displayAddress(platform.resourceIndicator)) return;
  throw new AppError(
    'issuer_mismatch',
    t('errors:auth.connectedElsewhere', { school: existing.school.name, apiBase: existing.apiBase, address: platform.address, otherApi: platform.apiBase }),
  );
}

/** A registered client good for this redirect: the configured one, the remembered one, or a fresh registration. */
async function clientFor(ctx: SignInContext, platform: Platform, redirectUri: string, signal: AbortSignal | undefined, given?: PreRegisteredClient): Promise<RegisteredClient> {
  const issuer = platform.as.issuer;
  const configured = given ?? ctx.preRegisteredClients[issuer] ?? ctx.preRegisteredClients[issuer.replace(/\/$/, '')];
  if (configured) {
    const client: RegisteredClient = {
      issuer, clientId: configured.clientId, redirectUri: null,
      authMethod: configured.clientSecret ? 'client_secret_post' : 'none', preRegistered: true, registeredAt: new Date(ctx.now()).toISOString(),
    };
    const known = ctx.store.client(issuer);
    if (known?.clientId !== client.clientId || known.authMethod !== client.authMethod || !known.preRegistered || (configured.clientSecret && ctx.store.vault.getClientSecret(issuer) !== configured.clientSecret)) {
      await ctx.store.saveClient(client, configured.clientSecret ?? null);
    }
    return client;
  }
  const known = ctx.store.client(issuer);
  // A client the admin entered once is used for every later sign-in to that platform (sign in again, step-up).
  if (known?.preRegistered) return known;
  if (known && !known.preRegistered && sameRedirectExceptPort(known.redirectUri, redirectUri)) return known;
  const { client: registered, secret } = await registerNativeClient(platform.as, redirectUri, { http: ctx.http, now: ctx.now, ...(signal ? { signal } : {}) });
  ctx.logger.info('registered the app', { issuer: hostOf(issuer), redirectUri, authMethod: registered.authMethod });
  await ctx.store.saveClient(registered, secret);
  return registered;
}

/** RFC 8252 §7.3: a platform must accept any port on a loopback redirect, so only a change elsewhere needs a new registration. */
function sameRedirectExceptPort(registered: string | null, current: string): boolean {
  if (!registered) return false;
  try {
    const a = new URL(registered);
    const b = new URL(current);
    return a.protocol === b.protocol && a.hostname === b.hostname && a.pathname === b.pathname && a.search === b.search;
  } catch {
    return false;
  }
}

function clientWasForgotten(error: unknown): boolean {
  const cause = error instanceof AppError ? error.cause : error;
  if (cause instanceof oauth.ResponseBodyError) return cause.error === 'invalid_client' || cause.error === 'unauthorized_client';
  if (cause instanceof oauth.AuthorizationResponseError) return cause.error === 'invalid_client' || cause.error === 'unauthorized_client';
  return false;
}

/** The browser never returned (timeout, cancel, or the browser adapter failed): possibly an "unknown application" page. */
function browserNeverCameBack(error: unknown): boolean {
  if (!(error instanceof AppError)) return false;
  if (error.code === 'timed_out' || error.code === 'cancelled') return true;
  return error instanceof BrowserNotOpenedError;
}

function portOf(redirectUri: string | null): number | undefined {
  if (!redirectUri) return undefined;
  try {
    const port = Number(new URL(redirectUri).port);
    return port > 0 ? port : undefined;
  } catch {
    return undefined;
  }
}
