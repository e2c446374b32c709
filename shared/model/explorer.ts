// The generic explorer's model: the areas the platform's /openapi.json offers (each behind its own scope),
// the fields of a list's filters and of an edit form, and the one validator built from those fields that
// both the form (before sending) and the main process (before the PATCH) use. Records are generic JSON by
// nature here: the explorer shows what the platform sends. No wire detail (paths, cursors' meaning) lives
// here; that is electron/services/platform/openapi-explorer.ts.
import { z } from 'zod';
import { t } from '../i18n/i18n';
import { ALL_SCOPES, type Scope } from '../scopes';
import { MAX_PATTERN_CHARS, linearPattern } from './schema-pattern';

const AREA_IDS = ['school', 'appearance', 'posts', 'pages', 'digital_products', 'forms', 'lecturers', 'membership_plans', 'curriculum', 'account', 'storage'] as const;

/**
 * The scope areas no dedicated screen covers: the explorer's, in the order the nav shows them. A title is
 * read from the catalogue when it is asked for, so it is in the realm's language at that moment.
 */
export const EXPLORER_AREAS = AREA_IDS.map((id) => ({
  id,
  get title(): string {
    return t(`explorer:areas.${id}`);
  },
}));
export type ExplorerAreaId = (typeof EXPLORER_AREAS)[number]['id'];
export const ExplorerAreaId = z.enum(EXPLORER_AREAS.map((a) => a.id) as [ExplorerAreaId, ...ExplorerAreaId[]]);

export const ScopeName = z.enum(ALL_SCOPES as [Scope, ...Scope[]]);

/** One input: a filter of a list, or a field of an edit form. */
export const Field = z.object({
  name: z.string().min(1).max(100),
  label: z.string(),
  kind: z.enum(['string', 'integer', 'number', 'boolean', 'enum', 'date-time']),
  required: z.boolean(),
  nullable: z.boolean(),
  description: z.string().nullable(),
  options: z.array(z.string()).optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  minLength: z.int().nonnegative().optional(),
  maxLength: z.int().nonnegative().optional(),
  /** Checked in linear time (./schema-pattern.ts); a pattern that cannot be is left out: see patternUnchecked. */
  pattern: z.string().max(MAX_PATTERN_CHARS).optional(),
  /** The schema has a pattern this app does not check (back-references, look-arounds, too large): the platform does. */
  patternUnchecked: z.literal(true).optional(),
  format: z.enum(['uri', 'email']).optional(),
});
export type Field = z.infer<typeof Field>;

export const ExplorerArea = z.object({
  id: ExplorerAreaId,
  title: z.string(),
  /** false: the platform's /openapi.json has no operation of this area the explorer can show. */
  offered: z.boolean(),
  /** The scope its reads need (null when it has none to read). */
  readScope: ScopeName.nullable(),
  /** 'list': pages of records; 'single': one record (the school, the account); null: nothing to read. */
  shape: z.enum(['list', 'single']).nullable(),
  filters: z.array(Field),
  /** The edit form's fields, when the platform has a PATCH for it. */
  edit: z.object({ scope: ScopeName, fields: z.array(Field), operationId: z.string() }).nullable(),
  /** Whether one record can be read on its own (a get-one operation); otherwise it is shown from its list row. */
  getOne: z.boolean(),
  /** Fields of its records that hold ids of another list's records, shown by name (explorer.names). */
  linked: z.array(z.string().max(100)),
  /** Fields of its records whose values the document declares (enum): shown as words. */
  choices: z.record(z.string().max(100), z.array(z.string())),
  /** Operations of the area the explorer cannot drive (a create, one that needs a parent record), by summary. */
  other: z.array(z.object({ operationId: z.string(), summary: z.string() })),
});
export type ExplorerArea = z.infer<typeof ExplorerArea>;

export const JsonRecord = z.record(z.string(), z.unknown());
export type JsonRecord = z.infer<typeof JsonRecord>;

/**
 * A record as the explorer shows it: its fields as the platform sent them (generic by nature), and its version,
 * when it last changed as an ISO instant, read by the adapter (a write's conflict check compares it), or null.
 */
export const ExplorerRecord = z.object({ fields: JsonRecord, version: z.iso.datetime({ offset: true }).nullable() });
export type ExplorerRecord = z.infer<typeof ExplorerRecord>;

/** A value a form field may send: JSON scalars only (objects and arrays are shown, not edited). */
export const FieldValue = z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()]);
export type FieldValue = z.infer<typeof FieldValue>;

