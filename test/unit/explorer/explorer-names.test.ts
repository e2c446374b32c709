// explorer.names as the main process answers it: the names of the records an area's fields point at, read
// through the sandbox's own routes once per list (not per row), kept in the encrypted offline cache like every
// read, and left out (ids shown, no error) where the document declares no link or the list cannot be read.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformCaller } from '../../../electron/services/api/platform-caller';
import { createExplorer } from '../../../electron/services/explorer/handlers';
import { memoryLogger } from '../../../electron/services/log';
import { KeyFileCipher } from '../../../electron/services/store/key-file-cipher';
import { QueryCache } from '../../../electron/services/store/query-cache';
import { AppError } from '../../../shared/errors';
import { ALL_SCOPES } from '../../../shared/scopes';
import { createBusinessRoutes } from '../../sandbox/api';
import { createDemoPlatform } from '../../sandbox/data';
import { buildOpenApi } from '../../sandbox/openapi';

const ACCOUNT = 'https://school.example.test#admin-1';
const platform = createDemoPlatform({ orders: 50, seed: 3, now: new Date('2026-11-21T00:00:00Z') });
const routes = createBusinessRoutes(platform);
const school = platform.schools.find((s) => s.currency === 'TWD') ?? platform.schools[0]!;
const categories = Object.fromEntries(platform.data.get(school.id)!.catalog.postCategories.map((c) => [c.id, c.name]));

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'explorer-names-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Rig {
  names(area: 'posts' | 'membership_plans'): Promise<{ data: { names: Record<string, Record<string, string>> }; fromCache: boolean }>;
  calls: string[];
  state: { offline: boolean; denied: Set<string> };
}

/** The explorer's handlers over the sandbox's routes for the TWD school; `document` is what /openapi.json says. */
async function rig(document: unknown = buildOpenApi('http://127.0.0.1:4000', routes)): Promise<Rig> {
  const calls: string[] = [];
  const state = { offline: false, denied: new Set<string>() };
  const caller: PlatformCaller = {
    call: () => Promise.reject(new Error('not used by the explorer')),
    paginate: () => Promise.reject(new Error('not used by the explorer')),
    openApiDocument: async () => JSON.parse(JSON.stringify(document)),
    async callOperation(_accountId, spec, schema, args = {}) {
      if (state.offline) throw new AppError('offline', 'school.example.test cannot be reached right now.');
      if (state.denied.has(spec.scope)) throw new AppError('insufficient_scope', `needs ${spec.scope}`, { missingScopes: [spec.scope] });
      calls.push(spec.operationId);
      const route = routes.find((r) => r.operationId === spec.operationId)!;
      const query = new URLSearchParams(Object.entries(args.query ?? {}).map(([k, v]) => [k, String(v)]));
      const answer = await route.handle({ caller: { schoolId: school.id, adminId: platform.admin.id, scopes: new Set(ALL_SCOPES) }, params: args.path ?? {}, query, body: args.body });
      return schema.parse(JSON.parse(JSON.stringify(answer.body)));
    },
  };
  const cache = new QueryCache({ dir: join(dir, 'query-cache'), cipher: await KeyFileCipher.open(join(dir, 'keys')), appVersion: '1', logger: memoryLogger() });
  const { handlers } = createExplorer({ caller, cache, emit: () => undefined, logger: memoryLogger() });
  const signal = new AbortController().signal;
  return { calls, state, names: (area) => handlers['explorer.names']({ accountId: ACCOUNT, area }, { signal } as never) as never };
}

describe('explorer.names', () => {
  it("names a post's category and a plan's categories from one read of the platform's list each", async () => {
    const r = await rig();
    expect((await r.names('posts')).data.names).toEqual({ category_id: categories });
    expect((await r.names('membership_plans')).data.names).toEqual({ post_category_ids: categories });
    expect(r.calls).toEqual(['listPostCategories', 'listPostCategories']);
  });

  it('answers from the offline cache when the platform is out of reach, as every read does', async () => {
    const r = await rig();
    await r.names('posts');
    r.state.offline = true;
    expect(await r.names('posts')).toMatchObject({ data: { names: { category_id: categories } }, fromCache: true });
  });

  it('shows the ids (no names, no error) where the list cannot be read, or the document declares no link', async () => {
    const denied = await rig();
    denied.state.denied.add('posts:read');
    expect((await denied.names('membership_plans')).data.names).toEqual({});
    const offline = await rig();
    offline.state.offline = true;
    expect((await offline.names('posts')).data.names).toEqual({});

    const bare = JSON.parse(JSON.stringify(buildOpenApi('http://127.0.0.1:4000', routes), (key, value: unknown) => (key === 'x-references' ? undefined : value)));
    const plain = await rig(bare);
    expect((await plain.names('posts')).data.names).toEqual({});
    expect(plain.calls).toEqual([]);
  });
});
