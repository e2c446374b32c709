// How the contract travels, the same for both transports: a call's result is an envelope (a rejected
// promise would lose the error's code crossing Electron's contextBridge), an event is its name and payload.
import { z } from 'zod';
import { SerializedAppError } from '../errors';

export const InvokeResult = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: SerializedAppError }),
]);
export type InvokeResult = z.infer<typeof InvokeResult>;

export const EventEnvelope = z.object({ event: z.string(), payload: z.unknown() });
export type EventEnvelope = z.infer<typeof EventEnvelope>;

