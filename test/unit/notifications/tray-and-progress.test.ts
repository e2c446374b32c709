import { describe, expect, it } from 'vitest';
import { INDETERMINATE, NO_PROGRESS, STALE_JOB_MS, TaskbarProgress } from '../../../electron/services/notifications/progress-model';
import { badgeModel, trayModel, type TraySchool } from '../../../electron/services/notifications/tray-model';
import type { DataProgress } from '../../../shared/ipc/data';

const lumenNeeds: NonNullable<TraySchool['glance']>['needs'] = [
  { kind: 'failedOrders', count: 2, route: '/orders?state=failed&changedFrom=x' },
  { kind: 'pastDue', count: 0, route: '/subscriptions?show=pastDue' },
  { kind: 'unanswered', count: 1, route: '/comments?show=unanswered' },
  { kind: 'stalled', count: null, route: '/students?stalled=week' },
];
const lumen: TraySchool = { accountId: 'a1', schoolName: 'Lumen Academy', unseen: 2, glance: { sales: [{ currency: 'USD', net: 123_450, orders: 3 }, { currency: 'EUR', net: 9_900, orders: 1 }], needs: lumenNeeds } };
const sakura: TraySchool = { accountId: 'a2', schoolName: 'Sakura School', unseen: 0, glance: { sales: [], needs: [{ kind: 'outbox', count: 0, route: '/activity' }] } };

describe('the tray / menu-bar menu', () => {
  it("lists today's sales per school and currency, what needs the admin as Today counts it (each opening Today's link), and a way to open the app", () => {
    const model = trayModel([lumen, sakura], 'win32');
    expect(model.items).toEqual([
      { type: 'header', label: 'Lumen Academy' },
      { type: 'info', label: 'Today: $1,234.50 · 3 orders' },
      { type: 'info', label: 'Today: €99.00 · 1 order' },
      { type: 'item', label: '2 payments failed (last 7 days)', action: { type: 'openSchool', accountId: 'a1', route: lumenNeeds[0]!.route } },
      { type: 'item', label: '1 unanswered comment', action: { type: 'openSchool', accountId: 'a1', route: '/comments?show=unanswered' } },
      { type: 'item', label: '2 things need attention', action: { type: 'openSchool', accountId: 'a1', route: '/orders' } },
      { type: 'separator' },
      { type: 'header', label: 'Sakura School' },
      { type: 'info', label: 'Today: no sales yet' },
      { type: 'separator' },
      { type: 'item', label: 'Open School Companion', action: { type: 'open' } },
      { type: 'item', label: 'Quit', action: { type: 'quit' } },
    ]);
    expect(model.tooltip).toBe('School Companion: 2 things need attention');
    expect(model.title).toBe('');
  });

  it('on the Mac shows the count next to the menu-bar icon and names Quit fully', () => {
    const model = trayModel([lumen], 'darwin');
    expect(model.title).toBe('2');
    expect(model.items.at(-1)).toEqual({ type: 'item', label: 'Quit School Companion', action: { type: 'quit' } });
    expect(trayModel([sakura], 'darwin').title).toBe('');
  });

  it('says when sales are not known and when no school is connected', () => {
    expect(trayModel([{ ...sakura, glance: null }], 'linux').items[1]).toEqual({ type: 'info', label: 'Today: sales not available' });
    expect(trayModel([], 'linux').items[0]).toEqual({ type: 'info', label: 'No school connected' });
    expect(trayModel([], 'linux').tooltip).toBe('School Companion');
  });
});

describe('the dock / taskbar badge', () => {
  it('counts what needs attention, clears at zero, and caps the Windows overlay at 99+', () => {
    expect(badgeModel(0)).toEqual({ count: 0, overlayText: '', description: '' });
    expect(badgeModel(1)).toEqual({ count: 1, overlayText: '1', description: '1 thing needs attention' });
    expect(badgeModel(150)).toMatchObject({ count: 150, overlayText: '99+' });
  });
});

describe('taskbar progress from data.progress', () => {
  const ev = (jobId: string, loaded: number, total: number | null, done = false): DataProgress => ({ jobId, accountId: 'a1', loaded, total, label: 'Loading orders', done });

  it('indeterminate until the total is known, then the fraction, cleared when done', () => {
    const bar = new TaskbarProgress();
    expect(bar.apply(ev('sync', 0, null), 0)).toBe(INDETERMINATE);
    expect(bar.apply(ev('sync', 500, 2000), 1)).toBe(0.25);
    expect(bar.apply(ev('sync', 2000, 2000, true), 2)).toBe(NO_PROGRESS);
  });

  it('sums two jobs (a sync and an export) and clears only when both ended; a cancel ends with done', () => {
    const bar = new TaskbarProgress();
    bar.apply(ev('sync', 100, 1000), 0);
    expect(bar.apply(ev('export', 900, 1000), 0)).toBe(0.5);
    expect(bar.apply(ev('export', 0, null, true), 1)).toBe(0.1);
    expect(bar.apply(ev('sync', 0, null, true), 2)).toBe(NO_PROGRESS);
  });

  it('drops a job that went silent, so a lost last event cannot leave the bar up', () => {
    const bar = new TaskbarProgress();
    bar.apply(ev('sync', 1, 10), 0);
    expect(bar.value(STALE_JOB_MS - 1)).toBe(0.1);
    expect(bar.value(STALE_JOB_MS + 1)).toBe(NO_PROGRESS);
  });
});
