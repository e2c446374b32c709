// How the IPC contract is written: each method once, with zod schemas for its input and output; each event
// once with its payload schema. Both transports (Electron IPC and the browser host) and both sides derive
// their types and their validation from these declarations.
import type { z } from 'zod';

export interface MethodDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
  description: string;
}

export interface EventDef<P extends z.ZodType = z.ZodType> {
  payload: P;
  description: string;
}

export function method<I extends z.ZodType, O extends z.ZodType>(input: I, output: O, description: string): MethodDef<I, O> {
  return { input, output, description };
}

export function event<P extends z.ZodType>(payload: P, description: string): EventDef<P> {
  return { payload, description };
}
