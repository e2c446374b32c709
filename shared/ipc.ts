// The one contract between the renderer and the main process. Each part file declares its methods and
// events once (shared/ipc/*.ts); this file joins them and derives the types both sides use.
import type { z } from 'zod';
import type { EventDef, MethodDef } from './ipc/define';
import { accountEvents, accountMethods } from './ipc/accounts';
import { appEvents, appMethods } from './ipc/app';
import { dataEvents, dataMethods } from './ipc/data';
import { securityEvents, securityMethods } from './ipc/security';
import { updateEvents, updateMethods } from './ipc/updates';
import { moneyMethods } from './ipc/money';
import { peopleMethods } from './ipc/people';
import { writeEvents, writeMethods } from './ipc/writes';
import { searchMethods } from './ipc/search';
import { eventMethods } from './ipc/events';
import { commentMethods } from './ipc/comments';
import { explorerMethods } from './ipc/explorer';
import { studentMethods } from './ipc/students';
import { notificationEvents, notificationMethods } from './ipc/notifications';
import { demoMethods } from './ipc/demo';
import { todayMethods } from './ipc/today';

export const METHODS = { ...accountMethods, ...appMethods, ...dataMethods, ...updateMethods, ...securityMethods, ...writeMethods, ...moneyMethods, ...peopleMethods, ...studentMethods, ...searchMethods, ...eventMethods, ...commentMethods, ...explorerMethods, ...notificationMethods, ...demoMethods, ...todayMethods } satisfies Record<string, MethodDef>;
export const EVENTS = { ...accountEvents, ...appEvents, ...dataEvents, ...updateEvents, ...securityEvents, ...writeEvents, ...notificationEvents } satisfies Record<string, EventDef>;

export type MethodName = Extract<keyof typeof METHODS, string>;
export type EventName = Extract<keyof typeof EVENTS, string>;
export type MethodInput<M extends MethodName> = z.input<(typeof METHODS)[M]['input']>;
export type MethodOutput<M extends MethodName> = z.output<(typeof METHODS)[M]['output']>;
export type EventPayload<E extends EventName> = z.output<(typeof EVENTS)[E]['payload']>;

/** What the renderer gets, from the Electron preload or from the browser host's client alike. */
export interface Bridge {
  invoke<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>>;
  subscribe<E extends EventName>(event: E, handler: (payload: EventPayload<E>) => void): () => void;
}

export function isMethodName(value: string): value is MethodName {
  return Object.hasOwn(METHODS, value);
}
