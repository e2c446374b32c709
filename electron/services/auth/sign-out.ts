// Step 6b, sign out: revoke on the platform when it can be reached, and forget locally in every case
// (tokens, account, and through onAccountRemoved the school's cache), saying which of the two happened.
// When the platform cannot be reached the tokens wait, sealed in the vault and nowhere else, until it can
// (sendPendingRevocations): a sign-out must not leave a valid grant behind.
import { AppError } from '../../../shared/errors';
import type { PendingRevocation } from '../store/vault';
import { hostOf } from '../net/guarded-fetch';
import type { AccountStore } from './accounts';
import { fetchAuthorizationServer, type DiscoveryDeps } from './discovery';
import { revokeTokens } from './revocation';
import { clientCredentials } from './token-exchange';

/** A queued revocation older than this is dropped: every token it holds has expired or been replaced by then. */
const PENDING_REVOCATION_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;

export async function signOutAccount(store: AccountStore, accountId: string, deps: DiscoveryDeps): Promise<{ revokedOnPlatform: boolean; message: string }> {
  const record = store.get(accountId);
  const tokens = store.tokens(accountId);
  const host = hostOf(record.issuer);
  const client = store.clientOf(record);
  let revokedOnPlatform = false;
  let pending: PendingRevocation | null = null;
  let note: string;
  if (!tokens) {
    note = 'There was no active sign-in to revoke.';
  } else {
    let unreachable: boolean;
    try {
      const as = await fetchAuthorizationServer(new URL(record.issuer), deps);
      const outcome = await revokeTokens(as, clientCredentials(client?.clientId ?? '', client?.secret ?? null), tokens, deps);
      revokedOnPlatform = outcome.revoked;
      unreachable = !outcome.revoked && outcome.reason === 'unreachable';
      note = outcome.revoked ? `The app's access was revoked at ${host}.` : outcome.message;
    } catch (error) {
      unreachable = !(error instanceof AppError) || error.code === 'unreachable' || error.code === 'offline';
      note = unreachable ? '' : `${host} did not say how to revoke the app's access; it ends when the tokens expire.`;
    }
    if (unreachable && client) {
      pending = { issuer: record.issuer, clientId: client.clientId, clientSecret: client.secret, refreshToken: tokens.refreshToken, accessToken: tokens.accessToken, queuedAt: deps.now() };
      note = `${host} could not be reached, so the app will revoke its access there as soon as it can reach it again.`;
    }
  }
  await store.remove(accountId, pending);
  return { revokedOnPlatform, message: `Signed out of ${record.school.name} on this computer. ${note}` };
}

/**
 * Sends the revocations queued by offline sign-outs. Each entry leaves the queue once the platform answered
 * (revoked, or refused: a refusal will not change by asking again) or once it is too old to matter; an
 * entry whose platform is still out of reach stays. Returns how many were sent.
 */
export async function sendPendingRevocations(store: AccountStore, deps: DiscoveryDeps): Promise<number> {
  const done = new Set<ReturnType<typeof store.vault.pendingRevocations>[number]>();
  let sent = 0;
  for (const entry of store.vault.pendingRevocations()) {
    if (deps.now() - entry.queuedAt > PENDING_REVOCATION_MAX_AGE_MS) {
      done.add(entry);
      continue;
    }
    try {
      const as = await fetchAuthorizationServer(new URL(entry.issuer), deps);
      const tokens = { accessToken: entry.accessToken, refreshToken: entry.refreshToken, tokenType: 'bearer', expiresAt: null, idToken: null, obtainedAt: null };
      const outcome = await revokeTokens(as, clientCredentials(entry.clientId, entry.clientSecret), tokens, deps);
      if (outcome.revoked || outcome.reason !== 'unreachable') {
        done.add(entry);
        if (outcome.revoked) sent += 1;
      }
    } catch (error) {
      if (error instanceof AppError && error.code !== 'unreachable' && error.code !== 'offline') done.add(entry);
    }
  }
  await store.vault.settleRevocations((entry) => done.has(entry));
  return sent;
}
