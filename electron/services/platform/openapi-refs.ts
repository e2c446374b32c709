// `$ref` inside the platform's /openapi.json. A generated document defines its schemas, parameters, request
// bodies and responses once under `components` and points at them, and composes schemas with `allOf`; the
// explorer reads through both here, and only as deep as it reads (the fields of a body, whether an answer is a
// page), so a document of a few kilobytes cannot unfold into gigabytes.
//
// Only pointers into the document itself (`#/components/…`) are followed. A `$ref` to another file or address
// reads as an empty schema: nothing here fetches (the code is synchronous and has no I/O). A schema that
// contains itself, a `$ref` chain that loops and `allOf` nested without end read as empty too, and the work of
// one document is capped (MAX_SCHEMA_NODES): past it the document is refused with a clear error.
import { AppError } from '../../../shared/errors';
import { t } from '../../../shared/i18n/i18n';

type Json = Record<string, unknown>;

/** `$ref` → `$ref` → … hops followed for one object. */
const MAX_HOPS = 32;
/** `allOf` and `$ref` levels merged into one schema. */
const MAX_NESTING = 32;
/**
 * Schema nodes one document may unfold into. The explorer reads about 30 per operation (the sandbox's 68
 * unfold into 2 000 with components, 770 inline), so 50 000 is twenty times a large API; far more is a document
 * built to explode (`allOf` doubling at each level), refused after a bounded amount of work.
 */
