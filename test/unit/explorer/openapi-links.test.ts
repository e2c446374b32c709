// Fields that hold ids of another list's records (`x-references` in /openapi.json): which the explorer finds in
// the sandbox's document, inline and with components, and in documents that declare none or point nowhere; and
// the names read through the sandbox's own routes, one read per list, in the school's language.
import { describe, expect, it } from 'vitest';
import { createBusinessRoutes } from '../../sandbox/api';
import { createDemoPlatform } from '../../sandbox/data';
import { buildOpenApi } from '../../sandbox/openapi';
import { deriveCatalog, linkedListsOf, namesOf, type OperationCall } from '../../../electron/services/platform/openapi-explorer';
import { declaredFields } from '../../../electron/services/platform/openapi-links';
import { ALL_SCOPES } from '../../../shared/scopes';

const platform = createDemoPlatform({ orders: 50, seed: 3, now: new Date('2026-11-21T00:00:00Z') });
const routes = createBusinessRoutes(platform);
const documentOf = (style: 'inline' | 'components', omit: string[] = []) => JSON.parse(JSON.stringify(buildOpenApi('http://127.0.0.1:4000', routes, new Set(omit), style))) as { paths: Record<string, unknown> };

/** Calls the sandbox's route for the operation, for one school, as an admin holding every scope. */
function sandboxCall(schoolId: string, calls: string[] = []): OperationCall {
  return (async (spec, _schema, args) => {
    calls.push(spec.operationId);
    const route = routes.find((r) => r.operationId === spec.operationId)!;
    const query = new URLSearchParams(Object.entries(args.query ?? {}).map(([k, v]) => [k, String(v)]));
    const answer = await route.handle({ caller: { schoolId, adminId: platform.admin.id, scopes: new Set(ALL_SCOPES) }, params: args.path ?? {}, query, body: args.body });
    return JSON.parse(JSON.stringify(answer.body));
  }) as OperationCall;
}

/** The document without any `x-references`: a platform that declares no links. */
function withoutLinks(document: unknown): unknown {
  return JSON.parse(JSON.stringify(document, (key, value: unknown) => (key === 'x-references' ? undefined : value)));
}

describe.each(['inline', 'components'] as const)('the sandbox /openapi.json (%s)', (style) => {
  const catalog = deriveCatalog(documentOf(style));
  const area = (id: string) => catalog.areas.find((a) => a.id === id)!;

  it("finds the fields that hold post categories' ids: a post's one category and a plan's list of them", () => {
    expect(area('posts').linked).toEqual(['category_id']);
    expect(area('membership_plans').linked).toEqual(['post_category_ids']);
    expect(linkedListsOf(catalog, 'posts').map((l) => [l.fields, l.link.target.operationId, l.link.target.path])).toEqual([[['category_id'], 'listPostCategories', '/api/v1/post-categories']]);
    expect(area('lecturers').linked).toEqual([]);
  });

  it("reads the records' declared choices, and keeps the posts' own list though posts:read reads the categories too", () => {
    expect(area('posts').choices).toEqual({ access: ['login_required', 'paid', 'public'] });
    expect(area('membership_plans').choices.kind).toEqual(['recurring', 'fixed_date', 'specific_length', 'lifetime']);
    expect(area('posts')).toMatchObject({ shape: 'list', readScope: 'posts:read' });
    expect(area('posts').other.map((o) => o.operationId)).toEqual(['listPostCategories']);
  });

  it('shows ids as they are where the document declares no link, or links to a list it does not describe', () => {
    const bare = deriveCatalog(withoutLinks(documentOf(style)));
    expect(bare.areas.find((a) => a.id === 'posts')!.linked).toEqual([]);
    expect(linkedListsOf(bare, 'posts')).toEqual([]);
    // Everything else reads the same.
    expect(bare.areas.map(({ linked: _l, ...rest }) => rest)).toEqual(catalog.areas.map(({ linked: _l, ...rest }) => rest));
    const noCategories = deriveCatalog(documentOf(style, ['listPostCategories']));
    expect(noCategories.areas.find((a) => a.id === 'posts')!.linked).toEqual([]);
  });
});

