// The Orders dashboard's data: load every order into the main process once (with progress and Cancel),
// then read windows of the filtered, sorted set as the table scrolls.
import { useCallback, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQueries, useQueryClient } from '@tanstack/react-query';
import type { SerializedAppError } from '../../shared/errors';
import type { Answer, OrderFilters, OrderQueryResult, OrderSort, OrdersLoadResult } from '../../shared/ipc/data';
import { bridgeQueryKey, invoke } from '../lib/bridge-hooks';
import { toSerializedError } from '../lib/app-error';
import { newJobId } from './progress';
import { blocksFor, ORDER_BLOCK_SIZE, rowAt } from './orders-window';
import { useDataQuery } from './hooks';

export interface OrdersLoadState {
  jobId: string | null;
  running: boolean;
  result: Answer<OrdersLoadResult> | null;
  error: SerializedAppError | null;
  start(mode?: 'auto' | 'full'): void;
  cancel(): void;
}

/** Runs `data.orders.load` for the account; the page shows its progress and may cancel it. */
export function useOrdersLoad(accountId: string | null): OrdersLoadState {
  const [state, setState] = useState<{ jobId: string | null; running: boolean; result: Answer<OrdersLoadResult> | null; error: SerializedAppError | null }>({
    jobId: null,
    running: false,
    result: null,
    error: null,
  });
  const client = useQueryClient();
  const current = useRef<string | null>(null);
  const start = useCallback(
    (mode: 'auto' | 'full' = 'auto') => {
      if (!accountId) return;
      const jobId = newJobId('orders');
      current.current = jobId;
      setState((s) => ({ ...s, jobId, running: true, error: null }));
      invoke('data.orders.load', { accountId, jobId, mode }).then(
        (result) => {
          if (current.current !== jobId) return;
          setState({ jobId, running: false, result, error: null });
          // Windows read before this load finished may be out of date.
          void client.invalidateQueries({ queryKey: ['data.orders.query'] });
        },
        (error: unknown) => {
          if (current.current !== jobId) return;
          setState((s) => ({ ...s, jobId, running: false, error: toSerializedError(error) }));
        },
      );
    },
    [accountId, client],
  );
  const cancel = useCallback(() => {
    const jobId = current.current;
    if (jobId) invoke('data.cancel', { jobId }).catch(() => undefined);
  }, []);
  return { ...state, start, cancel };
}

export interface OrdersHead {
  /** The first window's answer: total, totals per currency, facets, fetchedAt. */
  head: Answer<OrderQueryResult> | undefined;
  error: SerializedAppError | null;
  isFetching: boolean;
  /** The head shown is still the previous filter's, while the new one loads. */
  isStale: boolean;
}

/** The first window of the filtered, sorted orders, with the figures about the whole set (total, totals, facets). */
export function useOrdersHead(accountId: string | null, enabled: boolean, filters: OrderFilters, sort: OrderSort): OrdersHead {
  const headInput = accountId ? { accountId, filters, sort, offset: 0, limit: ORDER_BLOCK_SIZE } : null;
  const head = useDataQuery('data.orders.query', headInput, { enabled });
  return {
    head: head.data,
    error: head.error ? toSerializedError(head.error) : null,
    isFetching: head.isFetching,
    isStale: head.isPlaceholderData,
  };
}

export interface OrderRows {
  /** A block other than the head is in flight. */
  isFetching: boolean;
  row(index: number): OrderQueryResult['rows'][number] | undefined;
}

/**
 * Reads the windows covering rows [first, last] beyond the head. Called by the table itself, so a window
 * arriving (or the view reaching another block) re-renders the rows, not the whole dashboard around them.
 */
export function useOrderRows(accountId: string | null, head: OrdersHead, filters: OrderFilters, sort: OrderSort, first: number, last: number): OrderRows {
  const headData = head.head;
  const current = headData !== undefined && !head.isStale;
  const total = headData?.data.total ?? 0;
  const blocksKey = blocksFor(first, last, total)
    .filter((b) => b !== 0)
    .join(',');
  const blocks = useMemo(() => (blocksKey ? blocksKey.split(',').map(Number) : []), [blocksKey]);
  // Same blocks, filters and sort: the same options array, so react-query does not rebuild its observers
  // on every render of a scrolling table.
  const queries = useMemo(
    () =>
      blocks.map((block) => {
        const input = { accountId: accountId ?? '', filters, sort, offset: block * ORDER_BLOCK_SIZE, limit: ORDER_BLOCK_SIZE };
        return {
          queryKey: bridgeQueryKey('data.orders.query', input),
          queryFn: () => invoke('data.orders.query', input),
          enabled: accountId !== null && current,
          placeholderData: keepPreviousData,
        };
      }),
    [accountId, blocks, current, filters, sort],
  );
  const windows = useQueries({ queries });
  const rowsByBlock = new Map<number, OrderQueryResult['rows']>();
  // Rows of a previous filter (placeholder data) never show under the new one.
  if (headData && current) rowsByBlock.set(0, headData.data.rows);
  windows.forEach((w, i) => {
    if (w.data && !w.isPlaceholderData) rowsByBlock.set(blocks[i] as number, w.data.data.rows);
  });
  return {
    isFetching: windows.some((w) => w.isFetching),
    row: (index) => rowAt(rowsByBlock, index),
  };
}
