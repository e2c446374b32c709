// The explorer's one adapter to the platform: what its /openapi.json offers (validated with zod, only the
// parts read here), the areas derived from it, and every wire detail of calling them: the paths, the page
// envelope and its cursor, the path parameter that names a record. Nothing outside this file knows a path.
// The renderer names an area and a record id; an operation the document does not describe is refused.
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import {
  EXPLORER_AREAS, JsonRecord, fieldOf, fieldsOf, validatorFor, problemsOf, labelOf, namingValueOf,
  type ExplorerArea, type ExplorerAreaId, type ExplorerRecord, type Field,
} from '../../../shared/model/explorer';
import { ALL_SCOPES, type Scope } from '../../../shared/scopes';
import type { DescribedOperation } from '../api/platform-caller';
import { declaredFields } from './openapi-links';
import { DocumentRefs } from './openapi-refs';
import { t } from '../../../shared/i18n/i18n';

const Parameter = z.looseObject({
  name: z.string().min(1).max(100),
  in: z.string(),
  required: z.boolean().optional(),
  description: z.string().optional(),
  schema: z.unknown().optional(),
});
const MediaTypes = z.record(z.string(), z.looseObject({ schema: z.unknown().optional() }));
/** A request body or a response: what it holds per media type. */
const WithContent = z.looseObject({ content: MediaTypes.optional() });
/** An operation; its parameters, request body and responses may be `$ref`s, resolved where they are read. */
const Operation = z.looseObject({
  operationId: z.string().min(1).max(100),
  summary: z.string().optional(),
  'x-required-scope': z.string().optional(),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  parameters: z.array(z.unknown()).optional(),
  requestBody: z.unknown().optional(),
  responses: z.record(z.string(), z.unknown()).optional(),
});
/** The document as read: paths → path item (or its $ref). Other members are ignored, never trusted. */
export const OpenApiDocument = z.looseObject({ paths: z.record(z.string(), z.unknown()) });

const METHODS = ['get', 'patch', 'post'] as const;

/** One operation of the document, with what the explorer needs of it. */
export interface DocOperation extends DescribedOperation {
  summary: string;
  pathParams: string[];
  query: { name: string; required: boolean; description: string | null; schema: unknown }[];
  requestSchema: unknown;
  responseSchema: unknown;
  /** The 200 answer's schema as written (maybe a `$ref`): read deeper only for an area's own reads. */
  answerNode: unknown;
}

/** A field that holds ids of another list's records, and that list. */
interface Link {
  target: DocOperation;
  label: string | null;
}

/** How one area is called (main-only): never sent to the renderer. */
interface AreaWire {
  list: DocOperation | null;
  single: DocOperation | null;
  getOne: (DocOperation & { idParam: string }) | null;
  update: (DocOperation & { idParam: string | null; fields: Field[] }) | null;
  filters: Field[];
  /** Field → the list that names its ids (declared with `x-references`, ./openapi-links.ts). */
  links: Map<string, Link>;
}

export interface ExplorerCatalog {
  areas: ExplorerArea[];
  /** Every operation id the document offers (business and OAuth): what reading the document found. */
  operationIds: string[];
  wire: Map<ExplorerAreaId, AreaWire>;
}

const SCOPES = new Set<string>(ALL_SCOPES);
/** The paging parameters: the adapter's business, never shown as filters. */
const PAGING = new Set(['limit', 'cursor']);

function scopeOf(operation: z.infer<typeof Operation>): Scope | null {
  const named = operation['x-required-scope'] ?? (operation.security ?? []).flatMap((r) => Object.values(r).flat())[0];
  return named && SCOPES.has(named) ? (named as Scope) : null;
}

function jsonSchemaOf(content: z.infer<typeof MediaTypes> | undefined): unknown {
  if (!content) return undefined;
  const entry = Object.entries(content).find(([type]) => type === 'application/json' || type.endsWith('+json'));
  return entry?.[1].schema;
}

// How deep each schema is read (see DocumentRefs.schema): a body's properties and their anyOf (X or null);
// an answer's top properties (is it a page?); a parameter's anyOf.
const BODY_DEPTH = 2;
const ANSWER_DEPTH = 1;
const PARAMETER_DEPTH = 1;
// An area's records, for what their fields declare: a page's data → items → properties → anyOf or items.
const RECORD_DEPTH = 4;

