import type { AccountView } from '../../shared/model/accounts';

/** The account on screen: the chosen one while it is still connected, else the most recent one. */
export function pickActiveAccount(accounts: readonly AccountView[], activeAccountId: string | null): AccountView | null {
  return accounts.find((a) => a.id === activeAccountId) ?? accounts[0] ?? null;
}
