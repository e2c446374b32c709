// A bridge for component tests: the renderer's real components, hooks and data layer run against it, and it
// answers the IPC contract the way the main process does: every input checked by the method's own zod schema
// (defaults applied), every answer and event checked by theirs, so a component that sends or expects the wrong
// shape fails here as it would against the real router. A method the test gave no answer for fails loudly.
import { AppError } from '../../shared/errors';
import { EVENTS, METHODS, type Bridge, type EventName, type EventPayload, type MethodInput, type MethodName, type MethodOutput } from '../../shared/ipc';

export type Answers = { [M in MethodName]?: (input: MethodInput<M>) => MethodOutput<M> | Promise<MethodOutput<M>> };

export interface ContractBridge extends Bridge {
  /** Every call the components made, in order, with its checked input. */
  readonly calls: { method: MethodName; input: unknown }[];
  /** Pushes an event to the subscribed components, as the main process does. */
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  /** Replaces or adds answers while a test runs. */
  answer(more: Answers): void;
}

export function contractBridge(initial: Answers): ContractBridge {
  const answers: Answers = { ...initial };
  const calls: { method: MethodName; input: unknown }[] = [];
  const handlers = new Map<string, Set<(payload: never) => void>>();
  return {
    calls,
    async invoke<M extends MethodName>(method: M, raw: MethodInput<M>): Promise<MethodOutput<M>> {
      const definition = METHODS[method];
      const checked = definition.input.safeParse(raw);
      if (!checked.success) throw new AppError('invalid_input', `${method}: the renderer sent an input the contract refuses: ${checked.error.message}`);
      const input = checked.data as MethodInput<M>;
      calls.push({ method, input });
      const answer = answers[method] as ((input: MethodInput<M>) => MethodOutput<M> | Promise<MethodOutput<M>>) | undefined;
      if (!answer) throw new Error(`The test bridge has no answer for ${method}.`);
      return definition.output.parse(await answer(input)) as MethodOutput<M>;
    },
    subscribe<E extends EventName>(event: E, handler: (payload: EventPayload<E>) => void): () => void {
      const set = handlers.get(event) ?? new Set();
      handlers.set(event, set);
      set.add(handler as (payload: never) => void);
      return () => set.delete(handler as (payload: never) => void);
    },
    emit(event, payload) {
      const checked = EVENTS[event].payload.parse(payload);
      for (const handler of handlers.get(event) ?? []) (handler as (payload: unknown) => void)(checked);
    },
    answer(more) {
      Object.assign(answers, more);
    },
  };
}
