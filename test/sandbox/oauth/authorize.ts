// GET /oauth/authorize and the consent decision it leads to. Errors about the client or its redirect URI
// are shown as a page and never redirected (RFC 6749 §4.1.2.1: the redirect target is not trusted then);
// every other error goes back to the client with error, error_description, state and iss (RFC 9207).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isScope, parseScopeString } from '../../../shared/scopes';
import { servedResources, type SandboxContext } from '../context';
import { HttpError, readFormBody, singleValued } from '../http/request';
import { redirect, sendText } from '../http/respond';
import { errorPage, renderConsentPage } from './consent-page';
import { hasAdminSession, showLogin } from './admin-login';
import { matchesRegisteredRedirect } from './redirect-uri';

const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

function redirectWith(ctx: SandboxContext, res: ServerResponse, redirectUri: string, params: Record<string, string | null>): void {
  const target = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== null) target.searchParams.set(name, value);
  target.searchParams.set('iss', ctx.baseUrl);
  redirect(res, target.href, 303);
}

function showError(res: ServerResponse, status: number, title: string, message: string): void {
  const page = errorPage(title, message);
  sendText(res, status, 'text/html; charset=utf-8', page.html, page.headers);
}

/** `resource` (RFC 8707) may only name an API this platform serves; the token is then bound to it. Anything else is `invalid_target`. */
export function checkResource(ctx: SandboxContext, resource: string | undefined): string | null {
  if (resource === undefined) return null;
  const normalized = resource.endsWith('/') ? resource.slice(0, -1) : resource;
  const served = servedResources(ctx);
  if (!served.includes(normalized)) throw new HttpError(400, 'invalid_target', `This platform does not serve ${normalized.slice(0, 200)}: resource must be one of ${served.join(', ')}.`);
  return normalized;
}

export function handleAuthorize(ctx: SandboxContext, url: URL, res: ServerResponse, req: IncomingMessage): void {
  let params: Map<string, string>;
  try {
    params = singleValued(url.searchParams);
  } catch (cause) {
    showError(res, 400, 'Invalid authorization request', (cause as Error).message);
    return;
  }
  const clientId = params.get('client_id');
  const client = clientId ? ctx.clients.get(clientId) : undefined;
  if (!client) {
    showError(res, 400, 'Unknown application', clientId ? 'The application asking for access is not registered with this platform (or was forgotten). Return to it and connect again.' : 'The request names no client_id.');
    return;
  }
  const redirectUri = params.get('redirect_uri');
  if (!redirectUri || !matchesRegisteredRedirect(redirectUri, client.redirectUris)) {
    showError(res, 400, 'Unregistered redirect address', redirectUri ? 'The redirect_uri is not one this application registered, so the platform will not send you there.' : 'The request names no redirect_uri.');
    return;
  }

  const state = params.get('state') ?? null;
  const fail = (error: string, description: string) => redirectWith(ctx, res, redirectUri, { error, error_description: description, state });

  const responseType = params.get('response_type');
  if (!responseType) return fail('invalid_request', 'response_type is required and must be "code".');
  if (responseType !== 'code') return fail('unsupported_response_type', 'Only response_type=code is supported.');
  const scopes = parseScopeString(params.get('scope'));
  if (scopes.length === 0) return fail('invalid_scope', 'scope is required: ask for the scopes the application needs.');
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length > 0) return fail('invalid_scope', `Unknown scope(s): ${unknown.join(', ')}.`);
  const challenge = params.get('code_challenge');
  const method = params.get('code_challenge_method');
  if (!challenge) return fail('invalid_request', 'code_challenge is required (PKCE with S256).');
  if (!method) return fail('invalid_request', 'code_challenge_method is required and must be S256.');
  if (method !== 'S256') return fail('invalid_request', `code_challenge_method "${method}" is not supported: use S256.`);
  if (!CODE_CHALLENGE.test(challenge)) return fail('invalid_request', 'code_challenge must be the base64url SHA-256 of the verifier (43 characters).');
  let resource: string | null;
  try {
    resource = checkResource(ctx, params.get('resource'));
  } catch (error) {
    return fail('invalid_target', (error as Error).message);
  }
  if (params.has('request') || params.has('request_uri')) return fail('request_not_supported', 'Request objects are not supported.');
  if (params.get('prompt') === 'none') return fail('consent_required', 'This platform always asks the admin for consent.');
  // A valid request from a browser whose admin has not signed in here yet: the platform's sign-in first.
  if (!hasAdminSession(ctx, req)) return showLogin(ctx, res, url);

  const consent = ctx.tokens.openConsentRequest({
    clientId: client.clientId,
    redirectUri,
    state,
    scopes,
    codeChallenge: challenge,
    nonce: params.get('nonce') ?? null,
    resource,
  });
  // `school` (the school's id or subdomain; not in the platform spec) says which school the request is for:
  // preselected on the page. The admin still chooses; an unknown value changes nothing.
  const named = params.get('school');
  const preselected = named ? ctx.identity.schools.find((s) => s.id === named || s.subdomain === named) : undefined;
  const page = renderConsentPage({
    baseUrl: ctx.baseUrl,
    requestId: consent.id,
    clientName: typeof client.metadata.client_name === 'string' ? client.metadata.client_name : client.clientId,
    admin: ctx.identity.admin,
    schools: ctx.identity.schools,
    ...(preselected ? { preselectedSchoolId: preselected.id } : {}),
    scopes,
    redirectOrigin: new URL(redirectUri).origin,
  });
  sendText(res, 200, 'text/html; charset=utf-8', page.html, page.headers);
}

/** POST /oauth/authorize/decision: the consent form. The request id is one-time, so a replayed or forged post fails. */
export async function handleConsentDecision(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let form: Map<string, string>;
  try {
    form = await readFormBody(req);
  } catch (cause) {
    showError(res, 400, 'Invalid consent form', (cause as Error).message);
    return;
  }
  if (!hasAdminSession(ctx, req)) {
    showError(res, 401, 'Sign in first', 'Only the signed-in admin can answer a consent page. Return to the application and connect again.');
    return;
  }
  const consent = ctx.tokens.takeConsentRequest(form.get('request_id') ?? '');
  if (!consent) {
    showError(res, 400, 'This consent page has expired', 'The request was already answered or is too old. Return to the application and connect again.');
    return;
  }
  const client = ctx.clients.get(consent.clientId);
  if (!client) {
    showError(res, 400, 'Unknown application', 'The application was forgotten by the platform while you were deciding. Return to it and connect again.');
    return;
  }
  const decision = form.get('decision');
  if (decision === 'deny') {
    redirectWith(ctx, res, consent.redirectUri, { error: 'access_denied', error_description: 'The admin denied access.', state: consent.state });
    return;
  }
  if (decision !== 'allow') {
    showError(res, 400, 'Invalid consent form', 'Choose Allow or Deny.');
    return;
  }
  const school = ctx.identity.schools.find((s) => s.id === form.get('school'));
  if (!school) {
    showError(res, 400, 'Invalid consent form', 'Choose one of your schools.');
    return;
  }
  const code = ctx.tokens.issueCode({
    clientId: consent.clientId,
    redirectUri: consent.redirectUri,
    codeChallenge: consent.codeChallenge,
    scopes: consent.scopes,
    schoolId: school.id,
    adminId: ctx.identity.admin.id,
    nonce: consent.nonce,
    resource: consent.resource,
    authTime: Math.floor(ctx.now() / 1000),
  });
  redirectWith(ctx, res, consent.redirectUri, { code: code.code, state: consent.state });
}
