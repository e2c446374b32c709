// Keeps what is on screen current: refetches an account's dashboard data when the main process says it
// changed (data.invalidated: back online, orders refreshed, a course published), and refetches every
// dashboard query when the app's status flips from offline to online (in case the event was missed while
// the page was reloading).
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useEvent } from '../lib/bridge-hooks';
import { useAppStatus } from '../state/app-status';
import { isDataKey, isStaleAfterInvalidation } from './query-keys';

export function DataRefresh() {
  const client = useQueryClient();
  useEvent('data.invalidated', ({ accountId }) => {
    void client.invalidateQueries({ predicate: (query) => isStaleAfterInvalidation(query.queryKey, accountId) });
  });
  const online = useAppStatus()?.online;
  const wasOnline = useRef(online);
  useEffect(() => {
    if (wasOnline.current === false && online === true) {
      void client.invalidateQueries({ predicate: (query) => isDataKey(query.queryKey) });
    }
    wasOnline.current = online;
  }, [online, client]);
  return null;
}
