// Part of the IPC contract (see shared/ipc.ts). Placeholder until its owner fills it in.
import type { EventDef, MethodDef } from './define';

export const dataMethods = {} satisfies Record<string, MethodDef>;
export const dataEvents = {} satisfies Record<string, EventDef>;