export const MAX_SCHEMA_NODES = 50_000;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON Schema keywords copied as they are (scalars); everything else but the subschemas below is dropped. */
const SCALAR_KEYWORDS = ['format', 'description', 'pattern', 'nullable', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength'] as const;
/** The extension that says a value is the id of a record of another list operation. */
export const REFERENCES = 'x-references';
const LOWER_BOUNDS = new Set(['minimum', 'exclusiveMinimum', 'minLength']);
const UPPER_BOUNDS = new Set(['maximum', 'exclusiveMaximum', 'maxLength']);

export class DocumentRefs {
  private nodes = 0;
  /** Each pointer is looked up once: a document refers to the same few schemas from everywhere. */
  private readonly targets = new Map<string, unknown>();

  constructor(private readonly root: unknown) {}

  /**
   * The object `node` stands for (a path item, parameter, request body, response): its `$ref` chain followed,
   * the referring object's own members (a description) winning. null when it points nowhere or loops.
   */
  resolve(node: unknown): Json | null {
    let current = node;
    let own: Json = {};
    const seen = new Set<string>();
    for (let hop = 0; hop <= MAX_HOPS; hop++) {
      if (!isObject(current)) return null;
      const ref = current.$ref;
      if (typeof ref !== 'string') return { ...current, ...own };
      if (seen.has(ref)) return null;
      seen.add(ref);
      const { $ref: _ref, ...members } = current;
      own = { ...members, ...own };
      current = this.pointer(ref);
    }
    return null;
  }

  /**
   * The schema at `node` as plain JSON Schema the explorer reads: every `$ref` inside the document followed,
   * `allOf` merged into one schema, only the keywords it uses, and `depth` levels of subschemas (properties,
   * items, anyOf, oneOf) below it. A `$ref` with members beside it means both (OpenAPI 3.1), like `allOf`.
   */
  schema(node: unknown, depth: number): Json {
    return this.expand(node, depth, new Set(), 0);
  }

  private expand(node: unknown, depth: number, active: Set<string>, nesting: number): Json {
    this.count(1);
    if (!isObject(node) || nesting > MAX_NESTING) return {};
    const ref = node.$ref;
    if (typeof ref === 'string') {
      const target = this.pointer(ref);
      // A schema inside itself (a tree of categories) stops here, read as "anything".
      if (target === undefined || active.has(ref)) return {};
      const { $ref: _ref, ...members } = node;
      active.add(ref);
      try {
        return mergeSchemas([this.expand(members, depth, active, nesting + 1), this.expand(target, depth, active, nesting + 1)]);
      } finally {
        active.delete(ref);
      }
    }
    const own = this.keywords(node, depth, active, nesting);
    if (!Array.isArray(node.allOf)) return own;
    return mergeSchemas([own, ...node.allOf.map((member) => this.expand(member, depth, active, nesting + 1))]);
  }

  private keywords(node: Json, depth: number, active: Set<string>, nesting: number): Json {
    const out: Json = {};
    for (const key of SCALAR_KEYWORDS) {
      const value = node[key];
      if (value !== undefined && isScalar(value)) out[key] = value;
    }
    if (typeof node.type === 'string' || (Array.isArray(node.type) && node.type.every((t) => typeof t === 'string'))) out.type = node.type;
    if (Array.isArray(node.required)) out.required = node.required.filter((name) => typeof name === 'string');
    if (Array.isArray(node.enum)) {
      this.count(node.enum.length);
      // An object in an enum is kept as a non-scalar, so the field is known not to be a plain choice.
      out.enum = node.enum.map((value) => (isScalar(value) ? value : {}));
    }
    // The record this value is the id of (docs/explorer.md, "Ids of other records"): kept as the document says it.
    const references = node[REFERENCES];
    if (isObject(references)) out[REFERENCES] = Object.fromEntries(Object.entries(references).filter(([, value]) => isScalar(value)));
    if (depth <= 0) return out;
    const below = (child: unknown) => this.expand(child, depth - 1, active, nesting);
    if (isObject(node.properties)) out.properties = Object.fromEntries(Object.entries(node.properties).map(([name, child]) => [name, below(child)]));
    if (node.items !== undefined) out.items = below(node.items);
    for (const key of ['anyOf', 'oneOf'] as const) {
      const members = node[key];
      if (Array.isArray(members)) out[key] = members.map(below);
    }
    return out;
  }

  /** A JSON pointer into this document (`#/components/schemas/Post`), or undefined for anything else. */
  private pointer(ref: string): unknown {
    if (!this.targets.has(ref)) this.targets.set(ref, this.lookUp(ref));
    return this.targets.get(ref);
  }

  private lookUp(ref: string): unknown {
    if (!ref.startsWith('#')) return undefined; // another document: never fetched
    let fragment: string;
    try {
      fragment = decodeURIComponent(ref.slice(1));
    } catch {
      return undefined;
    }
    if (fragment === '') return this.root;
    if (!fragment.startsWith('/')) return undefined; // a named anchor: not read
    let current: unknown = this.root;
    for (const escaped of fragment.slice(1).split('/')) {
      const token = escaped.replaceAll('~1', '/').replaceAll('~0', '~');
      if (Array.isArray(current) && /^(0|[1-9]\d*)$/.test(token)) current = current[Number(token)];
      else if (isObject(current) && Object.hasOwn(current, token)) current = current[token];
      else return undefined;
    }
    return current;
  }

  private count(n: number): void {
    this.nodes += n;
    if (this.nodes > MAX_SCHEMA_NODES) {
      throw new AppError('bad_response', t('errors:platform.tooManySchemas', { max: MAX_SCHEMA_NODES }));
    }
  }
}

function isScalar(value: unknown): value is string | number | boolean | null {
  return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/**
 * One schema that means all of `schemas` (allOf), as far as the explorer reads: properties and required
 * joined, types and enums intersected, the tighter bound kept; other keywords from the first that has them.
 */
export function mergeSchemas(schemas: Json[]): Json {
  const out: Json = {};
  for (const schema of schemas) {
    for (const [key, value] of Object.entries(schema)) {
      const before = out[key];
      if (before === undefined) out[key] = value;
      else if (key === 'properties' && isObject(before) && isObject(value)) {
        const joined: Json = { ...before };
        for (const [name, child] of Object.entries(value)) joined[name] = isObject(joined[name]) && isObject(child) ? mergeSchemas([joined[name], child]) : child;
        out.properties = joined;
      } else if (key === 'required' && Array.isArray(before) && Array.isArray(value)) out.required = [...new Set([...before, ...value])];
      else if (key === 'type') {
        const kept = [before].flat().filter((t) => [value].flat().includes(t));
        out.type = kept.length === 1 ? kept[0] : kept;
      } else if (key === 'enum' && Array.isArray(before) && Array.isArray(value)) out.enum = before.filter((v) => value.includes(v));
      else if (key === 'nullable') out.nullable = before === true && value === true;
      else if (typeof before === 'number' && typeof value === 'number' && LOWER_BOUNDS.has(key)) out[key] = Math.max(before, value);
      else if (typeof before === 'number' && typeof value === 'number' && UPPER_BOUNDS.has(key)) out[key] = Math.min(before, value);
    }
  }
  return out;
}
