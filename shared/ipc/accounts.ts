// Part of the IPC contract (see shared/ipc.ts). Placeholder until its owner fills it in.
import type { EventDef, MethodDef } from './define';

export const accountMethods = {} satisfies Record<string, MethodDef>;
export const accountEvents = {} satisfies Record<string, EventDef>;
