// The browser sign-in flow on screen (connect, sign in again, grant access) and the calls that drive it.
import { t } from '../../shared/i18n/i18n';
import { useCallback, useEffect } from 'react';
import { create } from 'zustand';
import { useQueryClient } from '@tanstack/react-query';
import type { AccountView } from '../../shared/model/accounts';
import type { SerializedAppError } from '../../shared/errors';
import { invoke, useEvent } from '../lib/bridge-hooks';
import { RETURN_GRACE_MS } from '../lib/connect-steps';
import { ACCOUNTS_KEY, useSetActiveAccount } from './active-account';
import { IDLE, browserFlowReducer, type BrowserFlowAction, type BrowserFlowKind, type BrowserFlowState } from './browser-flow';
import { useNotices } from './notices';

interface FlowStore {
  state: BrowserFlowState;
  dispatch(action: BrowserFlowAction): void;
}

export const useBrowserFlowStore = create<FlowStore>()((set) => ({
  state: IDLE,
  dispatch: (action) => set((store) => ({ state: browserFlowReducer(store.state, action) })),
}));

export function useBrowserFlow(): BrowserFlowState {
  return useBrowserFlowStore((s) => s.state);
}

/** Follows the main process's progress events, and the admin coming back to the app while it waits. Mounted once, by the app shell. */
export function useBrowserFlowSync(): void {
  const dispatch = useBrowserFlowStore((s) => s.dispatch);
  useEvent('accounts.connectProgress', (progress) => dispatch({ type: 'progress', progress }));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onReturn = () => {
      if (document.visibilityState === 'hidden') return;
      clearTimeout(timer);
      timer = setTimeout(() => dispatch({ type: 'returned' }), RETURN_GRACE_MS);
    };
    window.addEventListener('focus', onReturn);
    document.addEventListener('visibilitychange', onReturn);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('focus', onReturn);
      document.removeEventListener('visibilitychange', onReturn);
    };
  }, [dispatch]);
}

interface BrowserFlowActions {
  /** Resolves with the account when signed in, or null when the flow failed (the state holds the error). */
  /** `label` names the school in the progress title ("Connecting to Demo school"); default the address. */
  /** `client`: a client ID (and secret) from the platform, instead of registering the app. */
  connect(address: string, label?: string, client?: { clientId: string; clientSecret?: string }): Promise<AccountView | null>;
  signInAgain(account: AccountView): Promise<AccountView | null>;
  grantScopes(account: AccountView, scopes: readonly string[]): Promise<AccountView | null>;
  /** The account's platform moved to `address`: re-point the account there (see accounts.relocate). */
  reconnect(account: AccountView, address: string): Promise<AccountView | null>;
  cancel(): void;
  dismiss(): void;
}

export function useBrowserFlowActions(): BrowserFlowActions {
  const dispatch = useBrowserFlowStore((s) => s.dispatch);
  const queryClient = useQueryClient();
  const setActive = useSetActiveAccount();
  const push = useNotices((s) => s.push);

  const run = useCallback(
    async (kind: BrowserFlowKind, target: string, call: () => Promise<AccountView>): Promise<AccountView | null> => {
      if (useBrowserFlowStore.getState().state.phase === 'running') return null; // one browser flow at a time
      dispatch({ type: 'start', kind, target });
      try {
        const account = await call();
        dispatch({ type: 'succeeded' });
        // The accounts.changed event brings the list too; refetching covers a transport that dropped it.
        await queryClient.invalidateQueries({ queryKey: ACCOUNTS_KEY });
        return account;
      } catch (error) {
        dispatch({ type: 'failed', error: error as SerializedAppError });
        return null;
      }
    },
    [dispatch, queryClient],
  );

  return {
    connect: useCallback(
      async (address: string, label?: string, client?: { clientId: string; clientSecret?: string }) => {
        const account = await run('connect', label ?? address, () => invoke('accounts.connect', { address, ...(client ? { client } : {}) }));
        if (account) {
          setActive(account.id);
          push({ tone: 'success', title: t('shell:notices.connected', { school: account.school.name }), message: t('shell:notices.signedInAs', { admin: account.admin.name }) });
        }
        return account;
      },
      [run, setActive, push],
    ),
    signInAgain: useCallback(
      async (account: AccountView) => {
        const result = await run('sign_in_again', account.school.name, () => invoke('accounts.signInAgain', { accountId: account.id }));
        if (result) push({ tone: 'success', title: t('shell:notices.signedInAgain', { school: result.school.name }) });
        return result;
      },
      [run, push],
    ),
    grantScopes: useCallback(
      async (account: AccountView, scopes: readonly string[]) => {
        const result = await run('grant', account.school.name, () => invoke('accounts.grantScopes', { accountId: account.id, scopes: [...scopes] }));
        if (result) push({ tone: 'success', title: t('shell:notices.accessGranted') });
        return result;
      },
      [run, push],
    ),
    reconnect: useCallback(
      async (account: AccountView, address: string) => {
        const result = await run('reconnect', account.school.name, () => invoke('accounts.relocate', { accountId: account.id, address }));
        if (result) push({ tone: 'success', title: t('shell:notices.reconnected', { school: result.school.name }), message: t('shell:notices.reconnectedAt', { address }) });
        return result;
      },
      [run, push],
    ),
    cancel: useCallback(() => {
      dispatch({ type: 'cancelling' });
      // The pending call then fails with "cancelled", which ends the flow.
      invoke('accounts.cancelConnect', {}).catch(() => undefined);
    }, [dispatch]),
    dismiss: useCallback(() => dispatch({ type: 'dismiss' }), [dispatch]),
  };
}
