// The browser host's credentials. A one-time launch code (in the URL the admin opens) is traded for:
//  - a session cookie (HttpOnly, SameSite=Strict) that every request must carry, and
//  - a page key the launch page leaves in this origin's localStorage, sent as a bearer header on /rpc and
//    /events. Cookies are not isolated by port, so any other server on 127.0.0.1 the browser visits (the
//    sandbox's consent page, for one) receives the cookie; the page key never leaves our origin, so the
//    cookie alone cannot drive the app.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const LAUNCH_CODE_TTL_MS = 5 * 60_000;

export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Compares digests, so neither the length nor the content of the expected value leaks through timing. */
export function secretEquals(candidate: string | undefined | null, expected: string): boolean {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 512) return false;
  const a = createHash('sha256').update(candidate).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export class LaunchCodes {
  private readonly codes = new Map<string, number>(); // digest → expiry

  constructor(private readonly now: () => number = Date.now) {}

  issue(): string {
    const code = randomSecret();
    this.codes.set(digest(code), this.now() + LAUNCH_CODE_TTL_MS);
    return code;
  }

  /** True once per code, within its lifetime. */
  consume(code: string | null | undefined): boolean {
    if (typeof code !== 'string' || code.length === 0 || code.length > 512) return false;
    const key = digest(code);
    const expiry = this.codes.get(key);
    this.codes.delete(key);
    this.sweep();
    return expiry !== undefined && this.now() <= expiry;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, expiry] of this.codes) if (expiry < now) this.codes.delete(key);
  }
}

function digest(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** At most this many cookies of one name are tried: a browser sends one per path, a handful at most. */
const MAX_SAME_NAMED_COOKIES = 16;

/**
 * Every value of the cookie `name`. Cookies are not isolated by port: any other server on 127.0.0.1 can set one
 * of the same name (with a longer Path, so the browser sends it first), and the host's own must still count.
 */
export function readCookies(header: string | undefined, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) values.push(part.slice(index + 1).trim());
    if (values.length === MAX_SAME_NAMED_COOKIES) break;
  }
  return values;
}

export function readBearer(header: string | undefined): string | undefined {
  const match = /^Bearer ([A-Za-z0-9_-]+)$/.exec(header ?? '');
  return match?.[1];
}
