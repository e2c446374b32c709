// Issue 11: "moving to a platform whose API differs (other paths, other payloads, GraphQL) means changing that
// module alone." The app's own events handlers (electron/services/events/handlers.ts, unchanged) run against a
// platform with a GraphQL API — one POST /graphql, its own payload shapes, cursor paging, errors in the body —
// with only the events adapter module swapped (graphql-events-platform.ts for platform/events-platform.ts).
// Everything else is the app's real code over real HTTP: OAuth sign-in (AuthService), the API client with its
// bearer token, the offline cache (encrypted QueryCache) and CachedReader.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { ApiClient } from '../../../electron/services/api/api-client';
import { AuthService } from '../../../electron/services/auth/auth-service';
import { CachedReader } from '../../../electron/services/data/cached-read';
import { createEventHandlers } from '../../../electron/services/events/handlers';
import { memoryLogger } from '../../../electron/services/log';
import type * as EventsPlatform from '../../../electron/services/platform/events-platform';
import { QueryCache } from '../../../electron/services/store/query-cache';
import type { AccountView } from '../../../shared/model/accounts';
import { fakeCipher, tempDir } from '../../integration/sign-in/harness';
import { json, redirectingBrowser, startScriptedPlatform, type ScriptedPlatform } from '../sign-in/scripted-platform';

// The one change: this platform's events adapter instead of ours.
vi.mock('../../../electron/services/platform/events-platform', () => import('./graphql-events-platform'));

const PAGE_SIZE = 2;
const happenings = [
  { uid: 'h-3', name: 'Portfolio review', schedule: { begins: '2026-12-10T17:00:00Z', ends: '2026-12-10T18:30:00Z' }, revision: '2026-11-01T09:00:00Z',
    tiers: [{ key: 'std', label: 'Seat', price: { cents: 2500, currency: 'EUR' }, seats: 20, taken: 12 }], roster: { registered: 11, attended: 0, absent: 0, withdrawn: 1 } },
  { uid: 'h-1', name: 'Live Q&A', schedule: { begins: '2026-12-01T16:00:00Z', ends: '2026-12-01T17:00:00Z' }, revision: null,
    tiers: [{ key: 'free', label: 'Free', price: { cents: 0, currency: 'EUR' }, seats: 100, taken: 40 }, { key: 'vip', label: 'VIP', price: { cents: 9900, currency: 'EUR' }, seats: 10, taken: 10 }],
    roster: { registered: 45, attended: 3, absent: 1, withdrawn: 1 } },
  { uid: 'h-2', name: 'Studio tour', schedule: { begins: '2026-12-05T10:00:00Z', ends: '2026-12-05T12:00:00Z' }, revision: '2026-11-02T09:00:00Z',
    tiers: [], roster: { registered: 0, attended: 0, absent: 0, withdrawn: 0 } },
];
const registrations: Record<string, unknown[]> = {
  'h-1': [{ uid: 'r-1', person: { displayName: 'Ana Lima', email: 'ana@example.com' }, tier: { label: 'VIP' }, status: 'ATTENDED', purchasedAt: '2026-11-20T08:00:00Z' }],
};

let platform: ScriptedPlatform;
let dir: { path: string; remove(): Promise<void> };
let account: AccountView;
let api: ApiClient;
let reader: CachedReader;
const asked: string[] = [];

