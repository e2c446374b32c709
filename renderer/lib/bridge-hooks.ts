// The renderer's only way to the main process: typed calls and events over the bridge picked at start-up
// (renderer/bridge). Components use these hooks; none of them asks which transport carries them.
import { useEffect, useRef } from 'react';
import { useMutation, useQuery, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query';
import { getBridge } from '../bridge';
import type { EventName, EventPayload, MethodInput, MethodName, MethodOutput } from '../../shared/ipc';
import type { SerializedAppError } from '../../shared/errors';
import { toSerializedError } from './app-error';

/** Calls a contract method; rejects with a SerializedAppError (code + words), never a raw error. */
export async function invoke<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
  try {
    return await getBridge().invoke(method, input);
  } catch (error) {
    throw toSerializedError(error);
  }
}

/** Subscribes to a contract event for the component's lifetime; the latest handler is always the one called. */
export function useEvent<E extends EventName>(event: E, handler: (payload: EventPayload<E>) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => getBridge().subscribe(event, (payload) => latest.current(payload)), [event]);
}

/** The query key of a contract read: dashboards and the shell share the cache through it. */
export function bridgeQueryKey<M extends MethodName>(method: M, input: MethodInput<M>): readonly [M, MethodInput<M>] {
  return [method, input] as const;
}

/** A react-query read over a contract method. */
export function useInvokeQuery<M extends MethodName>(
  method: M,
  input: MethodInput<M>,
  options: Omit<UseQueryOptions<MethodOutput<M>, SerializedAppError, MethodOutput<M>, readonly [M, MethodInput<M>]>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery({ queryKey: bridgeQueryKey(method, input), queryFn: () => invoke(method, input), ...options });
}

/** A react-query mutation over a contract method (errors are SerializedAppError). */
export function useInvoke<M extends MethodName>(
  method: M,
  options: Omit<UseMutationOptions<MethodOutput<M>, SerializedAppError, MethodInput<M>>, 'mutationFn'> = {},
) {
  return useMutation({ mutationFn: (input: MethodInput<M>) => invoke(method, input), ...options });
}
