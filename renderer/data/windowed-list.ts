// The data of a list the engine holds (the Orders and Students pages): a sync job run once (progress, Cancel),
// then the first window of the filtered, sorted set with the figures about all of it (the head), and the other
// windows as the table scrolls, in fixed blocks. A first sync's rows show as soon as some are in: the windows
// are asked again every moment while it runs, and each answer says whether it covers all the records or only
// those in so far. Nothing is filtered here; one implementation for every list.
import { useCallback, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQueries, useQueryClient } from '@tanstack/react-query';
import type { SerializedAppError } from '../../shared/errors';
import type { MethodInput, MethodOutput } from '../../shared/ipc';
import { bridgeQueryKey, invoke, useEvent } from '../lib/bridge-hooks';
import { toSerializedError } from '../lib/app-error';
import { newJobId } from './progress';
import { blocksFor, ORDER_BLOCK_SIZE as BLOCK_SIZE, rowAt } from './orders-window';
import { useDataQuery } from './hooks';
import { readWindowsAgain } from './read-again';

export { BLOCK_SIZE };

type SyncMethod = 'data.orders.load' | 'data.students.load';
type WindowMethod = 'data.orders.query' | 'data.students.query';
type SyncMode<M extends SyncMethod> = NonNullable<MethodInput<M>['mode']>;
/** One row of a window method's answer. */
type WindowRow<M extends WindowMethod> = MethodOutput<M>['data']['rows'][number];

/** How often the windows are asked again while a first sync brings rows. */
const LIVE_REFETCH_MS = 1500;

export interface SyncJobState<M extends SyncMethod> {
  jobId: string | null;
  running: boolean;
  result: MethodOutput<M> | null;
  error: SerializedAppError | null;
  /** The most records the job's progress reported (kept once it stops): above 0, it has rows to show. */
  soFar: number;
  start(mode?: SyncMode<M>): void;
  cancel(): void;
}

/** Runs the sync for the account; the page shows its progress and may cancel it. Windows read before it ended are refetched. */
export function useSyncJob<M extends SyncMethod>(method: M, windows: WindowMethod, jobPrefix: string, accountId: string | null): SyncJobState<M> {
  const [state, setState] = useState<Omit<SyncJobState<M>, 'start' | 'cancel' | 'soFar'>>({ jobId: null, running: false, result: null, error: null });
  const [soFar, setSoFar] = useState({ accountId, records: 0 });
  if (soFar.accountId !== accountId) setSoFar({ accountId, records: 0 });
  const client = useQueryClient();
  const current = useRef<string | null>(null);
  useEvent('data.progress', (progress) => {
    if (progress.jobId === current.current && progress.loaded > soFar.records) setSoFar({ accountId, records: progress.loaded });
  });
  const start = useCallback(
    (mode: SyncMode<M> = 'auto' as SyncMode<M>) => {
      if (!accountId) return;
      const jobId = newJobId(jobPrefix);
      current.current = jobId;
      setState((s) => ({ ...s, jobId, running: true, error: null }));
      invoke(method, { accountId, jobId, mode } as MethodInput<M>).then(
        (result) => {
          if (current.current !== jobId) return;
          setState({ jobId, running: false, result, error: null });
          void readWindowsAgain(client, windows);
        },
        (error: unknown) => {
          if (current.current !== jobId) return;
          setState((s) => ({ ...s, jobId, running: false, error: toSerializedError(error) }));
          // A first sync that stopped leaves its rows so far, now marked stopped.
          void readWindowsAgain(client, windows);
        },
      );
    },
    [accountId, client, method, windows, jobPrefix],
  );
  const cancel = useCallback(() => {
    const jobId = current.current;
    if (jobId) invoke('data.cancel', { jobId }).catch(() => undefined);
  }, []);
  return { ...state, soFar: soFar.records, start, cancel };
}

export interface ListHead<M extends WindowMethod> {
  /** The first window's answer: total, the figures about the whole set, fetchedAt, and `partial` while only a first sync's rows so far answer. */
  head: MethodOutput<M> | undefined;
  /** A sync is bringing rows: every window is asked again now and then. */
  live: boolean;
  error: SerializedAppError | null;
  isFetching: boolean;
  /** The head shown is still the previous filter's, while the new one loads. */
  isStale: boolean;
}

type ViewOf<M extends WindowMethod> = Pick<MethodInput<M>, 'filters' | 'sort'>;

/** The first window of the filtered, sorted set, with the figures about the whole set; `live` while a sync brings rows. */
export function useListHead<M extends WindowMethod>(method: M, accountId: string | null, enabled: boolean, view: ViewOf<M>, live = false): ListHead<M> {
  const input = accountId ? ({ accountId, filters: view.filters, sort: view.sort, offset: 0, limit: BLOCK_SIZE, partial: true } as MethodInput<M>) : null;
  const head = useDataQuery(method, input, { enabled, refetchInterval: live ? LIVE_REFETCH_MS : false });
  return {
    head: head.data as MethodOutput<M> | undefined,
    live,
    error: head.error ? toSerializedError(head.error) : null,
    isFetching: head.isFetching,
    isStale: head.isPlaceholderData,
  };
}

export interface ListRows<M extends WindowMethod> {
  /** A block other than the head is in flight. */
  isFetching: boolean;
  row(index: number): WindowRow<M> | undefined;
}

/**
 * Reads the windows covering rows [first, last] beyond the head. Called by the table itself, so a window
 * arriving (or the view reaching another block) re-renders the rows, not the whole page around them.
 */
export function useListRows<M extends WindowMethod>(method: M, accountId: string | null, head: ListHead<M>, view: ViewOf<M>, first: number, last: number): ListRows<M> {
  const headData = head.head;
  const current = headData !== undefined && !head.isStale;
  const total = headData?.data.total ?? 0;
  const blocksKey = blocksFor(first, last, total, BLOCK_SIZE)
    .filter((b) => b !== 0)
    .join(',');
  const blocks = useMemo(() => (blocksKey ? blocksKey.split(',').map(Number) : []), [blocksKey]);
  const { filters, sort } = view;
  // Same blocks, filters and sort: the same options array, so react-query does not rebuild its observers on
  // every render of a scrolling table.
  const queries = useMemo(
    () =>
      blocks.map((block) => {
        const input = { accountId: accountId ?? '', filters, sort, offset: block * BLOCK_SIZE, limit: BLOCK_SIZE, partial: true } as MethodInput<M>;
        return {
          queryKey: bridgeQueryKey(method, input),
          queryFn: () => invoke(method, input),
          enabled: accountId !== null && current,
          placeholderData: keepPreviousData,
          refetchInterval: head.live ? LIVE_REFETCH_MS : (false as const),
        };
      }),
    [accountId, blocks, current, filters, sort, method, head.live],
  );
  const windows = useQueries({ queries });
  const rowsByBlock = new Map<number, readonly WindowRow<M>[]>();
  // Rows of a previous filter (placeholder data) never show under the new one.
  if (headData && current) rowsByBlock.set(0, headData.data.rows as readonly WindowRow<M>[]);
  windows.forEach((w, i) => {
    const answer = w.data as MethodOutput<M> | undefined;
    if (answer && !w.isPlaceholderData) rowsByBlock.set(blocks[i] as number, answer.data.rows as readonly WindowRow<M>[]);
  });
  return {
    isFetching: windows.some((w) => w.isFetching),
    row: (index) => rowAt(rowsByBlock, index, BLOCK_SIZE),
  };
}
