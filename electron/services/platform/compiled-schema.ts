// The platform's list pages checked by a validator compiled to code (ajv, from the zod schema's JSON Schema):
// a page of a thousand orders is checked in place, without zod building a copy of it. The same schemas
// (shared/platform/resources.ts) stay the one definition; the tests hold both to the same verdicts.
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { t } from '../../../shared/i18n/i18n';

let ajv: Ajv2020 | null = null;
const compiled = new WeakMap<z.ZodType, ValidateFunction>();

/** The zod schema's validator, compiled once (on first use) and kept. */
function validatorOf(schema: z.ZodType): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    // strict off: the JSON Schema zod writes names formats (date-time) whose pattern it also writes, which is what
    // checks them; those formats are accepted as names only.
    ajv ??= new Ajv2020({ strict: false, allErrors: false, formats: { 'date-time': true, email: true } });
    validate = ajv.compile(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
    compiled.set(schema, validate);
  }
  return validate;
}

/**
 * Checks a page against its schema (the value is used as it is, not copied); a page the app does not understand
 * is a bad_response naming where and what kind of problem, never the data itself.
 */
/** The lists a page belongs to, named in the UI language (the engine's `lists`). */
export type ListName = 'orders' | 'students' | 'enrollments' | 'courses' | 'subscriptions';

export function checkPage<S extends z.ZodType>(schema: S, value: unknown, what: ListName): asserts value is z.output<S> {
  const validate = validatorOf(schema);
  if (validate(value)) return;
  const error = validate.errors?.[0];
  const where = error?.instancePath ? error.instancePath.slice(1).replaceAll('/', '.') : '';
  const missing = error?.keyword === 'required' ? (error.params as { missingProperty?: string }).missingProperty : undefined;
  const path = [where, missing].filter(Boolean).join('.') || t('errors:platform.thePage');
  throw new AppError('bad_response', t('errors:platform.notUnderstood', { what: t(`engine:lists.${what}`), where: path, code: error?.keyword ?? 'invalid' }));
}
