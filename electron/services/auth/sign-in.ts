// The whole interactive sign-in, read top to bottom: discover, register (or reuse the client), authorize in
// the browser, exchange the code, load the profile, keep everything. connect, signInAgain and step-up are all
// this flow with different scopes and expectations.
import { performance } from 'node:perf_hooks';
import * as oauth from 'oauth4webapi';
import type { AccountView } from '../../../shared/accounts';
import { AppError } from '../../../shared/errors';
import type { Logger } from '../log';
import type { AccountRecord, AccountStore } from './accounts';
import { buildAuthorizationRequest, callbackValidator, runBrowserAuthorization } from './authorize';
import { discoverPlatform, normalizeAddress, type Platform } from './discovery';
import { hostOf } from './http';
import { LoopbackRedirectReceiver } from './loopback-receiver';
import type { MetadataCache } from './metadata-cache';
import { loadProfile } from './profile';
import { type RegisteredClient, registerNativeClient } from './registration';
import { clientCredentials, exchangeAuthorizationCode, type GrantResult } from './token-exchange';

export type SignInStep = 'discovering' | 'registering' | 'waiting_for_browser' | 'exchanging' | 'loading_profile';

/** Extra facts for a step: the normalized address while discovering, the sign-in page while waiting for the browser. */
export interface SignInStepDetail {
  address?: string;
  authorizationUrl?: string;
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

export interface SignInRequest {
  address: string;
  scopes: readonly string[];
  /** Set for sign-in-again and step-up: the flow must end at this same account (same school). */
  expectAccountId?: string;
  /** The school the authorization is for, named in the request so the consent page leads to it. */
  school?: { id: string; name: string };
  /** Re-point this account (its platform moved): the flow must end at the same school, kept under this account's id. */
  relocateAccountId?: string;
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
  const progress = request.onProgress ?? (() => undefined);
  const deps = { http: ctx.http, cache: ctx.cache, now: ctx.now, ...(request.signal ? { signal: request.signal } : {}) };

  progress('discovering', { address: normalizeAddress(request.address).href });
  const platform = await discoverPlatform(request.address, deps);
  const resource = platform.resource?.resource ?? null;

  for (let attempt = 1; ; attempt++) {
    progress('registering', {});
    const known = ctx.store.client(platform.as.issuer);
    const receiver = await LoopbackRedirectReceiver.listen({
      preferredPort: portOf(known?.redirectUri ?? null),
      ...(ctx.receiverTimeoutMs !== undefined ? { timeoutMs: ctx.receiverTimeoutMs } : {}),
      ...(request.signal ? { signal: request.signal } : {}),
      logger: ctx.logger,
    });
    try {
      const client = await clientFor(ctx, platform, receiver.redirectUri, request.signal);
      const credentials = clientCredentials(client.clientId, client.preRegistered ? ctx.store.vault.getClientSecret(platform.as.issuer) : null);

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
      const profile = await loadProfile(platform.as, client.clientId, grant, grantedScopes, platform.apiBase, deps);
      if (request.school && profile.school.id !== request.school.id) {
        throw new AppError(
          'authorization_failed',
          `You chose ${profile.school.name} on the sign-in page, but this is for ${request.school.name}. Nothing was changed: try again and choose ${request.school.name}.`,
        );
      }
      // An account re-pointed after its platform moved keeps the id it was created with.
      const id = request.relocateAccountId ?? ctx.store.idFor(platform.as.issuer, profile.school.id);
      if (request.expectAccountId && id !== request.expectAccountId) {
        throw new AppError('authorization_failed', `You signed in to ${profile.school.name}, not to the school this account is for. Pick the same school in the browser.`);
      }
      const existing = ctx.store.list().find((a) => a.id === id);
      const record: AccountRecord = {
        id,
        issuer: platform.as.issuer,
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
      const timing = { callbackToTokensMs: tokensAt - callbackAt, callbackToStoredMs: performance.now() - callbackAt };
      ctx.logger.info('signed in', { account: id, school: profile.school.name, scopes: grantedScopes.join(' '), ...timing });
      return { account: ctx.store.view(record), timing };
    } finally {
      await receiver.close();
    }
  }
}

/** A registered client good for this redirect: the configured one, the remembered one, or a fresh registration. */
async function clientFor(ctx: SignInContext, platform: Platform, redirectUri: string, signal: AbortSignal | undefined): Promise<RegisteredClient> {
  const issuer = platform.as.issuer;
  const configured = ctx.preRegisteredClients[issuer] ?? ctx.preRegisteredClients[issuer.replace(/\/$/, '')];
  if (configured) {
    const client: RegisteredClient = {
      issuer, clientId: configured.clientId, redirectUri: null,
      authMethod: configured.clientSecret ? 'client_secret_post' : 'none', preRegistered: true, registeredAt: new Date(ctx.now()).toISOString(),
    };
    const known = ctx.store.client(issuer);
    if (known?.clientId !== client.clientId || (configured.clientSecret && ctx.store.vault.getClientSecret(issuer) !== configured.clientSecret)) {
      await ctx.store.saveClient(client, configured.clientSecret ?? null);
    }
    return client;
  }
  const known = ctx.store.client(issuer);
  if (known && !known.preRegistered && sameRedirectExceptPort(known.redirectUri, redirectUri)) return known;
  const registered = await registerNativeClient(platform.as, redirectUri, { http: ctx.http, now: ctx.now, ...(signal ? { signal } : {}) });
  ctx.logger.info('registered the app', { issuer: hostOf(issuer), redirectUri });
  await ctx.store.saveClient(registered, null);
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
  return error.code === 'authorization_failed' && !(error.cause instanceof AppError) && !(error.cause instanceof oauth.AuthorizationResponseError) && error.message.startsWith('The browser could not');
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
