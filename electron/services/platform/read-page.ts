// One page of a platform list, checked against its schema: a page the app does not understand is a
// bad_response naming where, never a crash or a half-read list.
import type { z } from 'zod';
import { AppError } from '../../../shared/errors';

export function readPage<S extends z.ZodType>(schema: S, raw: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('bad_response', `The platform sent ${what} the app does not understand (at ${issue?.path.join('.') || '(the page)'}: ${issue?.code ?? 'invalid'}).`);
  }
  return parsed.data;
}