/** The parameters of an operation: its path item's, then its own (which win by name and place). */
function parametersOf(refs: DocumentRefs, shared: unknown, own: unknown): z.infer<typeof Parameter>[] {
  const listed = [...(Array.isArray(shared) ? shared : []), ...(Array.isArray(own) ? own : [])];
  const byKey = new Map<string, z.infer<typeof Parameter>>();
  for (const entry of listed) {
    const ok = Parameter.safeParse(refs.resolve(entry));
    if (ok.success) byKey.set(`${ok.data.in} ${ok.data.name}`, ok.data);
  }
  return [...byKey.values()];
}

/**
 * Every operation of the document that names a known scope, read through its `$ref`s and `allOf`s
 * (./openapi-refs.ts). Unreadable entries are skipped, not fatal.
 */
function operationsOf(raw: unknown): { operations: DocOperation[]; operationIds: string[]; refs: DocumentRefs } {
  const document = OpenApiDocument.parse(raw);
  const refs = new DocumentRefs(raw);
  const operations: DocOperation[] = [];
  const operationIds: string[] = [];
  for (const [path, rawItem] of Object.entries(document.paths)) {
    const item = refs.resolve(rawItem);
    if (!item) continue;
    for (const method of METHODS) {
      const parsed = Operation.safeParse(refs.resolve(item[method]));
      if (!parsed.success) continue;
      operationIds.push(parsed.data.operationId);
      const scope = scopeOf(parsed.data);
      if (!scope || !path.startsWith('/')) continue;
      const parameters = parametersOf(refs, item.parameters, parsed.data.parameters);
      const body = WithContent.safeParse(refs.resolve(parsed.data.requestBody));
      const answer = WithContent.safeParse(refs.resolve(parsed.data.responses?.['200']));
      operations.push({
        operationId: parsed.data.operationId,
        method: method.toUpperCase() as DocOperation['method'],
        path,
        scope,
        summary: parsed.data.summary ?? labelOf(parsed.data.operationId),
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
        query: parameters.filter((p) => p.in === 'query').map((p) => ({
          name: p.name, required: p.required ?? false, description: p.description ?? null,
          schema: p.schema === undefined ? { type: 'string' } : refs.schema(p.schema, PARAMETER_DEPTH),
        })),
        requestSchema: body.success ? refs.schema(jsonSchemaOf(body.data.content), BODY_DEPTH) : undefined,
        responseSchema: answer.success ? refs.schema(jsonSchemaOf(answer.data.content), ANSWER_DEPTH) : undefined,
        answerNode: answer.success ? jsonSchemaOf(answer.data.content) : undefined,
      });
    }
  }
  return { operations, operationIds: [...new Set(operationIds)].sort(), refs };
}

/** A page of records: `{ data: [...], meta: { next_cursor } }`, as the platform's list operations answer. */
function isPage(schema: unknown): boolean {
  const s = z.looseObject({ properties: z.looseObject({ data: z.looseObject({ type: z.literal('array') }), meta: z.unknown() }) }).safeParse(schema);
  return s.success;
}

/** `base/{x}` → x, when `path` is exactly one id segment under `base`. */
function idParamUnder(base: string, path: string): string | null {
  const match = /^\/\{([^}/]+)\}$/.exec(path.slice(base.length));
  return path.startsWith(base) && match ? match[1]! : null;
}

/** A list operation: a GET without path parameters whose answer is a page. */
function isList(o: DocOperation): boolean {
  return o.method === 'GET' && o.pathParams.length === 0 && isPage(o.responseSchema);
}

/** The schema of the records an operation answers with (a page's items, or the one record), read deeper. */
function recordSchemaOf(refs: DocumentRefs, o: DocOperation): unknown {
  const schema = refs.schema(o.answerNode, RECORD_DEPTH);
  const page = z.looseObject({ properties: z.looseObject({ data: z.looseObject({ items: z.unknown() }) }) }).safeParse(schema);
  return isPage(schema) && page.success ? page.data.properties.data.items : schema;
}

