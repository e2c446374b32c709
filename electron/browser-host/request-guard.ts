// Who may talk to the browser host: checks over a request's headers only, in the order the host applies
// them. Pure apart from the session lookup, so each rule is tested on its own.
import type { IncomingHttpHeaders } from 'node:http';
import { readBearer, readCookies } from './secrets';
import type { BrowserSessionRecord, BrowserSessions } from './sessions';

export type GuardVerdict = { ok: true } | { ok: false; status: 401 | 403 | 415; refusal: string };

export interface GuardContext {
  /** "127.0.0.1:PORT": the only Host accepted (a DNS-rebinding page would send its own name). */
  host: string;
  /** "http://127.0.0.1:PORT" */
  origin: string;
  cookieName: string;
  sessions: BrowserSessions;
}

const OK: GuardVerdict = { ok: true };

export function checkHost(headers: IncomingHttpHeaders, context: GuardContext): GuardVerdict {
  return headers.host === context.host ? OK : { ok: false, status: 403, refusal: 'wrong host' };
}

/** The browser's own session (live, not expired, not revoked), found by its cookie: any cookie of that name that is one. */
export function findSession(headers: IncomingHttpHeaders, context: GuardContext): { ok: true; session: BrowserSessionRecord } | Exclude<GuardVerdict, { ok: true }> {
  let session: BrowserSessionRecord | null = null;
  for (const value of readCookies(headers.cookie, context.cookieName)) {
    session = context.sessions.find(value);
    if (session) break;
  }
  return session ? { ok: true, session } : { ok: false, status: 401, refusal: 'no session' };
}

/** The page key must be the one issued to this same browser session: another session's key does not do. */
export function checkPageKey(headers: IncomingHttpHeaders, context: GuardContext, session: BrowserSessionRecord): GuardVerdict {
  return context.sessions.pageKeyMatches(session, readBearer(headers.authorization)) ? OK : { ok: false, status: 401, refusal: 'no page key' };
}

/** A request that changes something must come from our own page: exact Origin and a JSON body (which a cross-site form cannot send without a CORS preflight we never answer). */
export function checkStateChanging(headers: IncomingHttpHeaders, context: GuardContext): GuardVerdict {
  if (headers.origin !== context.origin) return { ok: false, status: 403, refusal: 'wrong origin' };
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return { ok: false, status: 403, refusal: 'cross-site request' };
  const type = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' ? OK : { ok: false, status: 415, refusal: 'not JSON' };
}

/** Reads that return data (the event stream) must not be fetched by another site either. */
export function checkSameSiteRead(headers: IncomingHttpHeaders, context: GuardContext): GuardVerdict {
  if (headers.origin !== undefined && headers.origin !== context.origin) return { ok: false, status: 403, refusal: 'wrong origin' };
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return { ok: false, status: 403, refusal: 'cross-site request' };
  return OK;
}
