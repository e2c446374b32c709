// The main process only routes while the engine works: the worker syncs 100,000 orders (every page handed over as
// bytes, never parsed here), relays a progress event per page, and answers another call while the sync is still
// running; then it queries and exports them all. How long each step blocks this event loop, at up to 1,000,000
// orders, is the benchmark's to measure (test/bench/engine.ts), not a test's.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineClient } from '../../../electron/services/engine/client/engine-client';
import { memoryLogger } from '../../../electron/services/log';
import { StandInPlatform } from '../../bench/engine';

const SCHOOL = 'https://school.example.test#admin-1';
const COUNT = 100_000;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'engine-responsive-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
});

describe('main process during a large sync', () => {
  it('hands every page to the worker as bytes, relays its progress, and gets answers to other calls while it syncs', { timeout: 300_000 }, async () => {
    const key = randomBytes(32);
    const platform = new StandInPlatform(COUNT);
    // What the platform handed this process for each page: moved to the worker, each is detached here.
    const handed: Uint8Array[] = [];
    const serve = platform.callBytes.bind(platform);
    platform.callBytes = async (...args) => {
      const bytes = await serve(...args);
      handed.push(bytes);
      return bytes;
    };
    const progress: number[] = [];
    let pagesIn: () => void = () => undefined;
    const underWay = new Promise<void>((resolve) => (pagesIn = resolve));
    const engine = new EngineClient({
      caller: platform,
      keyFor: async () => key,
      emit: (event, payload) => {
        if (event !== 'data.progress') return;
        progress.push((payload as { loaded: number }).loaded);
        if ((payload as { loaded: number }).loaded > 0) pagesIn();
      },
      logger: memoryLogger(),
      snapshotDir: join(dir, 'engine'),
    });
    try {
      await engine.call('engine.idle', {}); // the worker is up
      let synced = false;
      const syncing = engine.call('orders.load', { accountId: SCHOOL, mode: 'full', jobId: 'sync' });
      void syncing.finally(() => (synced = true)).catch(() => undefined);
      // Once pages are coming in, another call (as IPC from a window would reach it) is answered before the sync is over.
      await underWay;
      const other = await engine.call('orders.status', { accountId: `${SCHOOL}-other` });
      const answeredWhileSyncing = !synced;
      const sync = await syncing;
      await engine.call('engine.idle', {});
      const query = await engine.call('orders.query', { accountId: SCHOOL, filters: { states: ['paid'] }, sort: { key: 'paidAmount', direction: 'desc' }, offset: 0, limit: 100 });
      const exported = await engine.call('orders.exportCsvFile', { accountId: SCHOOL, jobId: 'export', filters: {}, sort: { key: 'paidAt', direction: 'desc' }, timeZone: 'Europe/Berlin', locale: 'de-DE', path: join(dir, 'all.csv') });

      expect(other).toMatchObject({ count: null, loadingJobId: null });
      expect(answeredWhileSyncing).toBe(true);
      expect(sync.data.count).toBe(COUNT);
      expect(query.data.total).toBeGreaterThan(0);
      expect(exported.data.rows).toBe(COUNT);
      expect(progress.length).toBeGreaterThan(COUNT / 1000); // a progress event per page, relayed by this process
      // Every page went to the worker as bytes: this process never parsed one.
      expect(platform.parsedPages).toBe(0);
      expect(platform.bytePages).toBeGreaterThanOrEqual(COUNT / 1000);
      // …and transferred, not copied: none of those bytes is still readable on this side.
      expect(handed.length).toBe(platform.bytePages);
      expect(handed.filter((bytes) => bytes.byteLength > 0)).toEqual([]); // a moved buffer is detached: length 0
    } finally {
      await engine.close();
      await platform.close();
    }
  });
});
