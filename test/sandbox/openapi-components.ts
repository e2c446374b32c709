// /openapi.json as generators write it (SandboxOptions.openApiComponents): the same API as the inline document,
// but every schema with more than a bare type, every parameter, request body and response defined once under
// `components` and pointed at with `$ref` (identical ones shared, as a generator shares `Post`); objects
// composed with `allOf` (a page is the shared page envelope plus its data, an object its first properties as
// a base plus the rest); a schema's description beside its `$ref` (OpenAPI 3.1); path parameters on the path
// item. The app must read it exactly as the inline one (test/unit/explorer, test/e2e/explorer-edit.spec.ts).
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const pascal = (text: string) => text.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_m, _sep, c: string) => c.toUpperCase());

type Section = 'schemas' | 'parameters' | 'requestBodies' | 'responses';

class Components {
  readonly sections: Record<Section, Json> = { schemas: {}, parameters: {}, requestBodies: {}, responses: {} };
  private readonly named = new Map<string, string>();

  constructor(existing: Json) {
    for (const [section, entries] of Object.entries(existing)) {
      if (section in this.sections && isObject(entries)) Object.assign(this.sections[section as Section], entries);
    }
  }

  /** A `$ref` to `value` under `section`: the same value gets the same name; another value a name of its own. */
  refer(section: Section, name: string, value: Json): Json {
    const key = `${section} ${JSON.stringify(value)}`;
    let chosen = this.named.get(key);
    if (!chosen) {
      chosen = name;
      for (let n = 2; Object.hasOwn(this.sections[section], chosen); n++) chosen = `${name}_${n}`;
      this.sections[section][chosen] = value;
      this.named.set(key, chosen);
    }
    return { $ref: `#/components/${section}/${chosen}` };
  }

  /** `schema` with its parts hoisted into components/schemas (see the top of this file). */
  schema(raw: unknown, name: string): unknown {
    if (!isObject(raw)) return raw;
    const { $schema: _dialect, description, ...schema } = raw;
    const beside = typeof description === 'string' ? { description } : {};
    if (typeof schema.$ref === 'string') return raw;
    if (Array.isArray(schema.anyOf)) return { ...schema, ...beside, anyOf: schema.anyOf.map((member) => (isObject(member) && member.type === 'null' ? member : this.schema(member, name))) };
    if (schema.type === 'array' && schema.items !== undefined) return { ...schema, ...beside, items: this.schema(schema.items, `${name}Item`) };
    if (schema.type === 'object' && isObject(schema.properties)) return { ...this.refer('schemas', name, this.object(schema, name)), ...beside };
    if (Object.keys(schema).some((key) => key !== 'type')) return { ...this.refer('schemas', name, schema), ...beside };
    return raw;
  }

  private object(schema: Json, name: string): Json {
    const { properties, required, additionalProperties: _closed, ...rest } = schema as Json & { properties: Json; required?: string[] };
    const entries = Object.entries(properties).map(([key, value]) => [key, this.schema(value, `${name}${pascal(key)}`)] as const);
    const part = (list: (readonly [string, unknown])[]) => {
      const names = list.map(([key]) => key);
      const needed = (required ?? []).filter((key) => names.includes(key));
      return { type: 'object', properties: Object.fromEntries(list), ...(needed.length > 0 ? { required: needed } : {}) };
    };
    // A page: the shared envelope (its meta) plus this list's data.
    if (entries.some(([key]) => key === 'data') && entries.some(([key]) => key === 'meta')) {
      return { ...rest, allOf: [this.refer('schemas', 'Page', part(entries.filter(([key]) => key !== 'data'))), part(entries.filter(([key]) => key === 'data'))] };
    }
    if (entries.length < 2) return { ...rest, ...part(entries) };
    const half = Math.ceil(entries.length / 2);
    return { ...rest, allOf: [this.refer('schemas', `${name}Base`, part(entries.slice(0, half))), part(entries.slice(half))] };
  }

  content(content: unknown, name: string): unknown {
    if (!isObject(content)) return content;
    return Object.fromEntries(Object.entries(content).map(([type, media]) => [type, isObject(media) && media.schema !== undefined ? { ...media, schema: this.schema(media.schema, name) } : media]));
  }
}

function operationWithRefs(components: Components, operation: Json): Json {
  const id = pascal(String(operation.operationId));
  const out: Json = { ...operation };
  // Path parameters move to the path item (withComponents); query parameters are referred to from here.
  const query = (Array.isArray(operation.parameters) ? operation.parameters : []).filter((p): p is Json => isObject(p) && p.in !== 'path');
  delete out.parameters;
  if (query.length > 0) {
    out.parameters = query.map((p) => {
      const name = pascal(String(p.name));
      return components.refer('parameters', name, { ...p, schema: components.schema(p.schema, name) });
    });
  }
  if (isObject(operation.requestBody)) {
    out.requestBody = components.refer('requestBodies', id, { ...operation.requestBody, content: components.content(operation.requestBody.content, `${id}Body`) });
  }
  if (isObject(operation.responses)) {
    out.responses = Object.fromEntries(Object.entries(operation.responses).map(([status, answer]) => {
      if (!isObject(answer)) return [status, answer];
      const name = status === '200' ? `${id}Ok` : `Status${status}`;
      return [status, components.refer('responses', name, { ...answer, ...(answer.content ? { content: components.content(answer.content, `${id}Result`) } : {}) })];
    }));
  }
  return out;
}

/** The document `buildOpenApi` made, rewritten with components, `$ref` and `allOf` (see the top of this file). */
export function withComponents(document: Json): Json {
  const components = new Components(isObject(document.components) ? document.components : {});
  const paths: Json = {};
  for (const [path, item] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue;
    const shared: Json[] = [];
    const rewritten: Json = {};
    for (const [method, operation] of Object.entries(item)) {
      if (!isObject(operation)) continue;
      for (const p of Array.isArray(operation.parameters) ? operation.parameters : []) {
        if (isObject(p) && p.in === 'path' && !shared.some((s) => s.name === p.name)) shared.push(p);
      }
      rewritten[method] = operationWithRefs(components, operation);
    }
    paths[path] = { ...(shared.length > 0 ? { parameters: shared.map((p) => components.refer('parameters', pascal(String(p.name)), p)) } : {}), ...rewritten };
  }
  return { ...document, paths, components: { ...(isObject(document.components) ? document.components : {}), ...components.sections } };
}
