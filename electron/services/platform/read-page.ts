// One page of a platform list, checked against its schema (compiled-schema.ts): a page the app does not
// understand is a bad_response naming where, never a crash or a half-read list.
import type { z } from 'zod';
import { checkPage } from './compiled-schema';
import { parsePage, untimed, type StepTimer } from './list-feed';
import type { ListName } from './compiled-schema';

export function readPage<S extends z.ZodType>(schema: S, body: unknown, what: ListName, timer: StepTimer = untimed): z.output<S> {
  const value = parsePage(body, timer);
  timer.time('validate', () => checkPage(schema, value, what));
  return value as z.output<S>;
}
