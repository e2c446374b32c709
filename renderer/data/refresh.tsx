// Keeps what is on screen current: refetches an account's dashboard data when the main process says it
// changed (data.invalidated: back online, orders refreshed, a course published), when the app's status
// flips from offline to online (in case the event was missed while the page was reloading), and when an
// account is signed in again after its session ended (its reads failed meanwhile).
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useEvent } from '../lib/bridge-hooks';
import { useAppStatus } from '../state/app-status';
import { useAccounts } from '../state/active-account';
import { isDataKey } from './query-keys';
import { readAccountAgain, readAgain } from './read-again';

export function DataRefresh() {
  const client = useQueryClient();
  useEvent('data.invalidated', ({ accountId }) => {
    void readAccountAgain(client, accountId);
  });

  const online = useAppStatus()?.online;
  const wasOnline = useRef(online);
  useEffect(() => {
    if (wasOnline.current === false && online === true) {
      void readAgain(client, { predicate: (query) => isDataKey(query.queryKey) });
    }
    wasOnline.current = online;
  }, [online, client]);

  const accounts = useAccounts();
  const lastStatus = useRef(new Map<string, string>());
  useEffect(() => {
    for (const account of accounts) {
      const before = lastStatus.current.get(account.id);
      if (before !== undefined && before !== 'signed_in' && account.status === 'signed_in') {
        void readAccountAgain(client, account.id);
      }
      lastStatus.current.set(account.id, account.status);
    }
  }, [accounts, client]);
  return null;
}