/** "primary_color" → "Primary color". */
export function labelOf(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The record's name for the words of a write and the list: its title, name, code, path or id. */
export function nameOf(record: JsonRecord): string {
  return namingValueOf(record)?.slice(0, 300) ?? t('explorer:record');
}

/** The first of its title, name, code, path, e-mail or id the record has, or null. */
export function namingValueOf(record: JsonRecord): string | null {
  for (const key of ['title', 'name', 'code', 'path', 'email', 'id']) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

// ---- JSON Schema → fields -------------------------------------------------------------------------------

/** The part of JSON Schema the explorer reads; anything else is ignored, never trusted. */
const JsonSchemaNode: z.ZodType<JsonSchemaNode> = z.lazy(() =>
  z.looseObject({
    type: z.union([z.string(), z.array(z.string())]).optional(),
    enum: z.array(z.unknown()).optional(),
    const: z.unknown().optional(),
    format: z.string().optional(),
    description: z.string().optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    exclusiveMinimum: z.number().optional(),
    exclusiveMaximum: z.number().optional(),
    minLength: z.number().optional(),
    maxLength: z.number().optional(),
    pattern: z.string().optional(),
    nullable: z.boolean().optional(),
    anyOf: z.array(JsonSchemaNode).optional(),
    oneOf: z.array(JsonSchemaNode).optional(),
    properties: z.record(z.string(), JsonSchemaNode).optional(),
    required: z.array(z.string()).optional(),
  }),
);
interface JsonSchemaNode {
  type?: string | string[] | undefined;
  enum?: unknown[] | undefined;
  const?: unknown;
  format?: string | undefined;
  description?: string | undefined;
  minimum?: number | undefined;
  maximum?: number | undefined;
  exclusiveMinimum?: number | undefined;
  exclusiveMaximum?: number | undefined;
  minLength?: number | undefined;
  maxLength?: number | undefined;
  pattern?: string | undefined;
  /** OpenAPI 3.0's way of saying "or null". */
  nullable?: boolean | undefined;
  anyOf?: JsonSchemaNode[] | undefined;
  oneOf?: JsonSchemaNode[] | undefined;
  properties?: Record<string, JsonSchemaNode> | undefined;
  required?: string[] | undefined;
  [key: string]: unknown;
}

/** One field from a property's schema, or null when it is not a scalar the explorer can edit (object, array). */
export function fieldOf(name: string, raw: unknown, required: boolean): Field | null {
  const parsed = JsonSchemaNode.safeParse(raw);
  if (!parsed.success) return null;
  let node = parsed.data;
  let nullable = node.nullable === true;
  // `anyOf: [X, {type: 'null'}]` (zod's nullable) and `type: ['string', 'null']` both mean "X or null".
  const alternatives = node.anyOf ?? node.oneOf;
  if (alternatives) {
    const nonNull = alternatives.filter((a) => a.type !== 'null');
    nullable ||= nonNull.length < alternatives.length;
    if (nonNull.length !== 1) return null;
    node = { ...nonNull[0]!, description: node.description ?? nonNull[0]!.description };
  }
  let type = node.type;
  if (Array.isArray(type)) {
    nullable ||= type.includes('null');
    const rest = type.filter((t) => t !== 'null');
    if (rest.length !== 1) return null;
    type = rest[0];
  }
  const base = { name, label: labelOf(name), required, nullable, description: node.description ?? null };
  if (node.enum) {
    const options = node.enum.filter((v): v is string => typeof v === 'string');
    if (options.length === 0 || options.length !== node.enum.length) return null;
    return { ...base, kind: 'enum', options };
  }
  switch (type) {
    case 'boolean':
      return { ...base, kind: 'boolean' };
    case 'integer':
    case 'number': {
      const minimum = node.minimum ?? node.exclusiveMinimum;
      const maximum = node.maximum ?? node.exclusiveMaximum;
      return {
        ...base,
        kind: type,
        // zod writes "no bound" as ±MAX_SAFE_INTEGER for ints: nothing to tell the admin.
        ...(minimum !== undefined && Math.abs(minimum) < Number.MAX_SAFE_INTEGER ? { minimum } : {}),
        ...(maximum !== undefined && Math.abs(maximum) < Number.MAX_SAFE_INTEGER ? { maximum } : {}),
      };
    }
    case 'string': {
      if (node.format === 'date-time') return { ...base, kind: 'date-time' };
      return {
        ...base,
        kind: 'string',
        ...(node.minLength !== undefined ? { minLength: Math.floor(node.minLength) } : {}),
        ...(node.maxLength !== undefined ? { maxLength: Math.floor(node.maxLength) } : {}),
        ...(node.pattern === undefined ? {} : linearPattern(node.pattern) ? { pattern: node.pattern } : { patternUnchecked: true as const }),
        ...(node.format === 'uri' || node.format === 'email' ? { format: node.format } : {}),
      };
    }
    default:
      return null;
  }
}

/** The fields of an object schema (a PATCH body): each scalar property, in the schema's order. */
export function fieldsOf(raw: unknown): Field[] {
  const parsed = JsonSchemaNode.safeParse(raw);
  if (!parsed.success || !parsed.data.properties) return [];
  const required = new Set(parsed.data.required ?? []);
  return Object.entries(parsed.data.properties).flatMap(([name, schema]) => fieldOf(name, schema, required.has(name)) ?? []);
}

// ---- fields → one validator ----------------------------------------------------------------------------

function validatorOf(field: Field): z.ZodType {
  let schema: z.ZodType;
  switch (field.kind) {
    case 'boolean':
      schema = z.boolean({ error: () => t('explorer:problems.yesNo') });
      break;
    case 'enum':
      schema = z.enum(field.options as [string, ...string[]], { error: () => t('explorer:problems.oneOf', { options: field.options!.join(', ') }) });
      break;
    case 'date-time':
      schema = z.iso.datetime({ offset: true, error: () => t('explorer:problems.dateTime') });
      break;
    case 'integer':
    case 'number': {
      const whole = () => t('explorer:problems.wholeNumber');
      let n = field.kind === 'integer' ? z.number({ error: whole }).int({ error: whole }) : z.number({ error: () => t('explorer:problems.number') });
      const { minimum, maximum } = field;
      if (minimum !== undefined) n = n.min(minimum, { error: () => t('explorer:problems.atLeast', { min: minimum }) });
      if (maximum !== undefined) n = n.max(maximum, { error: () => t('explorer:problems.atMost', { max: maximum }) });
      schema = n;
      break;
    }
    case 'string': {
      let s =
        field.format === 'uri'
          ? z.url({ error: () => t('explorer:problems.uri') })
          : field.format === 'email'
            ? z.email({ error: () => t('explorer:problems.email') })
            : z.string({ error: () => t('explorer:problems.text') });
      const { minLength, maxLength } = field;
      if (minLength !== undefined) s = s.min(minLength, { error: () => (minLength === 1 ? t('explorer:problems.notEmpty') : t('explorer:problems.minLength', { min: minLength })) });
      if (maxLength !== undefined) s = s.max(maxLength, { error: () => t('explorer:problems.maxLength', { max: maxLength }) });
      const pattern = field.pattern === undefined ? null : linearPattern(field.pattern);
      // Never RegExp: a backtracking engine can take exponential time on a pattern the platform chose.
      if (pattern) s = s.refine((text) => pattern.test(text), { error: () => t('explorer:problems.pattern', { pattern: field.pattern }) });
      schema = s;
      break;
    }
  }
  return field.nullable ? schema.nullable() : schema;
}

/**
 * The validator of an edit: only the listed fields, each with its type, options and bounds; required ones
 * must be present. A change to one field of a PATCH body sends only that field, so `partial` (the default)
 * leaves the others out.
 */
export function validatorFor(fields: readonly Field[], options: { partial?: boolean } = {}): z.ZodObject {
  const partial = options.partial ?? true;
  const shape = Object.fromEntries(fields.map((f) => [f.name, f.required && !partial ? validatorOf(f) : validatorOf(f).optional()]));
  return z.object(shape).strict();
}

/** Problems per field name, in the fields' order, from a failed check. */
export function problemsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out[key] ??= t('explorer:problems.unknownField');
      continue;
    }
    out[String(issue.path[0] ?? '')] ??= issue.message;
  }
  return out;
}

/**
 * A form's text for one field → the value to send. Numbers that are not numbers stay text so the
 * validator names the problem (the admin's text is never changed or lost); an empty nullable field is null.
 */
export function valueFromInput(field: Field, input: string | boolean): FieldValue {
  if (typeof input === 'boolean') return input;
  const text = input;
  if (text.trim() === '' && field.nullable) return null;
  if (field.kind === 'integer' || field.kind === 'number') {
    const trimmed = text.trim();
    return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : text;
  }
  return text;
}

/** The record's value of a field as the form's text (or checkbox). */
export function inputFromValue(field: Field, value: unknown): string | boolean {
  if (field.kind === 'boolean') return value === true;
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value);
}
