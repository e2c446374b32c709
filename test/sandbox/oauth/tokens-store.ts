// Codes, grants and tokens. A grant is one consent (client, admin, school, scopes); every token minted
// from it points back to it, so replay detection can revoke "everything issued from that code" and "the
// whole refresh chain" in one step (RFC 6749 §4.1.2, OAuth 2.0 Security BCP §4.14).
// Access and refresh tokens are kept by their SHA-256 (as a platform's database would), so the state can be
// written to disk (`npm start`'s demo platform keeps it across restarts) without a usable token in it.
import { createHash, randomBytes } from 'node:crypto';

const CODE_LIFETIME_MS = 60_000;
const CONSENT_REQUEST_LIFETIME_MS = 10 * 60_000;

export interface Grant {
  id: string;
  clientId: string;
  adminId: string;
  schoolId: string;
  scopes: string[];
  /** RFC 8707 audience the tokens are bound to. */
  resource: string;
  authTime: number; // seconds
  revoked: boolean;
  /** Digests (tokenDigest) of the access tokens minted from it. */
  accessTokens: Set<string>;
  /** Digest of the one refresh token that may be used next; older ones are replays. */
  currentRefreshToken: string | null;
}

interface AuthorizationCode {
  code: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scopes: string[];
  schoolId: string;
  adminId: string;
  nonce: string | null;
  resource: string | null;
  authTime: number;
  expiresAt: number;
  /** Set once the code was redeemed (or burnt by a failed attempt); tokens issued from it. */
  used: boolean;
  grantId: string | null;
}

export interface AccessToken {
  grantId: string;
  clientId: string;
  scopes: string[];
  resource: string;
  expiresAt: number;
  revoked: boolean;
}

interface RefreshToken {
  grantId: string;
  clientId: string;
}

/** What the consent page posts back: the validated authorization request, used once. */
interface ConsentRequest {
  id: string;
  clientId: string;
  redirectUri: string;
  state: string | null;
  scopes: string[];
  codeChallenge: string;
  nonce: string | null;
  resource: string | null;
  expiresAt: number;
}

const token = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`;

/** How a token is looked up and kept: its SHA-256, never the token itself. */
function tokenDigest(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export class TokenStore {
  readonly consentRequests = new Map<string, ConsentRequest>();
  readonly codes = new Map<string, AuthorizationCode>();
  readonly grants = new Map<string, Grant>();
  /** By tokenDigest. */
  readonly accessTokens = new Map<string, AccessToken>();
  /** By tokenDigest. */
  readonly refreshTokens = new Map<string, RefreshToken>();
  /** Called after grants or tokens changed (the demo platform saves its state then). */
  onChange: () => void = () => undefined;

  /** Replaceable so a sandbox restarted on the same address can carry its tokens over with its own clock. */
  constructor(public now: () => number) {}

  openConsentRequest(request: Omit<ConsentRequest, 'id' | 'expiresAt'>): ConsentRequest {
    this.#sweep();
    const stored = { ...request, id: token(''), expiresAt: this.now() + CONSENT_REQUEST_LIFETIME_MS };
    this.consentRequests.set(stored.id, stored);
    return stored;
  }

  /** One-time: taking it removes it, so a replayed form post finds nothing. */
  takeConsentRequest(id: string): ConsentRequest | null {
    const found = this.consentRequests.get(id);
    this.consentRequests.delete(id);
    if (!found || found.expiresAt <= this.now()) return null;
    return found;
  }

  issueCode(input: Omit<AuthorizationCode, 'code' | 'expiresAt' | 'used' | 'grantId'>): AuthorizationCode {
    const code: AuthorizationCode = { ...input, code: token('sbx_code_'), expiresAt: this.now() + CODE_LIFETIME_MS, used: false, grantId: null };
    this.codes.set(code.code, code);
    return code;
  }

  openGrant(input: Pick<Grant, 'clientId' | 'adminId' | 'schoolId' | 'scopes' | 'resource' | 'authTime'>): Grant {
    const grant: Grant = { ...input, id: token('grant_'), revoked: false, accessTokens: new Set(), currentRefreshToken: null };
    this.grants.set(grant.id, grant);
    return grant;
  }

  findAccessToken(value: string): AccessToken | undefined {
    return this.accessTokens.get(tokenDigest(value));
  }

  findRefreshToken(value: string): RefreshToken | undefined {
    return this.refreshTokens.get(tokenDigest(value));
  }

  isCurrentRefreshToken(grant: Grant, value: string): boolean {
    return grant.currentRefreshToken === tokenDigest(value);
  }

  revokeAccessToken(stored: AccessToken): void {
    stored.revoked = true;
    this.onChange();
  }

  /** Mints an access token and rotates the grant's refresh token. */
  mint(grant: Grant, scopes: string[], ttlSeconds: number): { accessToken: string; refreshToken: string } {
    const accessToken = token('sbx_at_');
    const accessDigest = tokenDigest(accessToken);
    this.accessTokens.set(accessDigest, {
      grantId: grant.id,
      clientId: grant.clientId,
      scopes,
      resource: grant.resource,
      expiresAt: this.now() + ttlSeconds * 1000,
      revoked: false,
    });
    grant.accessTokens.add(accessDigest);
    const refreshToken = token('sbx_rt_');
    const refreshDigest = tokenDigest(refreshToken);
    this.refreshTokens.set(refreshDigest, { grantId: grant.id, clientId: grant.clientId });
    grant.currentRefreshToken = refreshDigest;
    this.onChange();
    return { accessToken, refreshToken };
  }

  revokeGrant(grantId: string): void {
    const grant = this.grants.get(grantId);
    if (!grant) return;
    grant.revoked = true;
    grant.currentRefreshToken = null;
    for (const accessToken of grant.accessTokens) {
      const stored = this.accessTokens.get(accessToken);
      if (stored) stored.revoked = true;
    }
    this.onChange();
  }

  revokeClient(clientId: string): void {
    for (const grant of this.grants.values()) if (grant.clientId === clientId) this.revokeGrant(grant.id);
  }

  #sweep(): void {
    const now = this.now();
    for (const [id, request] of this.consentRequests) if (request.expiresAt <= now) this.consentRequests.delete(id);
  }
}
