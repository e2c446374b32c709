// Part of the IPC contract (see shared/ipc.ts). Placeholder until its owner fills it in.
import type { EventDef, MethodDef } from './define';

export const appMethods = {} satisfies Record<string, MethodDef>;
export const appEvents = {} satisfies Record<string, EventDef>;
