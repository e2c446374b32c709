// The transport names both sides agree on. No zod here: the sandboxed preload bundles this file and
// should stay a few lines of code.
import type { InvokeResult } from './wire';

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
