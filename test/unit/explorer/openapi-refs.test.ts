// $ref and allOf in the platform's /openapi.json (electron/services/platform/openapi-refs.ts): read through
// pointers inside the document only, never fetched from elsewhere; cycles, loops and documents built to
// explode end in bounded time with a clear answer.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deriveCatalog } from '../../../electron/services/platform/openapi-explorer';
import { MAX_SCHEMA_NODES, mergeSchemas } from '../../../electron/services/platform/openapi-refs';
import { isAppError } from '../../../shared/errors';

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const page = { type: 'object', properties: { data: { type: 'array', items: { type: 'object' } }, meta: { type: 'object' } } };

/** Lecturers: a list and a PATCH of one, whose request body is `body`, beside `components`. */
function lecturers(body: unknown, components: Record<string, unknown> = {}, listParameters: unknown[] = []): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    paths: {
      '/api/v1/lecturers': { get: { operationId: 'listLecturers', 'x-required-scope': 'lecturers:read', parameters: listParameters, responses: { '200': json(page) } } },
      '/api/v1/lecturers/{lecturer_id}': { patch: { operationId: 'updateLecturer', 'x-required-scope': 'lecturers:write', requestBody: json(body) } },
    },
    components,
  };
}
const area = (document: unknown) => deriveCatalog(document).areas.find((a) => a.id === 'lecturers')!;
const fields = (document: unknown) => area(document).edit?.fields.map((f) => [f.name, f.kind]) ?? [];

describe('pointers inside the document', () => {
  it('follows JSON pointers with ~1, ~0 and percent escapes, and array indexes', () => {
    const schemas = {
      'a/b': { type: 'object', properties: { name: { $ref: '#/components/schemas/x~0y' } } },
      'x~y': { type: 'string', maxLength: 9 },
      'with space': { type: 'boolean' },
      list: [{ type: 'integer', minimum: 1 }],
    };
    const body = { allOf: [{ $ref: '#/components/schemas/a~1b' }, { properties: { live: { $ref: '#/components/schemas/with%20space' }, rank: { $ref: '#/components/schemas/list/0' } } }] };
    expect(area(lecturers(body, { schemas })).edit!.fields).toEqual([
      expect.objectContaining({ name: 'name', kind: 'string', maxLength: 9 }),
      expect.objectContaining({ name: 'live', kind: 'boolean' }),
      expect.objectContaining({ name: 'rank', kind: 'integer', minimum: 1 }),
    ]);
  });

  it('reads a path item, its shared parameters, and parameters, bodies and answers by reference', () => {
    const document = {
      paths: {
        '/api/v1/posts': { $ref: '#/components/pathItems/Posts' },
        '/api/v1/posts/{post_id}': {
          parameters: [{ $ref: '#/components/parameters/PostId' }],
          patch: { operationId: 'updatePost', 'x-required-scope': 'posts:write', requestBody: { $ref: '#/components/requestBodies/Post' } },
        },
      },
      components: {
        pathItems: {
          Posts: {
            parameters: [{ $ref: '#/components/parameters/Access' }],
            get: { operationId: 'listPosts', 'x-required-scope': 'posts:read', responses: { '200': { $ref: '#/components/responses/PostPage' } } },
          },
        },
        parameters: {
          PostId: { name: 'post_id', in: 'path', required: true, schema: { type: 'string' } },
          Access: { name: 'access', in: 'query', description: 'Who can read it', schema: { $ref: '#/components/schemas/Access' } },
        },
        requestBodies: { Post: json({ $ref: '#/components/schemas/PostChange' }) },
        responses: { PostPage: { description: 'A page', ...json({ allOf: [{ $ref: '#/components/schemas/Page' }, { properties: { data: { type: 'array' } } }] }) } },
        schemas: {
          Access: { type: 'string', enum: ['paid', 'public'] },
          Page: { type: 'object', properties: { meta: { type: 'object' } } },
          PostChange: { type: 'object', properties: { title: { type: 'string', minLength: 1 }, access: { $ref: '#/components/schemas/Access', description: 'Who can read it' } } },
        },
      },
    };
    const posts = deriveCatalog(document).areas.find((a) => a.id === 'posts')!;
    expect(posts).toMatchObject({ offered: true, shape: 'list' });
    expect(posts.filters).toEqual([expect.objectContaining({ name: 'access', kind: 'enum', options: ['paid', 'public'], description: 'Who can read it' })]);
    expect(posts.edit!.fields).toEqual([
      expect.objectContaining({ name: 'title', kind: 'string', minLength: 1 }),
      expect.objectContaining({ name: 'access', kind: 'enum', description: 'Who can read it' }),
    ]);
  });
});

describe('what is never followed', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads a $ref to another file or address as an empty schema, without any request', () => {
    const fetched = vi.spyOn(globalThis, 'fetch');
    const body = { type: 'object', properties: {
      remote: { $ref: 'https://schemas.example.test/name.json' },
      file: { $ref: 'file:///etc/passwd' },
      relative: { $ref: 'common.yaml#/components/schemas/Name' },
      anchor: { $ref: '#name' },
      kept: { type: 'string' },
    } };
    // Synchronous: reading the document cannot wait on a file or the network.
    const catalog = deriveCatalog(lecturers(body));
    expect(catalog).not.toBeInstanceOf(Promise);
    expect(fields(lecturers(body))).toEqual([['kept', 'string']]);
    expect(fetched).not.toHaveBeenCalled();
  });

  it('does not read inherited members of a pointer (__proto__, constructor)', () => {
    const body = { type: 'object', properties: { a: { $ref: '#/__proto__' }, b: { $ref: '#/components/constructor' }, c: { type: 'boolean' } } };
    expect(fields(lecturers(body))).toEqual([['c', 'boolean']]);
  });
});

