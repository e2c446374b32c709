// The platform's own sign-in, in front of the consent page: a real platform only shows "allow this app?"
// to an admin who signed in there, so no local process can walk the authorization flow without a browser
// that did. The sandbox has one demo admin, with the credentials shown on the login page (it is a demo);
// a successful sign-in is remembered per browser by an HttpOnly cookie for twelve hours.
import { randomBytes, createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxContext } from '../context';
import { readFormBody } from '../http/request';
import { redirect, sendText } from '../http/respond';
import { loginPage } from './consent-page';
import type { TokenStore } from './tokens-store';

export const DEMO_ADMIN_PASSWORD = 'demo-admin';
const SESSION_TTL_MS = 12 * 60 * 60_000;
const PENDING_TTL_MS = 10 * 60_000;
const MAX_PENDING = 1000;

interface LoginState {
  sessions: Map<string, number>; // digest of the cookie → expiry
  /** The authorization request waiting behind the login form, by login id: where to go back to. */
  pending: Map<string, { authorizeUrl: string; expiresAt: number }>;
}

// Kept with the token store, so a sandbox restarted on the same address (resume) keeps its signed-in browsers too.
const states = new WeakMap<TokenStore, LoginState>();
function stateOf(ctx: SandboxContext): LoginState {
  let state = states.get(ctx.tokens);
  if (!state) {
    state = { sessions: new Map(), pending: new Map() };
    states.set(ctx.tokens, state);
  }
  return state;
}

function adminCookieName(ctx: SandboxContext): string {
  return `sandbox_admin_${new URL(ctx.baseUrl).port || '80'}`;
}

const digest = (value: string) => createHash('sha256').update(value).digest('base64url');

export function hasAdminSession(ctx: SandboxContext, req: IncomingMessage): boolean {
  const value = readCookie(req.headers.cookie, adminCookieName(ctx));
  if (!value || value.length > 256) return false;
  const state = stateOf(ctx);
  const expiry = state.sessions.get(digest(value));
  if (expiry === undefined) return false;
  if (expiry <= ctx.now()) {
    state.sessions.delete(digest(value));
    return false;
  }
  return true;
}

/** Shows the login form for an authorization request that arrived without a signed-in admin. */
export function showLogin(ctx: SandboxContext, res: ServerResponse, authorizeUrl: URL, error?: string, status = 200): void {
  const state = stateOf(ctx);
  const now = ctx.now();
  for (const [id, entry] of state.pending) if (entry.expiresAt <= now || state.pending.size > MAX_PENDING) state.pending.delete(id);
  const loginId = randomBytes(24).toString('base64url');
  state.pending.set(loginId, { authorizeUrl: `${authorizeUrl.pathname}${authorizeUrl.search}`, expiresAt: now + PENDING_TTL_MS });
  const page = loginPage({ baseUrl: ctx.baseUrl, loginId, email: ctx.identity.admin.email, password: DEMO_ADMIN_PASSWORD, ...(error ? { error } : {}) });
  sendText(res, status, 'text/html; charset=utf-8', page.html, page.headers);
}

/** POST /oauth/login: right credentials → the session cookie and back to the authorization request. */
export async function handleLogin(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const form = await readFormBody(req);
  const state = stateOf(ctx);
  const loginId = form.get('login_id') ?? '';
  const pending = state.pending.get(loginId);
  state.pending.delete(loginId);
  if (!pending || pending.expiresAt <= ctx.now()) {
    const page = loginPage({ baseUrl: ctx.baseUrl, loginId: null, email: ctx.identity.admin.email, password: DEMO_ADMIN_PASSWORD, error: 'This sign-in page has expired. Return to the application and connect again.' });
    sendText(res, 400, 'text/html; charset=utf-8', page.html, page.headers);
    return;
  }
  const back = new URL(pending.authorizeUrl, ctx.baseUrl);
  if (!(same(form.get('email') ?? '', ctx.identity.admin.email) && same(form.get('password') ?? '', DEMO_ADMIN_PASSWORD))) {
    showLogin(ctx, res, back, 'That email and password do not match the demo admin.', 401);
    return;
  }
  const cookie = randomBytes(32).toString('base64url');
  state.sessions.set(digest(cookie), ctx.now() + SESSION_TTL_MS);
  res.setHeader('Set-Cookie', `${adminCookieName(ctx)}=${cookie}; HttpOnly; SameSite=Lax; Path=/; Max-Age=${SESSION_TTL_MS / 1000}`);
  redirect(res, back.href, 303);
}

function same(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}
