// An account whose platform moved to another address (npm start's sandbox found its port taken; a school
// that changed domain): re-point it instead of signing in from scratch, keeping its id, cache and settings.
//
// Tokens never go to an address that was not validated. The new address is discovered and checked like any
// other (issuer, HTTPS except loopback, S256). Then:
// - `trusted` (the main process decided it: the new address is the app's own configured default and it
//   announced that it was at the account's old address before): the stored refresh token is presented to the
//   new, validated token endpoint, and the answer must name the same school through UserInfo. No browser.
// - otherwise, or when the platform no longer accepts that refresh token: a browser sign-in at the new
//   address, for the same school (it is named in the request and checked after), sending no stored token.
import type { AccountView } from '../../../shared/model/accounts';
import { INITIAL_SCOPES } from '../../../shared/app-scopes';
import { AppError } from '../../../shared/errors';
import { discoverPlatform } from './discovery';
import { hostOf } from '../net/guarded-fetch';
import { loadProfile } from './profile';
import { signIn, type SignInContext, type SignInStep, type SignInStepDetail, type SignInTiming } from './sign-in';
import { stepUpScopes } from './step-up';
import { clientCredentials } from './token-exchange';
import { RefreshRefused, refreshTokenGrant } from './token-refresher';

interface RelocateRequest {
  accountId: string;
  address: string;
  trusted: boolean;
  signal?: AbortSignal;
  onProgress?: (step: SignInStep, detail: SignInStepDetail) => void;
}

export async function relocateAccount(ctx: SignInContext, request: RelocateRequest): Promise<{ account: AccountView; timing: SignInTiming | null }> {
  const record = ctx.store.get(request.accountId);
  const deps = { http: ctx.http, cache: ctx.cache, now: ctx.now, ...(request.signal ? { signal: request.signal } : {}) };
  request.onProgress?.('discovering', {});
  const platform = await discoverPlatform(request.address, deps);
  const issuer = platform.as.issuer;
  const other = ctx.store.list().find((a) => a.id !== record.id && a.issuer === issuer && a.school.id === record.school.id);
  if (other) {
    throw new AppError('invalid_input', `${record.school.name} is already connected at ${hostOf(issuer)}. Switch to that one and sign out of the old entry.`);
  }
  const resource = platform.resourceIndicator;

  const tokens = ctx.store.tokens(record.id);
  const client = ctx.store.clientOf(record);
  // A sign-in server that has yet to confirm it serves the API (auth/resource-vouching.ts) gets no stored token: the browser sign-in asks it first.
  if (request.trusted && platform.vouching !== null && issuer !== record.issuer && tokens?.refreshToken && client) {
    try {
      request.onProgress?.('exchanging', {});
      const grant = await refreshTokenGrant(platform.as, clientCredentials(client.clientId, client.secret), tokens.refreshToken, resource, deps);
      request.onProgress?.('loading_profile', {});
      const grantedScopes = grant.grantedScopes ?? record.grantedScopes;
      const profile = await loadProfile(platform.as, client.clientId, grant, record.grantedScopes, grantedScopes, platform.apiBase, { ...deps, logger: ctx.logger });
      if (profile.school.id !== record.school.id) {
        throw new AppError('authorization_failed', `${hostOf(issuer)} answered for ${profile.school.name}, not ${record.school.name}, so the account was left as it was.`);
      }
      await ctx.store.moveClient(record.issuer, issuer);
      await ctx.store.save(
        { ...record, issuer, address: platform.address, apiBase: platform.apiBase, resource, clientId: client.clientId, school: profile.school, admin: profile.admin, grantedScopes, signInNeeded: false },
        grant.tokens,
      );
      ctx.logger.info('account re-pointed to the platform\'s new address', { account: record.id, via: 'refresh' });
      return { account: ctx.store.view(ctx.store.get(record.id)), timing: null };
    } catch (error) {
      if (!(error instanceof RefreshRefused)) throw error;
      ctx.logger.warn('the moved platform refused the refresh token; signing in there instead', { account: record.id, error: error.oauthError });
    }
  }

  const { scopes } = stepUpScopes(INITIAL_SCOPES, record.grantedScopes);
  const { account, timing } = await signIn(ctx, {
    address: request.address,
    scopes,
    school: { id: record.school.id, name: record.school.name },
    relocateAccountId: record.id,
    ...(request.signal ? { signal: request.signal } : {}),
    ...(request.onProgress ? { onProgress: request.onProgress } : {}),
  });
  ctx.logger.info('account re-pointed to the platform\'s new address', { account: record.id, via: 'sign-in' });
  return { account, timing };
}