describe('cycles and loops', () => {
  it('reads a schema that contains itself as far as the explorer reads, with its scalar fields', () => {
    const schemas = {
      Category: { type: 'object', properties: { name: { type: 'string' }, parent: { anyOf: [{ $ref: '#/components/schemas/Category' }, { type: 'null' }] }, children: { type: 'array', items: { $ref: '#/components/schemas/Category' } } } },
      SelfAllOf: { allOf: [{ $ref: '#/components/schemas/SelfAllOf' }, { properties: { rank: { type: 'integer' } } }] },
      A: { $ref: '#/components/schemas/B' },
      B: { $ref: '#/components/schemas/A' },
    };
    expect(fields(lecturers({ $ref: '#/components/schemas/Category' }, { schemas }))).toEqual([['name', 'string']]);
    expect(fields(lecturers({ $ref: '#/components/schemas/SelfAllOf' }, { schemas }))).toEqual([['rank', 'integer']]);
    expect(fields(lecturers({ type: 'object', properties: { loop: { $ref: '#/components/schemas/A' }, ok: { type: 'string' } } }, { schemas }))).toEqual([['ok', 'string']]);
  });

  it('skips a parameter or request body whose $ref loops', () => {
    const components = {
      parameters: { P: { $ref: '#/components/parameters/Q' }, Q: { $ref: '#/components/parameters/P' } },
      requestBodies: { R: { $ref: '#/components/requestBodies/R' } },
    };
    const document = lecturers({}, components, [{ $ref: '#/components/parameters/P' }, { name: 'active', in: 'query', schema: { type: 'boolean' } }]);
    (document.paths as Record<string, Record<string, Record<string, unknown>>>)['/api/v1/lecturers/{lecturer_id}']!.patch!.requestBody = { $ref: '#/components/requestBodies/R' };
    expect(area(document)).toMatchObject({ offered: true, edit: null, filters: [expect.objectContaining({ name: 'active' })] });
  });

  it('does not overflow the stack on allOf nested ten thousand deep or a $ref chain of a thousand', () => {
    let nested: unknown = { type: 'object', properties: { deep: { type: 'string' } } };
    for (let i = 0; i < 10_000; i++) nested = { allOf: [nested] };
    const chain: Record<string, unknown> = { S1000: { type: 'string' } };
    for (let i = 0; i < 1000; i++) chain[`S${i}`] = { $ref: `#/components/schemas/S${i + 1}` };
    const body = { type: 'object', properties: { chained: { $ref: '#/components/schemas/S0' }, near: { $ref: '#/components/schemas/S995' } } };
    expect(fields(lecturers(nested))).toEqual([]);
    expect(fields(lecturers(body, { schemas: chain }))).toEqual([['near', 'string']]);
  });

  it('refuses a document built to unfold exponentially (allOf doubling at each level), in bounded work', () => {
    const schemas: Record<string, unknown> = { L0: { type: 'object', properties: { x: { type: 'string' } } } };
    for (let i = 1; i <= 40; i++) schemas[`L${i}`] = { allOf: [{ $ref: `#/components/schemas/L${i - 1}` }, { $ref: `#/components/schemas/L${i - 1}` }] };
    let caught: unknown = null;
    try {
      deriveCatalog(lecturers({ $ref: '#/components/schemas/L40' }, { schemas }));
    } catch (error) {
      caught = error;
    }
    expect(isAppError(caught) && caught.code).toBe('bad_response');
    expect((caught as Error).message).toContain(`more than ${MAX_SCHEMA_NODES} schemas`);
    // Twelve doublings (4 096 copies) is a lot for a real document but within the bound: it reads.
    expect(fields(lecturers({ $ref: '#/components/schemas/L12' }, { schemas }))).toEqual([['x', 'string']]);
  });
});

describe('allOf', () => {
  it('joins properties and required, keeps the tighter bounds, intersects types and enums', () => {
    expect(mergeSchemas([
      { type: ['string', 'null'], minLength: 1, maxLength: 200, enum: ['a', 'b', 'c'], description: 'first', required: ['x'], properties: { x: { type: 'string', maxLength: 5 } } },
      { type: 'string', minLength: 3, maxLength: 100, enum: ['b', 'c', 'd'], description: 'second', required: ['y'], properties: { x: { minLength: 2 }, y: { type: 'integer' } } },
    ])).toEqual({
      type: 'string', minLength: 3, maxLength: 100, enum: ['b', 'c'], description: 'first', required: ['x', 'y'],
      properties: { x: { type: 'string', maxLength: 5, minLength: 2 }, y: { type: 'integer' } },
    });
  });

  it('reads OpenAPI 3.0 nullable, also beside a $ref', () => {
    const schemas = { Url: { type: 'string', format: 'uri' } };
    const body = { type: 'object', required: ['site'], properties: { site: { allOf: [{ $ref: '#/components/schemas/Url' }], nullable: true }, bio: { type: 'string', nullable: true } } };
    expect(area(lecturers(body, { schemas })).edit!.fields).toEqual([
      expect.objectContaining({ name: 'site', kind: 'string', format: 'uri', nullable: true, required: true }),
      expect.objectContaining({ name: 'bio', kind: 'string', nullable: true }),
    ]);
  });
});
