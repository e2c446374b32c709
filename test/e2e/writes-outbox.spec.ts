// The offline outbox, end to end: the platform really goes away (the sandbox is closed) and comes back on
// the same address with the same data. A coupon created meanwhile waits in the outbox (seen, edited there)
// and is sent when the platform is back; a coupon disabled meanwhile, whose record another admin changed
// on the platform in between, is not sent, and the admin is told why. Checked through the platform's API by
// the test's own OAuth client; the activity log keeps all of it and exports it as CSV.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Coupon } from '../../shared/platform/resources';
import { parseCsv } from '../../shared/csv';
import { expect as baseExpect } from './fixtures/app';
import { restartableSandboxTest } from './fixtures/restartable-sandbox';
import { connectDemoSchool } from './fixtures/app-actions';
import { platformClient } from './fixtures/platform-client';
import { startSandbox } from '../sandbox';
import { couponStatus } from '../support/figures-oracle';

const SEED = 13;
const ORDERS = 2000;
const expect = baseExpect.configure({ timeout: 15_000 });

const test = restartableSandboxTest({ seed: SEED, orders: ORDERS });

test('writes made while the platform is down wait in the outbox and are sent when it is back; a changed record is refused with the reason', async ({ page, sandbox, context, host }) => {
  test.setTimeout(180_000);
  await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
  const api = await platformClient(sandbox.url, context, ['coupons:read', 'coupons:write']);
  // Coupons that can still be used (switched on, started, not ended, not used up): those offer Disable.
  const [victim, spare] = (await api.list<Coupon>('/api/v1/coupons')).filter((c) => couponStatus(c, Date.now()) === 'active');

  // Online first: the first write asks for coupons:write (step-up), then Undo.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Coupons' }).click();
  const table = page.getByTestId('coupons-table');
  await table.locator(`tr[data-coupon-id="${spare!.id}"]`).getByRole('button', { name: `Disable ${spare!.code}` }).click();
  const confirmSpare = page.getByRole('dialog', { name: `Disable coupon “${spare!.code}”?` });
  await confirmSpare.getByRole('button', { name: 'Disable', exact: true }).click();
  await confirmSpare.getByRole('button', { name: 'Grant access' }).click();
  await page.locator('.notice').filter({ hasText: `Disabled coupon “${spare!.code}”` }).getByRole('button', { name: 'Undo' }).click({ timeout: 30_000 });
  await expect.poll(async () => (await api.get<Coupon>(`/api/v1/coupons/${spare!.id}`)).state).toBe('active');
  await expect(table.locator(`tr[data-coupon-id="${spare!.id}"] [data-state]`)).toHaveAttribute('data-state', 'active');

  // The platform goes away; the app's probe notices (run now rather than waited for).
  const port = sandbox.port;
  await sandbox.close();
  await host.services.probe.check();
  await expect(page.getByTestId('app-status')).toContainText(/offline/i);

  // Disable a coupon: confirmed, then kept in the outbox.
  await table.locator(`tr[data-coupon-id="${victim!.id}"]`).getByRole('button', { name: `Disable ${victim!.code}` }).click();
  await page.getByRole('dialog', { name: `Disable coupon “${victim!.code}”?` }).getByRole('button', { name: 'Disable', exact: true }).click();
  await expect(page.locator('.notice').filter({ hasText: 'Saved in the outbox' }).first()).toBeVisible();
  // The row says what waits, in place of the button: it cannot be queued twice.
  const victimRow = table.locator(`tr[data-coupon-id="${victim!.id}"]`);
  await expect(victimRow.locator('[data-pending]')).toHaveText(`Waiting to be sent: Disable coupon “${victim!.code}”`);
  await expect(victimRow.getByRole('button', { name: `Disable ${victim!.code}` })).toHaveCount(0);

  // Create a coupon: kept in the outbox too.
  await page.getByRole('link', { name: 'New coupon' }).first().click();
  const form = page.getByRole('form', { name: 'New coupon' });
  await form.getByLabel('Code').fill('BACKSOON');
  await form.getByRole('textbox', { name: 'Percent off' }).fill('10');
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await page.getByRole('dialog', { name: 'Create coupon “BACKSOON”?' }).getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.locator('.notice').filter({ hasText: 'Create coupon “BACKSOON”: saved in the outbox' })).toBeVisible();

  // The outbox shows both (the navigation counts them); the waiting coupon can be edited there.
  await expect(page.getByTestId('outbox-count')).toHaveText('2, 2 changes in the outbox');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
  const outbox = page.getByRole('table', { name: 'Outbox' });
  await expect(outbox.locator('tbody tr[data-outbox-state="waiting"]')).toHaveCount(2);
  await expect(outbox).toContainText(`Disable coupon “${victim!.code}”`);
  // The notices sit over the table's corner: closed, as an admin would.
  const dismiss = page.getByRole('button', { name: 'Dismiss' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
  await outbox.locator('tr', { hasText: 'Create coupon “BACKSOON”' }).getByRole('link', { name: 'Edit' }).click();
  const edit = page.getByRole('form', { name: 'Edit the waiting coupon' });
  await expect(edit.getByLabel('Code')).toHaveValue('BACKSOON');
  await edit.getByRole('textbox', { name: 'Percent off' }).fill('15');
  await edit.getByRole('button', { name: 'Save the waiting coupon' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await expect(outbox.locator('tbody tr[data-outbox-state="waiting"]')).toHaveCount(2);
  if (process.env.SCREENSHOTS === '1') {
    while ((await dismiss.count()) > 0) await dismiss.first().click();
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR ?? fileURLToPath(new URL('../../docs/screenshots/', import.meta.url))}/writes-outbox-light.png` });
  }

  // The platform comes back on the same address with the same data. Before the app notices, another admin
  // changes the coupon the outbox wants to disable (disables and enables it again: a newer updated_at).
  const again = await startSandbox({ port, seed: SEED, orders: ORDERS, quiet: true });
  try {
    await api.post(`/api/v1/coupons/${victim!.id}/disable`);
    await api.post(`/api/v1/coupons/${victim!.id}/enable`);
    expect(await api.list<Coupon>('/api/v1/coupons?q=BACKSOON')).toHaveLength(0);

    await host.services.probe.check();
    await expect(page.getByTestId('app-status')).toContainText('Online');

    // The coupon is sent, as edited.
    await expect.poll(async () => (await api.list<Coupon>('/api/v1/coupons?q=BACKSOON')).map((c) => [c.code, c.percent_off, c.state]), { timeout: 30_000 }).toEqual([['BACKSOON', 15, 'active']]);
    // The disable is not sent, and the admin is told why.
    const refused = outbox.locator('tbody tr[data-outbox-state="conflict"]');
    await expect(refused).toHaveCount(1, { timeout: 30_000 });
    await expect(refused).toContainText(`Coupon “${victim!.code}” was changed on the platform`);
    await expect(refused).toContainText('not sent');
    expect((await api.get<Coupon>(`/api/v1/coupons/${victim!.id}`)).state).toBe('active');
    await expect(outbox.locator('tbody tr')).toHaveCount(1);
    await expect(page.getByTestId('outbox-count')).toHaveText('1, 1 change in the outbox');

    // The activity log says what happened to each; it exports as CSV.
    const log = page.getByRole('table', { name: 'Activity log' });
    await expect(log.locator('tr[data-result="sent"]')).toContainText('Create coupon “BACKSOON”');
    await expect(log.locator('tr[data-result="conflict"]')).toContainText(`Disable coupon “${victim!.code}”`);
    await expect(log.locator('tr[data-result="queued"]')).toHaveCount(2);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = parseCsv(await readFile((await (await download).path())!, 'utf8'));
    expect(csv[0]).toEqual(['Time', 'Time (UTC)', 'Change', 'Result', 'Detail', 'Record type', 'Record id', 'Record']);
    expect(csv.slice(1).map((r) => [r[2], r[3]])).toContainEqual(['Create coupon “BACKSOON”', 'Sent from the outbox']);
    // Saved the way every export is (the main process's Save dialog in the desktop app, a one-time download here).
    expect((await download).url()).toMatch(/\/download\//);
    await expect(page.getByRole('status').filter({ hasText: /^Downloaded activity.*\.csv \(\d+ entries\)$/ })).toBeVisible();
    expect(csv.slice(1).map((r) => [r[2], r[3]])).toContainEqual([`Disable coupon “${victim!.code}”`, 'Not sent: changed on the platform']);

    // Dropped by the admin: gone from the outbox, and logged.
    await refused.getByRole('button', { name: `Drop: Disable coupon “${victim!.code}”` }).click();
    await expect(outbox).toHaveCount(0);
    await expect(page.getByTestId('outbox')).toContainText('Nothing waiting');
    await expect(page.getByTestId('outbox-count')).toHaveCount(0);
    await expect(log.locator('tbody tr').first()).toHaveAttribute('data-result', 'dropped');
  } finally {
    await again.close();
  }
});
