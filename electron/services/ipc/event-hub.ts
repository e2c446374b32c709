// Events from the services to the renderer(s). Services emit; each transport subscribes and forwards.
// In development and tests a payload outside the contract throws at the emitter (a bug), so it never
// reaches a renderer that trusts the contract's types.
import { EVENTS } from '../../../shared/ipc';
import type { EventName, EventPayload } from '../../../shared/ipc';
import type { EmitEvent } from './handler-types';

export type EventListener = (event: EventName, payload: unknown) => void;

export interface EventHub {
  emit: EmitEvent;
  subscribe(listener: EventListener): () => void;
}

export function createEventHub(options: { validate?: boolean } = {}): EventHub {
  const listeners = new Set<EventListener>();
  const emit = <E extends EventName>(event: E, payload: EventPayload<E>): void => {
    if (options.validate) EVENTS[event].payload.parse(payload);
    for (const listener of [...listeners]) {
      try {
        listener(event, payload);
      } catch {
        // One broken transport (a closed window) must not stop the others.
      }
    }
  };
  return {
    emit,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
