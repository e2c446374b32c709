// The CSV export streamed to a file by the engine: byte for byte the CSV the row definition gives (orders-csv-format's
// orderCsvCells, times in the zone asked) for the selection, progress as it goes, and Cancel leaves no file behind.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localTimeFormatter, orderCsvCells, ordersCsvHeader } from '../../../electron/services/engine/worker/orders-csv-format';
import { columnsOf } from '../../../electron/services/engine/worker/order-columns';
import { CsvBytes, csvRowWriter } from '../../../electron/services/engine/worker/orders-csv-columns';
import { fastLocalTimeFormatter } from '../../../electron/services/engine/worker/fast-local-time';
import { OrdersEngine } from '../../../electron/services/engine/worker/orders-engine';
import type { EngineEvent, PageRequest } from '../../../electron/services/engine/contract/protocol';
import { SnapshotStore } from '../../../electron/services/engine/worker/snapshot-store';
import { memoryLogger } from '../../../electron/services/log';
import { csvRow, parseCsv } from '../../../shared/csv';
import type { Order as PlatformOrder } from '../../../shared/platform/resources';
import type { Order } from '../../../shared/model/orders';
import { prng, syntheticAppOrders, syntheticOrders } from '../data/synthetic-orders';

const SCHOOL = 'https://school.example.test#admin-1';
let dir: string;
let orders: PlatformOrder[];
let events: EngineEvent[];
let onEvent: ((event: EngineEvent) => void) | null;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'engine-export-'));
  orders = syntheticOrders(23_456, 9);
  events = [];
  onEvent = null;
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
});

function engine(): OrdersEngine {
  const key = randomBytes(32);
  return new OrdersEngine(
    {
      page: async (request: PageRequest) => {
        const start = Number(request.query.cursor ?? 0);
        const limit = Number(request.query.limit);
        return { data: orders.slice(start, start + limit), meta: { total: orders.length, limit, next_cursor: start + limit < orders.length ? String(start + limit) : null } };
      },
      emit: (event) => {
        events.push(event);
        onEvent?.(event);
      },
      reachable: () => undefined,
      key: () => key,
      logger: memoryLogger(),
    },
    new SnapshotStore({ dir: join(dir, 'engine') }),
  );
}

describe('engine CSV export to a file', () => {
  it('writes exactly what the row definition gives for a filtered, sorted view, with progress', async () => {
    const e = engine();
    const view = { accountId: SCHOOL, filters: { states: ['paid' as const, 'refunded' as const] }, sort: { key: 'paidAmount' as const, direction: 'desc' as const }, timeZone: 'America/Santiago', locale: 'de-DE' };
    const path = join(dir, 'orders.csv');
    const answer = await e.exportCsvFile({ ...view, jobId: 'x1', path });
    const text = await readFile(path, 'utf8');
    const loaded = await e.ensureLoaded(SCHOOL);
    const time = localTimeFormatter(view.timeZone);
    const expected = [ordersCsvHeader(view.timeZone), ...[...loaded.table.select(view.filters, view.sort).positions].map((i) => orderCsvCells(loaded.table.row(i), view, time))];
    expect(text).toBe('\uFEFF' + expected.map((cells) => `${csvRow(cells)}\r\n`).join(''));
    expect(answer.data.rows).toBe(orders.filter((o) => o.state === 'paid' || o.state === 'refunded').length);
    expect(answer.data.bytes).toBe(Buffer.byteLength(text));
    expect(parseCsv(text)).toHaveLength(answer.data.rows + 1);
    const progress = events.filter((ev) => ev.event === 'data.progress' && ev.payload.jobId === 'x1').map((ev) => ev.payload);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)).toMatchObject({ done: true, loaded: answer.data.rows, total: answer.data.rows });
    expect(await readdir(dir)).toEqual(expect.not.arrayContaining([expect.stringMatching(/\.part$/)]));
  });

  it('Cancel midway: fails with "cancelled", says it is done, and leaves no file (nor a part of one)', async () => {
    const e = engine();
    await e.load(SCHOOL, 'auto');
    onEvent = (event) => {
      if (event.event === 'data.progress' && event.payload.jobId === 'c1' && event.payload.loaded >= 5000) void e.api()['jobs.cancel']({ jobId: 'c1' });
    };
    const path = join(dir, 'cancelled.csv');
    await expect(e.exportCsvFile({ accountId: SCHOOL, jobId: 'c1', filters: {}, sort: { key: 'paidAt', direction: 'desc' }, timeZone: 'UTC', locale: 'en-US', path })).rejects.toMatchObject({ code: 'cancelled' });
    expect((await readdir(dir)).filter((f) => f !== 'engine')).toEqual([]);
    const last = events.filter((ev) => ev.event === 'data.progress' && ev.payload.jobId === 'c1').at(-1);
    expect(last?.event === 'data.progress' && last.payload.done).toBe(true);
    await e.idle(); // the snapshot written after the load is done before the directory goes
  });
});

