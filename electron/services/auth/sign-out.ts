// Step 6b, sign out: revoke on the platform when it can be reached, and forget locally in every case
// (tokens, account, and through onAccountRemoved the school's cache), saying which of the two happened.
import { hostOf } from './http';
import type { AccountStore } from './accounts';
import { fetchAuthorizationServer, type DiscoveryDeps } from './discovery';
import { revokeTokens } from './revocation';
import { clientCredentials } from './token-exchange';

export async function signOutAccount(store: AccountStore, accountId: string, deps: DiscoveryDeps): Promise<{ revokedOnPlatform: boolean; message: string }> {
  const record = store.get(accountId);
  const tokens = store.tokens(accountId);
  const host = hostOf(record.issuer);
  let revokedOnPlatform = false;
  let note: string;
  if (!tokens) {
    note = 'There was no active sign-in to revoke.';
  } else {
    try {
      const as = await fetchAuthorizationServer(new URL(record.issuer), deps);
      const client = store.clientOf(record);
      const credentials = clientCredentials(client?.clientId ?? '', client?.secret ?? null);
      const outcome = await revokeTokens(as, credentials, tokens, deps);
      revokedOnPlatform = outcome.revoked;
      note = outcome.revoked ? `The app's access was revoked at ${host}.` : outcome.message;
    } catch {
      note = `${host} could not be reached, so the app's access could not be revoked there; it ends when the tokens expire.`;
    }
  }
  await store.remove(accountId);
  return { revokedOnPlatform, message: `Signed out of ${record.school.name} on this computer. ${note}` };
}
