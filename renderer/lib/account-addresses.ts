// Where each account's platform is, as the admin needs to see it: the host when two accounts carry the same
// school name (the switcher must tell them apart), and the new address when the platform moved.
import type { AccountView } from '../../shared/model/accounts';
import type { AppStatus } from '../../shared/ipc/app';

/** "127.0.0.1:4100" or "school.example.com": the address without the scheme. */
export function shortAddress(address: string): string {
  try {
    const url = new URL(address);
    return `${url.host}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return address;
  }
}

/** The ids of accounts whose school name another account shares: they show their address next to the name. */
export function accountsNeedingAddress(accounts: readonly AccountView[]): Set<string> {
  const byName = new Map<string, number>();
  for (const account of accounts) byName.set(account.school.name, (byName.get(account.school.name) ?? 0) + 1);
  return new Set(accounts.filter((account) => (byName.get(account.school.name) ?? 0) > 1).map((account) => account.id));
}

const bare = (address: string) => address.replace(/\/+$/, '');

/** The address the account's platform moved to, when the app's default school says it was at this account's address before. */
export function movedPlatformAddress(account: AccountView, defaultSchool: AppStatus['defaultSchool']): string | null {
  if (!defaultSchool?.formerAddresses?.length) return null;
  if (bare(account.issuer) === bare(defaultSchool.address)) return null;
  return defaultSchool.formerAddresses.some((former) => bare(former) === bare(account.issuer)) ? defaultSchool.address : null;
}

/** Whether a connected account is at this address (its platform or its school's own site). */
export function isConnectedAt(accounts: readonly AccountView[], address: string): boolean {
  const wanted = bare(address).toLowerCase();
  return accounts.some((account) => bare(account.issuer).toLowerCase() === wanted || (account.school.url !== null && bare(account.school.url).toLowerCase() === wanted));
}
