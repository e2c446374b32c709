// The dashboards' reads: react-query over `bridge.invoke('data.…')`, keyed by method + input (the input
// carries the account, so two schools never share an answer). The previous answer stays on screen while
// a new filter loads, so figures do not flash empty.
import { keepPreviousData } from '@tanstack/react-query';
import type { MethodInput, MethodName } from '../../shared/ipc';
import { useInvokeQuery } from '../lib/bridge-hooks';

type DataMethod = Extract<MethodName, `data.${string}`>;

/** A data read for the given account (disabled while there is none). */
export function useDataQuery<M extends DataMethod>(method: M, input: MethodInput<M> | null, options: { enabled?: boolean; staleTime?: number; refetchInterval?: number | false } = {}) {
  return useInvokeQuery(method, (input ?? {}) as MethodInput<M>, {
    enabled: input !== null && (options.enabled ?? true),
    placeholderData: keepPreviousData,
    ...(options.staleTime !== undefined ? { staleTime: options.staleTime } : {}),
    ...(options.refetchInterval ? { refetchInterval: options.refetchInterval } : {}),
  });
}
