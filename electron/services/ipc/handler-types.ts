// What a main-side implementation of the contract looks like. The router (validation, sender check,
// error mapping) calls these with inputs already validated against the contract's schemas.
import type { z } from 'zod';
import type { EventName, EventPayload, MethodName, MethodOutput, METHODS } from '../../../shared/ipc';

export interface CallContext {
  /** Aborted when the renderer goes away or cancels. */
  signal: AbortSignal;
  /** Browser mode: the browser session the call came from (Settings › Browser sessions marks it as "this browser"). */
  browserSession?: string;
}

export type MethodHandler<M extends MethodName> = (input: z.output<(typeof METHODS)[M]['input']>, context: CallContext) => Promise<MethodOutput<M>>;

export type MethodHandlers<M extends MethodName = MethodName> = { [K in M]: MethodHandler<K> };

/** Sends an event to the renderer (whichever transport carries it). */
export type EmitEvent = <E extends EventName>(event: E, payload: EventPayload<E>) => void;