beforeAll(async () => {
  platform = await startScriptedPlatform();
  dir = await tempDir('other-platform-');
  // The other platform's API: GraphQL over one path, answered per operation name, for the token it issued.
  platform.handlers.set('/graphql', (req, _url, res, body) => {
    if (req.method !== 'POST' || req.headers.authorization !== `Bearer ${platform.issued.accessTokens.at(-1)}`) return json(res, 401, { error: 'invalid_token' }, { 'www-authenticate': 'Bearer error="invalid_token"' });
    const { operationName, query, variables } = JSON.parse(body) as { operationName: string; query: string; variables: Record<string, string | null> };
    if (!query.startsWith(`query ${operationName}`)) return json(res, 200, { errors: [{ message: 'operation name does not match the document', extensions: { code: 'BAD_USER_INPUT' } }] });
    asked.push(`${operationName} ${JSON.stringify(variables)}`);
    if (operationName === 'SchoolEvents') {
      const from = variables.after ? Number(variables.after) : 0;
      const nodes = happenings.slice(from, from + PAGE_SIZE);
      const next = from + nodes.length;
      return json(res, 200, { data: { school: { timezone: 'Europe/Lisbon', events: { nodes, pageInfo: { hasNextPage: next < happenings.length, endCursor: String(next) } } } } });
    }
    if (operationName === 'EventRoster') {
      const list = registrations[variables.eventId ?? ''];
      return json(res, 200, list ? { data: { event: { registrations: list } } } : { data: null, errors: [{ message: 'No such event', extensions: { code: 'NOT_FOUND' } }] });
    }
    return json(res, 200, { errors: [{ message: `unknown operation ${operationName}` }] });
  });
  const cipher = fakeCipher();
  const logger = memoryLogger();
  const browser = redirectingBrowser();
  const auth = await AuthService.open({ dataDir: dir.path, cipher, logger, receiverTimeoutMs: 2_000, openExternal: (url) => browser.open(url) });
  account = await auth.connect(platform.url);
  api = new ApiClient(auth, { logger });
  const cache = new QueryCache({ dir: `${dir.path}/query-cache`, cipher, appVersion: '1', logger });
  reader = new CachedReader(cache, () => undefined, logger);
}, 30_000);

afterAll(async () => {
  await platform?.close();
  await dir?.remove();
});

const context = () => ({ signal: new AbortController().signal }) as never;

it('the events handlers show a GraphQL platform\'s events and attendees with only the adapter module changed', async () => {
  const handlers = createEventHandlers(api, reader);

  const list = await handlers['events.list']({ accountId: account.id }, context());
  expect(list.fromCache).toBe(false);
  expect(list.data).toEqual({
    offered: true,
    timeZone: 'Europe/Lisbon',
    events: [
      expect.objectContaining({ id: 'h-1', title: 'Live Q&A', startsAt: '2026-12-01T16:00:00Z', updatedAt: null, capacity: 110, sold: 50, attendees: { enrolled: 45, checkedIn: 3, noShow: 1, cancelled: 1 } }),
      expect.objectContaining({ id: 'h-2', title: 'Studio tour', ticketTypes: [], capacity: 0 }),
      expect.objectContaining({ id: 'h-3', ticketTypes: [{ id: 'std', name: 'Seat', price: 2500, currency: 'EUR', capacity: 20, sold: 12 }] }),
    ],
  });
  // Two pages of the other platform's paging; not one request to the sandbox's REST paths.
  expect(asked).toEqual(['SchoolEvents {"after":null}', 'SchoolEvents {"after":"2"}']);
  expect(Object.keys(platform.hits).filter((p) => p.startsWith('/api/'))).toEqual([]);

  const attendees = await handlers['events.attendees']({ accountId: account.id, eventId: 'h-1' }, context());
  expect(attendees.data).toEqual({ offered: true, attendees: [{ id: 'r-1', name: 'Ana Lima', email: 'ana@example.com', ticketName: 'VIP', status: 'checked_in', boughtAt: '2026-11-20T08:00:00Z' }] });
  // The handlers' own rule for a list the platform does not have holds for this platform's NOT_FOUND too.
  expect((await handlers['events.attendees']({ accountId: account.id, eventId: 'h-9' }, context())).data).toEqual({ offered: false });
});

it('without the swap, the app\'s own adapter finds no events on this platform: the module is what made the difference', async () => {
  const ours = await vi.importActual<typeof EventsPlatform>('../../../electron/services/platform/events-platform');
  await expect(ours.listEvents(api, account.id)).rejects.toMatchObject({ code: 'not_found' });
  expect(platform.hits['/api/v1/events']).toBe(1);
});
