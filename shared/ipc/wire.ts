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

/** Electron IPC channels: one for calls, one for events. */
export const IPC_INVOKE_CHANNEL = 'sc:invoke';
export const IPC_EVENT_CHANNEL = 'sc:event';

/** What the preload puts on `window.schoolCompanion`: untyped on the wire, typed by the renderer's bridge. */
export interface PreloadApi {
  invoke(method: string, input: unknown): Promise<InvokeResult>;
  subscribe(event: string, handler: (payload: unknown) => void): () => void;
}
export const PRELOAD_GLOBAL = 'schoolCompanion';

/** Browser mode: where the launch page leaves the page key for the bridge (localStorage, this origin only). */
export const PAGE_KEY_STORAGE = 'school-companion:page-key';
export const PAGE_KEY_HEADER = 'authorization';
