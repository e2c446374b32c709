// npm start's demo platform remembers its port and its OAuth state in the data folder, comes back at the
// same address, and starts elsewhere (saying where it was) when another program took the port.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { demoJournalFile, demoStateFile, startDemoDefault, type DemoDefault } from '../../sandbox/demo-default';
import { tokenDigest } from '../../sandbox/oauth/tokens-store';
import { ALL_SCOPES } from '../../../shared/scopes';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sc-demo-'));
  dirs.push(dir);
  return dir;
}

async function register(url: string): Promise<string> {
  const response = await fetch(`${url}/api/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ application_type: 'native', redirect_uris: ['http://127.0.0.1/oauth/callback'], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], client_name: 'Test' }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { client_id: string }).client_id;
}

/** Whether the platform still knows the client: its consent page shows, instead of "Unknown application". */
async function knowsClient(url: string, clientId: string): Promise<boolean> {
  const query = new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: 'http://127.0.0.1:5000/oauth/callback', scope: 'openid', code_challenge: 'a'.repeat(43), code_challenge_method: 'S256' });
  const response = await fetch(`${url}/oauth/authorize?${query}`);
  return response.status === 200;
}

describe('startDemoDefault', () => {
  it('comes back at the same address with the clients it knew, and keeps its state user-only on disk', async () => {
    const dir = dataDir();
    const first = await startDemoDefault({ dataDir: dir, orders: 50, quiet: true });
    const clientId = await register(first.sandbox.url);
    await first.close();

    const second = await startDemoDefault({ dataDir: dir, orders: 50, quiet: true });
    try {
      expect(second.sandbox.url).toBe(first.sandbox.url);
      expect(second.movedFrom).toBeNull();
      expect(second.formerAddresses).toEqual([]);
      expect(await knowsClient(second.sandbox.url, clientId)).toBe(true);
    } finally {
      await second.close();
    }
    if (process.platform !== 'win32') expect(statSync(demoStateFile(dir)).mode & 0o777).toBe(0o600);
    expect(readFileSync(demoStateFile(dir), 'utf8')).not.toMatch(/sbx_(at|rt)_/);
  });

  it('starts elsewhere when its port is taken, says where it was, and keeps the new port', async () => {
    const dir = dataDir();
    const first = await startDemoDefault({ dataDir: dir, orders: 50, quiet: true });
    const clientId = await register(first.sandbox.url);
    await first.close();

    const squatter = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => squatter.listen(first.sandbox.port, '127.0.0.1', resolve));
    let movedUrl: string;
    try {
      const moved = await startDemoDefault({ dataDir: dir, orders: 50, quiet: true });
      movedUrl = moved.sandbox.url;
      expect(moved.movedFrom).toBe(first.sandbox.url);
      expect(moved.sandbox.url).not.toBe(first.sandbox.url);
      expect(moved.formerAddresses).toEqual([first.sandbox.url]);
      // The same platform: it still knows the app's registration.
      expect(await knowsClient(moved.sandbox.url, clientId)).toBe(true);
      await moved.close();
    } finally {
      await new Promise<void>((resolve) => squatter.close(() => resolve()));
    }

    const again = await startDemoDefault({ dataDir: dir, orders: 50, quiet: true });
    try {
      expect(again.sandbox.url).toBe(movedUrl);
      expect(again.movedFrom).toBeNull();
      expect(again.formerAddresses).toEqual([first.sandbox.url]);
    } finally {
      await again.close();
    }
  });

  it('refuses to start a second time on the same data folder while the first still runs, and says so', async () => {
    const dir = dataDir();
    const first = await startDemoDefault({ dataDir: dir, orders: 50, quiet: true });
    await first.close();
    // Started again: the state now names a port, which the running one holds.
    const running = await startDemoDefault({ dataDir: dir, orders: 50, quiet: true });
    try {
      await expect(startDemoDefault({ dataDir: dir, orders: 50, quiet: true })).rejects.toThrow(
        `School Companion is already running with this data folder (its demo platform answers at ${running.sandbox.url}).`,
      );
    } finally {
      await running.close();
    }
  });

  it('sets a damaged state file aside and starts fresh', async () => {
    const dir = dataDir();
    const first = await startDemoDefault({ dataDir: dir, orders: 50, quiet: true });
    await first.close();
    writeFileSync(demoStateFile(dir), '{"version":1,"port":"nope"');
    const fresh = await startDemoDefault({ dataDir: dir, orders: 50, quiet: true });
    try {
      expect(fresh.movedFrom).toBeNull();
      expect(JSON.parse(readFileSync(demoStateFile(dir), 'utf8')).port).toBe(fresh.sandbox.port);
    } finally {
      await fresh.close();
    }
  });
});

// ---- What the admin changed in the demo school survives a restart (its change journal), until a reset.

const TOKEN = 'sbx_at_unit-test-token-for-the-demo-platform-0000000000';
const DAY = 86_400_000;

/** Gives the platform a signed-in app (a client and a grant with every scope) whose access token is TOKEN, as if it had signed in before. */
function signedInBefore(dir: string): void {
  const state = JSON.parse(readFileSync(demoStateFile(dir), 'utf8'));
  const resource = state.oauth.baseUrl as string;
  state.oauth.clients.push({ clientId: 'unit-client', secretHash: null, authMethod: 'none', redirectUris: ['http://127.0.0.1/cb'], issuedAt: 0, metadata: {} });
  state.oauth.grants.push({ id: 'grant-unit', clientId: 'unit-client', adminId: 'adm_demo', schoolId: 'sch_lumen', scopes: ALL_SCOPES, resource, authTime: 0, revoked: false, accessTokens: [tokenDigest(TOKEN)], currentRefreshToken: null });
  state.oauth.accessTokens.push([tokenDigest(TOKEN), { grantId: 'grant-unit', clientId: 'unit-client', scopes: ALL_SCOPES, resource, expiresAt: Number.MAX_SAFE_INTEGER, revoked: false }]);
  writeFileSync(demoStateFile(dir), JSON.stringify(state));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the platform's answers, read as the test needs them
async function api(demo: DemoDefault, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(`${demo.sandbox.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, json: await response.json() };
}

async function started(dir: string, at: number): Promise<DemoDefault> {
  return startDemoDefault({ dataDir: dir, orders: 300, quiet: true, clock: () => at });
}

describe("the demo school keeps what the admin changed", () => {
  it('replays every write after a restart two days later: same records, same ids and times; a reset drops them and keeps the sign-in', async () => {
    const dir = dataDir();
    const day0 = Date.parse('2026-11-20T09:30:00Z');
    await (await started(dir, day0)).close();
    signedInBefore(dir);

    const first = await started(dir, day0 + 3_600_000);
    const coupon = (await api(first, 'POST', '/coupons', { code: 'KEEPME', kind: 'percent', percent_off: 15 })).json;
    const seededCoupon = (await api(first, 'GET', '/coupons?state=active&limit=1')).json.data[0];
    const disabled = (await api(first, 'POST', `/coupons/${seededCoupon.id}/disable`)).json;
    const student = (await api(first, 'GET', '/students?limit=1')).json.data[0];
    const tagged = (await api(first, 'PATCH', `/students/${student.id}`, { add_tags: ['kept-tag'] })).json;
    const enrolledBefore = (await api(first, 'GET', `/students/${student.id}/enrollments`)).json.data as { id: string; course_id: string }[];
    const course = ((await api(first, 'GET', '/courses?limit=100')).json.data as { id: string }[]).find((c) => !enrolledBefore.some((e) => e.course_id === c.id))!;
    const enrolled = (await api(first, 'POST', `/students/${student.id}/enrollments`, { course_id: course.id, plan_id: null })).json;
    expect(enrolled.id).toMatch(/^enr_/);
    const subscription = (await api(first, 'GET', '/subscriptions?state=active&limit=1')).json.data[0];
    const canceled = (await api(first, 'POST', `/subscriptions/${subscription.id}/cancel`, { at_period_end: false })).json;
    const event = (await api(first, 'GET', '/events?limit=1')).json.data[0];
    const moved = (await api(first, 'PATCH', `/events/${event.id}`, { title: 'Kept title', tickets: [{ id: event.tickets[0].id, capacity: event.tickets[0].capacity + 7 }] })).json;
    expect(first.status().changes).toBe(6);
    await first.close();
    if (process.platform !== 'win32') expect(statSync(demoJournalFile(dir)).mode & 0o777).toBe(0o600);

    const later = await started(dir, day0 + 2 * DAY);
    try {
      expect(later.skippedChanges).toEqual([]);
      expect(later.status()).toMatchObject({ offline: false, changes: 6, dataNow: '2026-11-20T00:00:00.000Z' });
      expect((await api(later, 'GET', `/coupons/${coupon.id}`)).json).toEqual(coupon);
      expect((await api(later, 'GET', `/coupons/${seededCoupon.id}`)).json).toEqual(disabled);
      expect((await api(later, 'GET', `/students/${student.id}`)).json).toMatchObject({ tags: tagged.tags, updated_at: tagged.updated_at });
      expect((await api(later, 'GET', `/students/${student.id}/enrollments/${enrolled.id}`)).json).toEqual(enrolled);
      expect((await api(later, 'GET', `/subscriptions/${subscription.id}`)).json).toEqual(canceled);
      expect((await api(later, 'GET', `/events/${event.id}`)).json).toEqual(moved);

      // Reset: the seeded school of the day, nothing the admin changed, still signed in at the same address.
      const address = later.sandbox.url;
      expect(await later.reset()).toMatchObject({ changes: 0, dataNow: '2026-11-22T00:00:00.000Z', offline: false });
      expect(later.sandbox.url).toBe(address);
      expect((await api(later, 'GET', `/coupons/${coupon.id}`)).status).toBe(404);
      expect((await api(later, 'GET', `/students/${student.id}`)).json.tags).not.toContain('kept-tag');
      expect((await api(later, 'GET', `/subscriptions/${subscription.id}`)).json.state).toBe('active');
    } finally {
      await later.close();
    }
    expect(() => statSync(demoJournalFile(dir))).toThrow();
  });

  it('says when it made its records afresh for another day (what an app saved of them is then wrong), and only then', async () => {
    const dir = dataDir();
    const day0 = Date.parse('2026-11-20T09:30:00Z');
    const runs: { remade: boolean; dataNow: string }[] = [];
    const run = async (at: number, write = false) => {
      const demo = await started(dir, at);
      runs.push({ remade: demo.remade, dataNow: demo.status().dataNow });
      if (write) expect((await api(demo, 'POST', '/coupons', { code: 'KEEPS', kind: 'percent', percent_off: 5 })).status).toBe(201);
      await demo.close();
    };
    await run(day0); // first start: nothing saved anywhere yet
    signedInBefore(dir);
    await run(day0 + 3_600_000); // the same day again
    await run(day0 + DAY); // the next day, nothing changed: made for that day
    await run(day0 + DAY + 60_000, true); // a change: the day is kept from now on
    await run(day0 + 3 * DAY);
    expect(runs).toEqual([
      { remade: false, dataNow: '2026-11-20T00:00:00.000Z' },
      { remade: false, dataNow: '2026-11-20T00:00:00.000Z' },
      { remade: true, dataNow: '2026-11-21T00:00:00.000Z' },
      { remade: false, dataNow: '2026-11-21T00:00:00.000Z' },
      { remade: false, dataNow: '2026-11-21T00:00:00.000Z' },
    ]);
  });

  it('a journal line cut short is left out; the rest is replayed', async () => {
    const dir = dataDir();
    const day0 = Date.parse('2026-11-20T09:30:00Z');
    await (await started(dir, day0)).close();
    signedInBefore(dir);
    const first = await started(dir, day0);
    const a = (await api(first, 'POST', '/coupons', { code: 'FIRSTONE', kind: 'percent', percent_off: 5 })).json;
    const b = (await api(first, 'POST', '/coupons', { code: 'SECONDONE', kind: 'percent', percent_off: 6 })).json;
    await first.close();
    writeFileSync(demoJournalFile(dir), `${readFileSync(demoJournalFile(dir), 'utf8')}{"at":1,"source":"api","opera`);
    const again = await started(dir, day0 + DAY);
    try {
      expect((await api(again, 'GET', `/coupons/${a.id}`)).json.code).toBe('FIRSTONE');
      expect((await api(again, 'GET', `/coupons/${b.id}`)).json.code).toBe('SECONDONE');
    } finally {
      await again.close();
    }
  });

  it('goes offline (connections refused) and comes back with its data and sign-ins as they were', async () => {
    const dir = dataDir();
    const day0 = Date.now();
    await (await started(dir, day0)).close();
    signedInBefore(dir);
    const demo = await started(dir, day0);
    try {
      const coupon = (await api(demo, 'POST', '/coupons', { code: 'OFFLINE1', kind: 'percent', percent_off: 5 })).json;
      expect(await demo.setOffline(true)).toMatchObject({ offline: true });
      await expect(fetch(`${demo.sandbox.url}/.well-known/oauth-protected-resource`)).rejects.toThrow();
      expect(await demo.setOffline(false)).toMatchObject({ offline: false, changes: 1 });
      expect((await api(demo, 'GET', `/coupons/${coupon.id}`)).json).toEqual(coupon);
    } finally {
      await demo.close();
    }
  });
});
