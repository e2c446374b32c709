// The OAuth state a platform keeps in its database (registered clients, grants, token digests), as JSON, so
// that `npm start`'s demo platform can come back after a restart with the app's sign-in still valid. Tokens
// are only ever here as SHA-256 digests (tokens-store.ts) and client secrets as hashes, so the file holds
// nothing a thief could present. Signing keys are not kept: ID tokens are checked once, at sign-in.
import { z } from 'zod';
import type { ClientRegistry } from './clients';
import type { TokenStore } from './tokens-store';

const SavedClient = z.object({
  clientId: z.string(),
  secretHash: z.string().nullable(),
  authMethod: z.enum(['none', 'client_secret_post']),
  redirectUris: z.array(z.string()),
  issuedAt: z.number(),
  metadata: z.record(z.string(), z.unknown()),
});
const SavedGrant = z.object({
  id: z.string(),
  clientId: z.string(),
  adminId: z.string(),
  schoolId: z.string(),
  scopes: z.array(z.string()),
  resource: z.string(),
  authTime: z.number(),
  revoked: z.boolean(),
  accessTokens: z.array(z.string()),
  currentRefreshToken: z.string().nullable(),
});
const SavedAccessToken = z.object({ grantId: z.string(), clientId: z.string(), scopes: z.array(z.string()), resource: z.string(), expiresAt: z.number(), revoked: z.boolean() });
const SavedRefreshToken = z.object({ grantId: z.string(), clientId: z.string() });

export const SavedOAuthState = z.object({
  version: z.literal(1),
  /** The address the platform had when this was saved: tokens are bound to it as their audience. */
  baseUrl: z.string(),
  clients: z.array(SavedClient),
  grants: z.array(SavedGrant),
  accessTokens: z.array(z.tuple([z.string(), SavedAccessToken])),
  refreshTokens: z.array(z.tuple([z.string(), SavedRefreshToken])),
});
export type SavedOAuthState = z.infer<typeof SavedOAuthState>;

export function saveOAuthState(baseUrl: string, clients: ClientRegistry, tokens: TokenStore): SavedOAuthState {
  const now = tokens.now();
  return {
    version: 1,
    baseUrl,
    clients: clients.all().map((client) => ({ ...client, secretHash: client.secretHash ? client.secretHash.toString('base64') : null })),
    grants: [...tokens.grants.values()].map((grant) => ({ ...grant, accessTokens: [...grant.accessTokens] })),
    // Expired access tokens are dead weight: the app refreshes past them anyway.
    accessTokens: [...tokens.accessTokens].filter(([, stored]) => stored.expiresAt > now),
    refreshTokens: [...tokens.refreshTokens],
  };
}

/**
 * Puts saved state back. A platform that moved to another address (`baseUrl` differs) is still the same
 * platform: tokens bound to its old address are bound to the new one, as a platform that changed its domain
 * would do, so the app can re-point an account and carry on.
 */
export function restoreOAuthState(saved: SavedOAuthState, baseUrl: string, clients: ClientRegistry, tokens: TokenStore): void {
  const rebind = (resource: string) => (resource === saved.baseUrl ? baseUrl : resource);
  for (const client of saved.clients) clients.restore({ ...client, secretHash: client.secretHash ? Buffer.from(client.secretHash, 'base64') : null });
  for (const grant of saved.grants) tokens.grants.set(grant.id, { ...grant, resource: rebind(grant.resource), accessTokens: new Set(grant.accessTokens) });
  for (const [digest, stored] of saved.accessTokens) tokens.accessTokens.set(digest, { ...stored, resource: rebind(stored.resource) });
  for (const [digest, stored] of saved.refreshTokens) tokens.refreshTokens.set(digest, stored);
}
