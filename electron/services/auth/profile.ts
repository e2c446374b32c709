// Who signed in, and to which school: UserInfo first (the validated ID token for the name when there is none),
// the token response's extras and GET /api/v1/school as fallbacks, and the issuer's host as the last resort,
// so any spec-following platform yields an account.
import * as oauth from 'oauth4webapi';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { OPERATIONS } from '../../../shared/platform/endpoints';
import { businessUrl } from '../net/business-url';
import type { Logger } from '../log';
import { hostOf } from '../net/guarded-fetch';
import { oauthOptions } from './oauth-options';
import { toAppError } from './oauth-errors';
import type { GrantResult } from './token-exchange';

export interface Profile {
  school: { id: string; name: string; url: string | null };
  admin: { sub: string; name: string; email: string | null; picture: string | null };
}

const UserInfoClaims = z.looseObject({
  sub: z.string(),
  name: z.string().nullish(),
  email: z.string().nullish(),
  picture: z.string().nullish(),
  school_id: z.union([z.string(), z.number()]).nullish(),
  school: z.looseObject({ id: z.union([z.string(), z.number()]), name: z.string(), url: z.string().nullish() }).nullish(),
});

const SchoolAnswer = z.looseObject({ id: z.union([z.string(), z.number()]), name: z.string(), url: z.string().nullish() });

interface ProfileDeps {
  http: typeof fetch;
  signal?: AbortSignal;
  logger?: Logger;
}

/**
 * Who signed in and to which school. The admin's name comes from UserInfo whenever the platform has one and
 * `openid` was asked for (a platform may leave `openid` out of the token response's `scope` although it
 * honoured it), else from the validated ID token. The school lookup is optional: when the platform cannot
 * describe the school, the sign-in completes with what is known and the log says what was missing.
 */
export async function loadProfile(
  as: oauth.AuthorizationServer,
  clientId: string,
  grant: GrantResult,
  requestedScopes: readonly string[],
  grantedScopes: readonly string[],
  apiBase: string,
  deps: ProfileDeps,
): Promise<Profile> {
  const host = hostOf(as.issuer);
  const askedForOpenId = requestedScopes.includes('openid') || grantedScopes.includes('openid');
  let claims: z.infer<typeof UserInfoClaims> | null = null;
  if (as.userinfo_endpoint && askedForOpenId) {
    try {
      claims = await fetchUserInfo(as, clientId, grant, deps);
    } catch (error) {
      // A provider may refuse an access token bound to the API (RFC 8707) at its UserInfo endpoint, as
      // oidc-provider does; it then puts the profile claims in the ID token, which oauth4webapi validated.
      if (!grant.idToken || !(error instanceof AppError) || error.code === 'cancelled') throw error;
      deps.logger?.info('UserInfo refused the token; the admin is named from the ID token', { host, error: error.message });
    }
  }
  let school: Profile['school'] | null = null;
  if (claims?.school) {
    school = { id: String(claims.school.id), name: claims.school.name, url: claims.school.url ?? null };
  } else if (grant.schoolId && grant.schoolName) {
    school = { id: grant.schoolId, name: grant.schoolName, url: null };
  } else if (grantedScopes.includes(OPERATIONS.getSchool.scope)) {
    school = await fetchSchool(apiBase, grant.tokens.accessToken, deps).catch((error: unknown) => {
      deps.logger?.warn('the school lookup failed; the account is named after what is known', { host: hostOf(apiBase), error: error instanceof AppError ? error.message : 'unknown' });
      return null;
    });
  }
  school ??= { id: grant.schoolId ?? (claims?.school_id != null ? String(claims.school_id) : new URL(as.issuer).host), name: grant.schoolName ?? host, url: null };
  const sub = claims?.sub ?? grant.subject;
  if (!sub) throw new AppError('bad_response', `${host} did not say who signed in, so the account cannot be set up.`);
  const fromIdToken = grant.idToken;
  const email = claims?.email ?? fromIdToken?.email ?? null;
  return {
    school,
    admin: { sub, name: claims?.name ?? fromIdToken?.name ?? email ?? sub, email, picture: claims?.picture ?? fromIdToken?.picture ?? null },
  };
}

async function fetchUserInfo(as: oauth.AuthorizationServer, clientId: string, grant: GrantResult, deps: { http: typeof fetch; signal?: AbortSignal }) {
  const host = hostOf(as.userinfo_endpoint as string);
  let raw: oauth.UserInfoResponse;
  try {
    const client = { client_id: clientId };
    const response = await oauth.userInfoRequest(as, client, grant.tokens.accessToken, oauthOptions(as.userinfo_endpoint as string, deps.http, deps.signal));
    raw = await oauth.processUserInfoResponse(as, client, grant.subject ?? oauth.skipSubjectCheck, response);
  } catch (error) {
    throw toAppError(error, 'userinfo', host);
  }
  const parsed = UserInfoClaims.safeParse(raw);
  if (!parsed.success) throw new AppError('bad_response', `${host} described the signed-in admin in a form the app cannot read.`, { cause: parsed.error });
  return parsed.data;
}

async function fetchSchool(apiBase: string, accessToken: string, deps: { http: typeof fetch; signal?: AbortSignal }): Promise<Profile['school']> {
  const url = businessUrl(apiBase, OPERATIONS.getSchool.path).href;
  // A bearer request follows no redirect: its answer comes from the API itself or not at all.
  const response = await deps.http(url, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' }, redirect: 'manual', signal: deps.signal ?? null });
  if (!response.ok) throw new AppError('bad_response', `${hostOf(url)} did not describe the school (${response.status}).`);
  const parsed = SchoolAnswer.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new AppError('bad_response', `${hostOf(url)} described the school in a form the app cannot read.`, { cause: parsed.error });
  return { id: String(parsed.data.id), name: parsed.data.name, url: parsed.data.url ?? null };
}
