// Today for all schools at once: two schools on two platforms side by side, one row a school with its own
// figures and age, totals per currency over the rows (never across currencies); one platform stopped, its row
// says it cannot be reached and keeps its last figures with their age, while the other stays live.
import type { Locator, Page } from '@playwright/test';
import { expect as baseExpect } from './fixtures/app';
import { restartableSandboxTest } from './fixtures/restartable-sandbox';
import { connectDemoSchool, openAccountMenu, activeSchool } from './fixtures/app-actions';
import { startSandbox, type Sandbox } from '../sandbox';

const expect = baseExpect.configure({ timeout: 30_000 });
const test = restartableSandboxTest();

interface Amount { currency: string; net: number; orders: number }

async function amounts(cell: Locator): Promise<Amount[]> {
  return cell.locator('.today-school-amount').evaluateAll((els) =>
    els.map((e) => ({ currency: e.getAttribute('data-currency')!, net: Number(e.getAttribute('data-net')), orders: Number(e.getAttribute('data-orders')) })));
}

/** The school's own Today, as the single-school view shows it (today.spec.ts proves that one against the oracle). */
async function ownToday(page: Page): Promise<{ today: Amount[]; month: Amount[] }> {
  const tables = page.locator('table.today-sales-table');
  await expect(tables.first()).toBeVisible();
  const read = (period: string) => tables.evaluateAll((els, p) => els.map((table) => {
    const row = table.querySelector(`tr[data-period="${p}"]`)!;
    return { currency: table.getAttribute('data-currency')!, net: Number(row.getAttribute('data-net')), orders: Number(row.getAttribute('data-orders')) };
  }), period);
  return { today: await read('today'), month: await read('monthToDate') };
}

test('all schools at once: one row a school with its own figures and age, totals per currency, and a stopped platform keeps its row and last figures, marked', async ({ page, sandbox, consent }) => {
  test.setTimeout(240_000);
  let other: Sandbox | null = await startSandbox({ orders: 600, seed: 29, quiet: true });
  try {
    const first = sandbox.platform.schools[0]!.name;
    // The other platform's second school: its name differs from the first's, so the header tells them apart.
    const second = other.platform.schools[1]!.name;
    expect(second).not.toBe(first);
    const own = new Map<string, { today: Amount[]; month: Amount[] }>();
    await connectDemoSchool(page, first);
    own.set('first', await ownToday(page));

    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Add a school' }).click();
    const field = page.getByLabel("Your school's address");
    consent.school = other.platform.schools[1]!.subdomain;
    await field.fill(other.url);
    await field.press('Enter');
    await expect(activeSchool(page)).toHaveText(second);
    own.set('second', await ownToday(page));

    await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'All schools' }).click();
    const table = page.getByTestId('today-schools');
    // Both demo platforms may name their school alike: a row is told apart by its platform's address.
    const hosts = new Map([['first', new URL(sandbox.url).host], ['second', new URL(other.url).host]]);
    const row = (name: string) => table.locator('tbody tr').filter({ hasText: hosts.get(name)! });
    await expect(table.locator('tbody tr')).toHaveCount(2);
    const shown = new Map<string, { today: Amount[]; month: Amount[] }>();
    for (const name of ['first', 'second']) {
      await expect(row(name)).toHaveAttribute('data-reached', 'true');
      const cells = row(name).locator('td');
      shown.set(name, { today: await amounts(cells.nth(0)), month: await amounts(cells.nth(1)) });
      // Each row is that school's own Today.
      expect(shown.get(name), name).toEqual(own.get(name));
      await expect(row(name).locator('.data-age')).toBeVisible();
    }
    // Totals per currency: the sum over the rows of that currency, never across currencies.
    const currencies = [...new Set([...shown.values()].flatMap((s) => s.today.map((a) => a.currency)))].sort();
    expect(currencies.length).toBeGreaterThan(0);
    for (const currency of currencies) {
      const sum = (pick: 'today' | 'month') => [...shown.values()].flatMap((s) => s[pick]).filter((a) => a.currency === currency)
        .reduce((t, a) => ({ currency, net: t.net + a.net, orders: t.orders + a.orders }), { currency, net: 0, orders: 0 });
      const total = table.locator(`tfoot tr[data-total-currency="${currency}"] td`);
      expect(await amounts(total.nth(0)), `${currency} today`).toEqual([sum('today')]);
      expect(await amounts(total.nth(1)), `${currency} month`).toEqual([sum('month')]);
    }
    await page.screenshot({ path: test.info().outputPath('today-all-schools.png'), fullPage: true });

    // The second platform stops; the page is loaded again (the switch is kept in the address).
    await other.close();
    other = null;
    await page.reload();
    await expect(table.locator('tbody tr')).toHaveCount(2);
    await expect(row('second')).toHaveAttribute('data-reached', 'false');
    await expect(row('second')).toContainText("Can't be reached");
    await expect(row('second').locator('.data-age')).toContainText(/offline|saved/i);
    const cells = row('second').locator('td');
    expect({ today: await amounts(cells.nth(0)), month: await amounts(cells.nth(1)) }, 'its last figures stay').toEqual(shown.get('second'));
    await expect(row('first')).toHaveAttribute('data-reached', 'true');
    await expect(row('first')).not.toContainText("Can't be reached");
    await page.screenshot({ path: test.info().outputPath('today-all-schools-one-stopped.png'), fullPage: true });
  } finally {
    await other?.close();
  }
});