describe('fast local time', () => {
  it('agrees with the exact formatter around DST switches and in odd zones', () => {
    const random = prng(3);
    for (const zone of ['America/Santiago', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham', 'UTC', 'Africa/Monrovia']) {
      const fast = fastLocalTimeFormatter(zone);
      const exact = localTimeFormatter(zone);
      for (let k = 0; k < 3000; k++) {
        // Random instants from 1960 to 2030, with milliseconds, plus every minute of a few DST days.
        const t = Date.UTC(1960, 0, 1) + Math.floor(random() * 70 * 365.25 * 86_400_000);
        const iso = new Date(t).toISOString();
        expect(fast(iso), `${zone} ${iso}`).toBe(exact(iso));
      }
      for (const day of [Date.UTC(2026, 2, 8), Date.UTC(2026, 10, 1), Date.UTC(2026, 3, 5), Date.UTC(2026, 8, 6), Date.UTC(2026, 9, 4), Date.UTC(2026, 2, 29), Date.UTC(2026, 9, 25)]) {
        for (let m = -24 * 60; m < 48 * 60; m += 7) {
          const iso = new Date(day + m * 60_000 + 123).toISOString();
          expect(fast(iso), `${zone} ${iso}`).toBe(exact(iso));
        }
      }
      expect(fast(null)).toBe('');
    }
  });
});

describe('CSV rows read from the columns', () => {
  it('are byte for byte orders-csv\'s rows, for odd orders too (offset times, 0 and 3 decimals, no items, formulas, unknown states)', () => {
    const base = syntheticAppOrders(3000, 21);
    const odd: Order[] = base.map((o, k) => {
      switch (k % 12) {
        case 0: return { ...o, currency: 'KWD', originalAmount: 1_234_567, discountAmount: 7, paidAmount: 1_234_560, refundedAmount: 1_234_560 };
        case 1: return { ...o, currency: 'JPY', originalAmount: 1200, discountAmount: 0, paidAmount: 1200, refundedAmount: 0 };
        case 2: return { ...o, items: [] };
        case 3: return { ...o, buyer: { ...o.buyer, name: '+cmd|"x"', email: '-@evil, "q"' }, paymentMethod: '@sum' as Order['paymentMethod'] };
        case 4: return { ...o, state: 'chargeback' as Order['state'], coupon: { id: 'cp_odd', code: '=1+1' } };
        case 5: return { ...o, items: o.items.map((item, j) => ({ ...item, name: j === 0 ? 'Line\nbreak, "quoted"' : 'Ünïcode 林' })) };
        case 6: return { ...o, originalAmount: 5, discountAmount: 0, paidAmount: 5, refundedAmount: 10, currency: 'USD' };
        case 7: return { ...o, originalAmount: 2 ** 40, discountAmount: 0, paidAmount: 2 ** 40, refundedAmount: 0, currency: 'EUR' };
        default: return o;
      }
    });
    // Some times with an offset (kept as text by the columns), one before 1000 and one far in the future.
    odd[8] = { ...odd[8]!, createdAt: '2025-03-30T02:30:00+02:00', paidAt: '2025-03-30T03:30:00.5+05:45' };
    odd[9] = { ...odd[9]!, createdAt: '0999-12-31T23:59:59.000Z', paidAt: '+012345-01-01T00:00:00.000Z' };
    const columns = columnsOf(odd);
    for (const timeZone of ['UTC', 'America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Kathmandu']) {
      const write = csvRowWriter(columns, timeZone);
      const time = localTimeFormatter(timeZone);
      const out = new CsvBytes(64); // small on purpose: it must grow
      for (let i = 0; i < odd.length; i++) write(i, out);
      const expected = odd.map((o) => `${csvRow(orderCsvCells(o, { timeZone, locale: 'en-US' }, time))}\r\n`).join('');
      const got = out.take().toString('utf8');
      expect(got.split('\r\n').length, timeZone).toBe(expected.split('\r\n').length);
      expect(got, timeZone).toBe(expected);
    }
  });
});