/** The areas of the document: per scope area, its list (or single record), get-one and PATCH. */
export function deriveCatalog(raw: unknown): ExplorerCatalog {
  const { operations, operationIds, refs } = operationsOf(raw);
  const lists = new Map(operations.filter(isList).map((o) => [o.operationId, o]));
  const wire = new Map<ExplorerAreaId, AreaWire>();
  const areas: ExplorerArea[] = EXPLORER_AREAS.map(({ id, title }) => {
    const mine = operations.filter((o) => o.scope.split(':')[0] === id);
    const gets = mine.filter((o) => o.method === 'GET');
    // A scope may read several lists (posts:read: the posts and their categories): the area's own is the one
    // its path names, else the first.
    const ownLists = gets.filter(isList);
    const list = ownLists.find((o) => o.path.split('/').at(-1) === id.replaceAll('_', '-')) ?? ownLists[0] ?? null;
    const single = list ? null : (gets.find((o) => o.pathParams.length === 0 && !isPage(o.responseSchema)) ?? null);
    const base = list ?? single;
    let getOne: AreaWire['getOne'] = null;
    let update: AreaWire['update'] = null;
    if (list) {
      for (const o of gets) {
        const idParam = o.pathParams.length === 1 ? idParamUnder(list.path, o.path) : null;
        if (idParam) getOne ??= { ...o, idParam };
      }
    }
    for (const o of mine.filter((m) => m.method === 'PATCH')) {
      const fields = fieldsOf(o.requestSchema);
      if (fields.length === 0 || !base) continue;
      if (single && o.path === single.path) update ??= { ...o, idParam: null, fields };
      const idParam = list && o.pathParams.length === 1 ? idParamUnder(list.path, o.path) : null;
      if (idParam) update ??= { ...o, idParam, fields };
    }
    const filters = list ? list.query.filter((q) => !PAGING.has(q.name)).flatMap((q) => {
      const field = fieldOf(q.name, q.schema, q.required);
      return field ? [{ ...field, description: q.description ?? field.description }] : [];
    }) : [];
    const declared = base ? declaredFields(recordSchemaOf(refs, base)) : declaredFields(null);
    const links = new Map([...declared.references].flatMap(([field, reference]): [string, Link][] => {
      // Only a list the document describes (and the app may call): anything else is shown as the id it is.
      const target = lists.get(reference.operationId);
      return target ? [[field, { target, label: reference.label ?? null }]] : [];
    }));
    const used = new Set([list, single, getOne, update].flatMap((o) => (o ? [o.operationId] : [])));
    wire.set(id, { list, single, getOne, update, filters, links });
    return {
      id,
      title,
      offered: base !== null,
      readScope: base ? (base.scope as Scope) : null,
      shape: list ? 'list' : single ? 'single' : null,
      filters,
      edit: update ? { scope: update.scope as Scope, fields: update.fields, operationId: update.operationId } : null,
      getOne: getOne !== null,
      linked: [...links.keys()],
      choices: declared.choices,
      other: mine.filter((o) => !used.has(o.operationId)).map((o) => ({ operationId: o.operationId, summary: o.summary })),
    };
  });
  return { areas, operationIds, wire };
}

// ---- calls ---------------------------------------------------------------------------------------------

export const PAGE_SIZE = 25;
const Page = z.object({
  data: z.array(JsonRecord),
  meta: z.looseObject({ total: z.int().nonnegative().optional(), next_cursor: z.string().max(2048).nullable().optional() }),
});

export interface ExplorerPage {
  records: ExplorerRecord[];
  total: number | null;
  nextCursor: string | null;
}

/** What calls the platform for an account (ApiClient.callOperation). */
export type OperationCall = <S extends z.ZodType>(spec: DescribedOperation, schema: S, args: { path?: Record<string, string>; query?: Record<string, string | number>; body?: unknown; signal?: AbortSignal }) => Promise<z.output<S>>;

function areaWire(catalog: ExplorerCatalog, area: ExplorerAreaId): AreaWire {
  const wire = catalog.wire.get(area);
  if (!wire || (!wire.list && !wire.single)) {
    throw new AppError('not_found', t('errors:platform.areaNotOffered', { area: EXPLORER_AREAS.find((a) => a.id === area)?.title ?? area }));
  }
  return wire;
}

function describe(o: DocOperation): DescribedOperation {
  return { operationId: o.operationId, method: o.method, path: o.path, scope: o.scope };
}

/** One page of an area's list, with only the filters its operation declares (each checked by its schema). */
export async function listRecords(call: OperationCall, catalog: ExplorerCatalog, area: ExplorerAreaId, filters: Record<string, string>, cursor: string | null, signal?: AbortSignal): Promise<ExplorerPage> {
  const wire = areaWire(catalog, area);
  if (!wire.list) throw new AppError('invalid_input', t('errors:platform.notAList'));
  const query: Record<string, string | number> = { limit: PAGE_SIZE };
  const checked = validatorFor(wire.filters).safeParse(Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '')));
  if (!checked.success) {
    const [name, problem] = Object.entries(problemsOf(checked.error))[0] ?? ['filter', t('errors:platform.notValid')];
    throw new AppError('invalid_input', t('errors:platform.filterProblem', { field: labelOf(name), problem }));
  }
  for (const [name, value] of Object.entries(filters)) if (value !== '') query[name] = value;
  if (cursor) query.cursor = cursor;
  const page = await call(describe(wire.list), Page, { query, ...(signal ? { signal } : {}) });
  return { records: page.data.map(explorerRecord), total: page.meta.total ?? null, nextCursor: page.meta.next_cursor ?? null };
}

