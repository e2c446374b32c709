// The connected schools and the one on screen. Accounts come from the main process (accounts.list, kept
// fresh by the accounts.changed event, see useAccountsSync); which one is active is a setting.
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AccountView } from '../../shared/model/accounts';
import { bridgeQueryKey, invoke, useEvent, useInvokeQuery } from '../lib/bridge-hooks';
import { pickActiveAccount } from './pick-active-account';
import { useUiStore } from './ui-store';


export const ACCOUNTS_KEY = bridgeQueryKey('accounts.list', {});

const NO_ACCOUNTS: AccountView[] = [];

/** The accounts query itself, for screens that must tell "loading" from "none". */
export function useAccountsQuery() {
  // Always fresh: the accounts.changed event pushes every change, so refetching on focus adds nothing.
  return useInvokeQuery('accounts.list', {}, { staleTime: Infinity });
}

/** Every connected school, most recently connected first (empty while loading). */
export function useAccounts(): AccountView[] {
  return useAccountsQuery().data ?? NO_ACCOUNTS;
}

/** The school on screen, or null when none is connected. */
export function useActiveAccount(): AccountView | null {
  const accounts = useAccounts();
  const activeAccountId = useUiStore((s) => s.activeAccountId);
  return pickActiveAccount(accounts, activeAccountId);
}

/** Switches the school on screen (and remembers it for the next start). */
export function useSetActiveAccount(): (accountId: string) => void {
  const setActiveAccountId = useUiStore((s) => s.setActiveAccountId);
  return useCallback(
    (accountId: string) => {
      setActiveAccountId(accountId);
      // Remembering is best effort: the switch already happened on screen.
      invoke('settings.set', { activeAccountId: accountId }).catch(() => undefined);
    },
    [setActiveAccountId],
  );
}

/** Keeps the accounts cache in step with the main process. Mounted once, by the app shell. */
export function useAccountsSync(): void {
  const queryClient = useQueryClient();
  useEvent('accounts.changed', (accounts) => {
    queryClient.setQueryData(ACCOUNTS_KEY, accounts);
  });
}
