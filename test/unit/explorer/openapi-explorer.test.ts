// The explorer's areas as derived from the sandbox's real /openapi.json (built from its real routes), and
// from a reduced document (a platform that offers fewer operations); each both as the sandbox writes it by
// default (every schema inline) and as generated documents do (components, $ref, allOf).
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createBusinessRoutes } from '../../sandbox/api';
import { createDemoPlatform } from '../../sandbox/data';
import { buildOpenApi } from '../../sandbox/openapi';
import { deriveCatalog, explorerRecord, listRecords, readRecord, updateRecord, type OperationCall } from '../../../electron/services/platform/openapi-explorer';
import { INITIAL_SCOPES } from '../../../shared/app-scopes';

const routes = createBusinessRoutes(createDemoPlatform({ orders: 50, seed: 3, now: new Date('2026-11-21T00:00:00Z') }));
type Style = 'inline' | 'components';
interface Document {
  paths: Record<string, { parameters?: unknown[]; patch?: { requestBody?: unknown } }>;
  components: { schemas: Record<string, { allOf?: unknown[] }> };
}
const documentOf = (style: Style, omit: string[] = []) => JSON.parse(JSON.stringify(buildOpenApi('http://127.0.0.1:4000', routes, new Set(omit), style))) as Document;
const STYLES: Style[] = ['inline', 'components'];

describe('the sandbox /openapi.json with components', () => {
  const inline = documentOf('inline');
  const components = documentOf('components');

  it('really points at its schemas, parameters, bodies and answers, and composes them with allOf', () => {
    const text = JSON.stringify(components.paths);
    expect(text).not.toContain('"properties"');
    expect(text).not.toContain('"enum"');
    const post = components.paths['/api/v1/posts/{post_id}']!;
    expect(post.parameters).toEqual([{ $ref: '#/components/parameters/PostId' }]);
    expect(post.patch!.requestBody).toEqual({ $ref: '#/components/requestBodies/UpdatePost' });
    const schemas = components.components.schemas;
    expect(schemas.UpdatePostBody!.allOf).toEqual([{ $ref: '#/components/schemas/UpdatePostBodyBase' }, expect.objectContaining({ properties: expect.any(Object) })]);
    expect(schemas.ListPostsResult!.allOf![0]).toEqual({ $ref: '#/components/schemas/Page' });
  });

  it('reads exactly as the inline one: every area, filter, field and operation', () => {
    const a = deriveCatalog(inline);
    const b = deriveCatalog(components);
    expect(a.areas.filter((area) => area.offered).length).toBeGreaterThan(5);
    expect(b.areas).toEqual(a.areas);
    expect(b.operationIds).toEqual(a.operationIds);
    expect(isDeepStrictEqual(inline, components)).toBe(false);
  });
});

describe.each(STYLES)('areas from the sandbox /openapi.json (%s)', (style) => {
  const catalog = deriveCatalog(documentOf(style));
  const area = (id: string) => catalog.areas.find((a) => a.id === id)!;

  it('finds a list, filters and a PATCH form for posts, each with its own scope', () => {
    const posts = area('posts');
    expect(posts).toMatchObject({ offered: true, shape: 'list', readScope: 'posts:read', getOne: false });
    expect(posts.filters).toEqual([expect.objectContaining({ name: 'access', kind: 'enum', options: ['login_required', 'paid', 'public'] })]);
    expect(posts.edit?.scope).toBe('posts:write');
    expect(posts.edit?.fields.map((f) => [f.name, f.kind])).toEqual([['title', 'string'], ['access', 'enum'], ['published', 'boolean']]);
    expect(posts.edit?.fields[0]).toMatchObject({ minLength: 1, maxLength: 200, required: false });
  });

  it('treats the school, appearance and account as single records with their PATCH', () => {
    for (const id of ['school', 'appearance', 'account']) expect(area(id)).toMatchObject({ offered: true, shape: 'single' });
    const appearance = area('appearance').edit!;
    expect(appearance.fields.find((f) => f.name === 'primary_color')).toMatchObject({ kind: 'string', pattern: '^#[0-9a-fA-F]{6}$' });
    expect(appearance.fields.find((f) => f.name === 'logo_url')).toMatchObject({ kind: 'string', nullable: true, format: 'uri' });
    expect(area('digital_products').edit!.fields.find((f) => f.name === 'price')).toMatchObject({ kind: 'integer', minimum: 0 });
  });

  it('lists what it cannot drive instead of hiding it: storage (a create) and curriculum (needs a course)', () => {
    expect(area('storage')).toMatchObject({ offered: false, shape: null, other: [expect.objectContaining({ operationId: 'createUpload' })] });
    expect(area('curriculum').offered).toBe(false);
    expect(area('curriculum').other.map((o) => o.operationId).sort()).toEqual(['getCurriculum', 'updateCurriculumSection']);
    expect(area('forms')).toMatchObject({ offered: true, shape: 'list', edit: null });
  });

  it('reports every operation the document offers', () => {
    expect(catalog.operationIds).toEqual(expect.arrayContaining(['listPosts', 'updatePost', 'getOpenApi', 'createCoupon']));
  });
});