it("the area's own list wins over another list of its scope listed before it", () => {
  const document = documentOf('inline');
  const { '/api/v1/post-categories': categories, ...rest } = document.paths;
  const catalog = deriveCatalog({ ...document, paths: { '/api/v1/post-categories': categories, ...rest } });
  expect(linkedListsOf(catalog, 'posts')).toHaveLength(1);
  expect(catalog.areas.find((a) => a.id === 'posts')!.other.map((o) => o.operationId)).toEqual(['listPostCategories']);
});

describe('names read through the platform', () => {
  const catalog = deriveCatalog(documentOf('components'));

  it("gives each category id its name, in one read of the list, in every school's language", async () => {
    for (const school of platform.schools) {
      const calls: string[] = [];
      const [list] = linkedListsOf(catalog, 'membership_plans');
      const names = await namesOf(sandboxCall(school.id, calls), list!.link);
      const categories = platform.data.get(school.id)!.catalog.postCategories;
      expect(names).toEqual(Object.fromEntries(categories.map((c) => [c.id, c.name])));
      expect(calls).toEqual(['listPostCategories']);
      if (platform.data.get(school.id)!.school.currency === 'TWD') expect(Object.values(names).join('')).toMatch(/\p{Script=Han}/u);
    }
  });

  it("pages through a long list, names by the declared label, and stops at a cursor seen before", async () => {
    const document = documentOf('inline') as { paths: Record<string, { get?: { responses: Record<string, { content: Record<string, { schema: { properties: { data: { items: { properties: Record<string, Record<string, unknown>> } } } } }> }> } }> };
    const post = document.paths['/api/v1/posts']!.get!.responses['200']!.content['application/json']!.schema.properties.data.items.properties;
    post.category_id = { type: ['string', 'null'], 'x-references': { operationId: 'listPostCategories', label: 'slug' } };
    const [list] = linkedListsOf(deriveCatalog(document), 'posts');
    expect(list!.link.label).toBe('slug');
    const pages = [
      { data: [{ id: 'c1', name: 'One', slug: 'one' }, { id: 'c2', name: 'Two' }], meta: { next_cursor: 'p2' } },
      { data: [{ id: 'c3', name: 'Three', slug: 'three' }], meta: { next_cursor: 'p2' } },
      { data: [{ id: 'c4', slug: 'never read' }], meta: { next_cursor: null } },
    ];
    const cursors: unknown[] = [];
    const call = (async (_spec, _schema, args) => {
      cursors.push(args.query?.cursor ?? null);
      return pages.shift();
    }) as OperationCall;
    expect(await namesOf(call, list!.link)).toEqual({ c1: 'one', c3: 'three' });
    expect(cursors).toEqual([null, 'p2']);
  });
});

it('reads a declaration on the value, on a list of them, or on one of its alternatives, and nothing malformed', () => {
  const reference = { 'x-references': { operationId: 'listTags' } };
  const fields = declaredFields({
    properties: {
      one: { type: 'string', ...reference },
      maybe: { anyOf: [{ type: 'string', ...reference }, { type: 'null' }] },
      many: { type: 'array', items: { type: 'string', ...reference } },
      broken: { type: 'string', 'x-references': { operationId: 42 } },
      plain: { type: 'string' },
      state: { anyOf: [{ type: 'string', enum: ['draft', 'published'] }, { type: 'null' }] },
      mixed: { enum: ['a', 1] },
    },
  });
  expect([...fields.references.keys()]).toEqual(['one', 'maybe', 'many']);
  expect(fields.choices).toEqual({ state: ['draft', 'published'] });
  expect(declaredFields('not a schema')).toEqual({ references: new Map(), choices: {} });
});
