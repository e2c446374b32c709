// The Students page's data: the engine syncs every student once (progress, Cancel) and then what changed;
// the page reads windows of the searched, filtered, sorted set as the table scrolls. Nothing is filtered here.
import { useCallback, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQueries, useQueryClient } from '@tanstack/react-query';
import type { SerializedAppError } from '../../shared/errors';
import type { Answer } from '../../shared/ipc/data';
import type { StudentFilters, StudentQueryResult, StudentRow, StudentSort, StudentsLoadResult } from '../../shared/ipc/students';
import { bridgeQueryKey, invoke } from '../lib/bridge-hooks';
import { toSerializedError } from '../lib/app-error';
import { newJobId } from './progress';
import { blocksFor, ORDER_BLOCK_SIZE as BLOCK, rowAt } from './orders-window';
import { useDataQuery } from './hooks';

export const STUDENT_BLOCK_SIZE = BLOCK;

export interface StudentsLoadState {
  jobId: string | null;
  running: boolean;
  result: Answer<StudentsLoadResult> | null;
  error: SerializedAppError | null;
  start(mode?: 'auto' | 'incremental' | 'full'): void;
  cancel(): void;
}

export function useStudentsLoad(accountId: string | null): StudentsLoadState {
  const [state, setState] = useState<Omit<StudentsLoadState, 'start' | 'cancel'>>({ jobId: null, running: false, result: null, error: null });
  const client = useQueryClient();
  const current = useRef<string | null>(null);
  const start = useCallback(
    (mode: 'auto' | 'incremental' | 'full' = 'auto') => {
      if (!accountId) return;
      const jobId = newJobId('students');
      current.current = jobId;
      setState((s) => ({ ...s, jobId, running: true, error: null }));
      invoke('data.students.load', { accountId, jobId, mode }).then(
        (result) => {
          if (current.current !== jobId) return;
          setState({ jobId, running: false, result, error: null });
          void client.invalidateQueries({ queryKey: ['data.students.query'] });
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

export interface StudentsHead {
  head: Answer<StudentQueryResult> | undefined;
  error: SerializedAppError | null;
  isFetching: boolean;
  isStale: boolean;
}

export function useStudentsHead(accountId: string | null, enabled: boolean, filters: StudentFilters, sort: StudentSort): StudentsHead {
  const input = accountId ? { accountId, filters, sort, offset: 0, limit: STUDENT_BLOCK_SIZE } : null;
  const head = useDataQuery('data.students.query', input, { enabled });
  return { head: head.data, error: head.error ? toSerializedError(head.error) : null, isFetching: head.isFetching, isStale: head.isPlaceholderData };
}

export interface StudentRows {
  isFetching: boolean;
  row(index: number): StudentRow | undefined;
}

/** The windows covering rows [first, last] beyond the head, read by the table itself (see useOrderRows). */
export function useStudentRows(accountId: string | null, head: StudentsHead, filters: StudentFilters, sort: StudentSort, first: number, last: number): StudentRows {
  const headData = head.head;
  const current = headData !== undefined && !head.isStale;
  const total = headData?.data.total ?? 0;
  const blocksKey = blocksFor(first, last, total, STUDENT_BLOCK_SIZE).filter((b) => b !== 0).join(',');
  const blocks = useMemo(() => (blocksKey ? blocksKey.split(',').map(Number) : []), [blocksKey]);
  const queries = useMemo(
    () =>
      blocks.map((block) => {
        const input = { accountId: accountId ?? '', filters, sort, offset: block * STUDENT_BLOCK_SIZE, limit: STUDENT_BLOCK_SIZE };
        return {
          queryKey: bridgeQueryKey('data.students.query', input),
          queryFn: () => invoke('data.students.query', input),
          enabled: accountId !== null && current,
          placeholderData: keepPreviousData,
        };
      }),
    [accountId, blocks, current, filters, sort],
  );
  const windows = useQueries({ queries });
  const byBlock = new Map<number, StudentRow[]>();
  if (headData && current) byBlock.set(0, headData.data.rows);
  windows.forEach((w, i) => {
    if (w.data && !w.isPlaceholderData) byBlock.set(blocks[i] as number, w.data.data.rows);
  });
  return { isFetching: windows.some((w) => w.isFetching), row: (index) => rowAt(byBlock, index, STUDENT_BLOCK_SIZE) };
}