it('asks for no explorer scope at sign-in, and no write scope at all', () => {
  expect(INITIAL_SCOPES.filter((s) => s.endsWith(':write'))).toEqual([]);
});

describe.each(STYLES)('a reduced /openapi.json (%s)', (style) => {
  const catalog = deriveCatalog(documentOf(style, ['updatePost', 'listPages', 'updatePage', 'getAppearance']));
  const area = (id: string) => catalog.areas.find((a) => a.id === id)!;

  it('drops the edit form, or the whole area, with the operations the document lacks', () => {
    expect(area('posts')).toMatchObject({ offered: true, edit: null });
    expect(area('pages').offered).toBe(false);
    // A PATCH without anything to read is not offered either: the form needs the record first.
    expect(area('appearance')).toMatchObject({ offered: false, edit: null, other: [expect.objectContaining({ operationId: 'updateAppearance' })] });
    expect(catalog.operationIds).not.toContain('updatePost');
  });

  it('refuses to call an operation the document does not describe', async () => {
    const calls: string[] = [];
    const call: OperationCall = async (spec) => {
      calls.push(spec.operationId);
      return { data: [], meta: {} } as never;
    };
    await expect(listRecords(call, catalog, 'pages', {}, null)).rejects.toThrow(/does not offer Pages/);
    await expect(updateRecord(call, catalog, 'posts', 'post_1', { title: 'x' })).rejects.toThrow(/does not offer a change/);
    expect(calls).toEqual([]);
  });
});

describe.each(STYLES)('calls through the document (%s)', (style) => {
  const catalog = deriveCatalog(documentOf(style));

  it('sends only declared filters, checked by their schema, and the cursor as given', async () => {
    const seen: unknown[] = [];
    const call: OperationCall = async (spec, _schema, args) => {
      seen.push({ path: spec.path, method: spec.method, ...args });
      return { data: [{ id: 'p1', title: 'A' }], meta: { total: 30, next_cursor: 'abc' } } as never;
    };
    const page = await listRecords(call, catalog, 'posts', { access: 'paid' }, 'c1');
    expect(page).toEqual({ records: [{ fields: { id: 'p1', title: 'A' }, version: null }], total: 30, nextCursor: 'abc' });
    expect(seen).toEqual([{ path: '/api/v1/posts', method: 'GET', query: { limit: 25, access: 'paid', cursor: 'c1' } }]);
    await expect(listRecords(call, catalog, 'posts', { access: 'secret' }, null)).rejects.toThrow(/Filter Access: must be one of/);
    await expect(listRecords(call, catalog, 'posts', { path: '/etc' }, null)).rejects.toThrow(/Filter Path: is not a field/);
  });

  it('finds a record without a get-one operation in its list, and PATCHes it at its own path', async () => {
    const pages = [
      { data: [{ id: 'l1', name: 'One' }], meta: { next_cursor: 'n' } },
      { data: [{ id: 'l2', name: 'Two' }], meta: { next_cursor: null } },
    ];
    const paths: string[] = [];
    const call: OperationCall = async (spec, _schema, args) => {
      paths.push(`${spec.method} ${spec.path} ${JSON.stringify(args.path ?? {})} ${JSON.stringify(args.body ?? null)}`);
      return (spec.method === 'PATCH' ? { id: 'l2', name: 'Deux' } : pages.shift()) as never;
    };
    expect(await readRecord(call, catalog, 'lecturers', 'l2')).toEqual({ id: 'l2', name: 'Two' });
    await updateRecord(call, catalog, 'lecturers', 'l2', { name: 'Deux' });
    expect(paths.at(-1)).toBe('PATCH /api/v1/lecturers/{lecturer_id} {"lecturer_id":"l2"} {"name":"Deux"}');
    await expect(updateRecord(call, catalog, 'lecturers', 'l2', { name: '' })).rejects.toThrow(/Name: must not be empty/);
  });

  it("gives each record its version from the platform's updated_at, as a UTC instant, and none when it has no valid one", () => {
    expect(explorerRecord({ id: 'p1', updated_at: '2026-05-01T09:00:00+08:00' })).toEqual({ fields: { id: 'p1', updated_at: '2026-05-01T09:00:00+08:00' }, version: '2026-05-01T01:00:00.000Z' });
    expect(explorerRecord({ id: 'p1', updated_at: 'yesterday' }).version).toBeNull();
    expect(explorerRecord({ id: 'p1' }).version).toBeNull();
  });
});