/**
 * One record: the single record of the area, its get-one operation, or, where the platform has none, the
 * record found in its list (the explorer then shows what the list holds).
 */
export async function readRecord(call: OperationCall, catalog: ExplorerCatalog, area: ExplorerAreaId, id: string | null, signal?: AbortSignal): Promise<JsonRecord> {
  const wire = areaWire(catalog, area);
  const s = signal ? { signal } : {};
  if (wire.single) return call(describe(wire.single), JsonRecord, s);
  if (id === null) throw new AppError('invalid_input', t('errors:platform.whichRecord'));
  if (wire.getOne) return call(describe(wire.getOne), JsonRecord, { path: { [wire.getOne.idParam]: id }, ...s });
  for await (const page of pagesOf(call, wire.list!, signal)) {
    const found = page.data.find((r) => r.id === id);
    if (found) return found;
  }
  throw new AppError('not_found', t('errors:platform.recordGone'));
}

/** Every page of a list operation, 1,000 records at a time, until its end (or a cursor it gave before). */
async function* pagesOf(call: OperationCall, list: DocOperation, signal?: AbortSignal): AsyncGenerator<z.output<typeof Page>> {
  let cursor: string | null = null;
  const seen = new Set<string>();
  for (;;) {
    const page: z.output<typeof Page> = await call(describe(list), Page, { query: { limit: 1000, ...(cursor ? { cursor } : {}) }, ...(signal ? { signal } : {}) });
    yield page;
    cursor = page.meta.next_cursor ?? null;
    if (cursor === null || page.data.length === 0 || seen.has(cursor)) return;
    seen.add(cursor);
  }
}

/** The most records of a referenced list read for their names (five pages); ids past them show as ids. */
const MAX_NAMED = 5000;

/** The lists an area's fields point into, each once: `key` names it for the cache. */
export function linkedListsOf(catalog: ExplorerCatalog, area: ExplorerAreaId): { key: string; fields: string[]; link: Link }[] {
  const byKey = new Map<string, { key: string; fields: string[]; link: Link }>();
  for (const [field, link] of catalog.wire.get(area)?.links ?? []) {
    const key = `${link.target.operationId} ${link.label ?? ''}`;
    const entry = byKey.get(key) ?? { key, fields: [], link };
    entry.fields.push(field);
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}

/** id → name of the records of a referenced list, read page by page (a record without a name is left out). */
export async function namesOf(call: OperationCall, link: Link, signal?: AbortSignal): Promise<Record<string, string>> {
  const names: Record<string, string> = {};
  let read = 0;
  for await (const page of pagesOf(call, link.target, signal)) {
    for (const record of page.data) {
      const name = link.label ? record[link.label] : namingValueOf(record);
      if (typeof record.id === 'string' && typeof name === 'string' && name.trim() !== '') names[record.id] = name.slice(0, 300);
    }
    read += page.data.length;
    if (read >= MAX_NAMED) break;
  }
  return names;
}

/** The PATCH of an area's record with `changes` (checked by the request schema first). */
export async function updateRecord(call: OperationCall, catalog: ExplorerCatalog, area: ExplorerAreaId, id: string | null, changes: Record<string, unknown>, signal?: AbortSignal): Promise<JsonRecord> {
  const wire = areaWire(catalog, area);
  if (!wire.update) throw new AppError('not_found', t('errors:platform.changeNotOffered'));
  const checked = validatorFor(wire.update.fields).safeParse(changes);
  if (!checked.success) {
    const [name, problem] = Object.entries(problemsOf(checked.error))[0] ?? ['field', t('errors:platform.notValid')];
    throw new AppError('invalid_input', t('errors:platform.fieldProblem', { field: labelOf(name), problem }));
  }
  if (Object.keys(checked.data).length === 0) throw new AppError('invalid_input', t('errors:platform.nothingToChange'));
  const path = wire.update.idParam ? { [wire.update.idParam]: requireId(id) } : {};
  return call(describe(wire.update), JsonRecord, { path, body: checked.data, ...(signal ? { signal } : {}) });
}

/** A platform record with its version: `updated_at` where it carries a valid one. */
export function explorerRecord(fields: JsonRecord): ExplorerRecord {
  const updatedAt = fields.updated_at;
  const version = typeof updatedAt === 'string' && !Number.isNaN(Date.parse(updatedAt)) ? new Date(updatedAt).toISOString() : null;
  return { fields, version };
}

function requireId(id: string | null): string {
  if (id === null) throw new AppError('invalid_input', t('errors:platform.whichRecord'));
  return id;
}
