// Browser mode's sessions: one per browser that opened a launch link, each with its own cookie secret and
// page key, an expiry, and a way to end it (Settings › Browser sessions). Kept in memory only: stopping the
// app ends them all. Secrets are held as SHA-256 digests, so a memory dump of the map gives no credential.
import { createHash } from 'node:crypto';
import { randomSecret, secretEquals } from './secrets';

/** A working day and then some: after that the browser needs a new launch link. */
const SESSION_TTL_MS = 12 * 60 * 60_000;
const MAX_SESSIONS = 50;

export interface BrowserSessionRecord {
  id: string;
  label: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  /** Compared with secretEquals, never looked up by value. */
  readonly pageKey: string;
}

interface IssuedSession {
  session: BrowserSessionRecord;
  cookie: string;
  pageKey: string;
}

export class BrowserSessions {
  private readonly byCookieDigest = new Map<string, BrowserSessionRecord>();
  private readonly endedListeners = new Set<(sessionId: string) => void>();

  constructor(private readonly now: () => number = Date.now, readonly ttlMs: number = SESSION_TTL_MS) {}

  create(userAgent: string | undefined): IssuedSession {
    this.sweep();
    if (this.byCookieDigest.size >= MAX_SESSIONS) this.endOldest();
    const cookie = randomSecret();
    const pageKey = randomSecret();
    const at = this.now();
    const session: BrowserSessionRecord = { id: randomSecret().slice(0, 16), label: browserLabel(userAgent), createdAt: at, lastSeenAt: at, expiresAt: at + this.ttlMs, pageKey };
    this.byCookieDigest.set(digest(cookie), session);
    return { session, cookie, pageKey };
  }

  /** The live session this cookie belongs to, or null (unknown, ended, or expired). */
  find(cookie: string | undefined): BrowserSessionRecord | null {
    if (typeof cookie !== 'string' || cookie.length === 0 || cookie.length > 512) return null;
    const key = digest(cookie);
    const session = this.byCookieDigest.get(key);
    if (!session) return null;
    if (this.now() > session.expiresAt) {
      this.end(key, session);
      return null;
    }
    session.lastSeenAt = this.now();
    return session;
  }

  pageKeyMatches(session: BrowserSessionRecord, candidate: string | undefined): boolean {
    return secretEquals(candidate, session.pageKey);
  }

  list(): BrowserSessionRecord[] {
    this.sweep();
    return [...this.byCookieDigest.values()].sort((a, b) => b.lastSeenAt - a.lastSeenAt);
  }

  revoke(sessionId: string): boolean {
    for (const [key, session] of this.byCookieDigest) {
      if (session.id === sessionId) {
        this.end(key, session);
        return true;
      }
    }
    return false;
  }

  revokeOthers(keepId: string | undefined): number {
    let count = 0;
    for (const [key, session] of [...this.byCookieDigest]) {
      if (session.id === keepId) continue;
      this.end(key, session);
      count += 1;
    }
    return count;
  }

  /** Called with the id of every session that ends (revoked, expired): its open event streams are closed. */
  onEnded(listener: (sessionId: string) => void): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, session] of [...this.byCookieDigest]) if (now > session.expiresAt) this.end(key, session);
  }

  private endOldest(): void {
    const oldest = [...this.byCookieDigest].sort(([, a], [, b]) => a.lastSeenAt - b.lastSeenAt)[0];
    if (oldest) this.end(oldest[0], oldest[1]);
  }

  private end(key: string, session: BrowserSessionRecord): void {
    this.byCookieDigest.delete(key);
    for (const listener of [...this.endedListeners]) listener(session.id);
  }
}

function digest(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** "Chrome on Linux": enough to tell two browsers apart in Settings, never the whole User-Agent. */
function browserLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /HeadlessChrome\//.test(ua) ? 'Headless Chrome' : /Chromium\//.test(ua) ? 'Chromium' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : 'A browser';
  const os = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Windows/.test(ua) ? 'Windows' : /Mac OS X|Macintosh/.test(ua) ? 'macOS' : /Linux|X11/.test(ua) ? 'Linux' : null;
  return os ? `${browser} on ${os}` : browser;
}
