// Coupons: every figure on the page recomputed from the platform's raw orders; a code's orders one click
// away; create with validation before sending (nothing typed lost), the write scope asked only then
// (step-up, consent clicked in Chromium), the platform's refusal in plain words; disable with a
// confirmation naming the code, Undo, and enable again. Every write checked through the platform's API by
// the test's own OAuth client.
import type { Coupon, Course, Order } from '../../shared/platform/resources';
import { test, expect as baseExpect } from './fixtures/app';
import { connectDemoSchool } from './fixtures/app-actions';
import { switchLanguage } from './fixtures/language';
import { platformClient } from './fixtures/platform-client';
import { count, instants, inRange, money, shownRange } from './fixtures/figures';
import { couponFigures } from '../support/figures-oracle';
import { dayStart } from '../support/local-days';

const expect = baseExpect.configure({ timeout: 15_000 });
// The computer keeps Taipei time, the demo school New York's: a coupon's times are the school's.
test.use({ timezoneId: 'Asia/Taipei', locale: 'en-US' });
test.describe.configure({ timeout: 150_000 });

test('Coupons: results in the range per currency equal the platform, orders one click away; create, disable, undo, enable', async ({ page, sandbox, context }) => {
  await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
  const api = await platformClient(sandbox.url, context, ['coupons:read', 'orders:read', 'courses:read']);
  const [coupons, orders, courses] = await Promise.all([api.list<Coupon>('/api/v1/coupons'), api.list<Order>('/api/v1/orders'), api.list<Course>('/api/v1/courses')]);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Coupons' }).click();
  const table = page.getByTestId('coupons-table');
  await expect(table.locator('tbody tr')).toHaveCount(coupons.length, { timeout: 30_000 });

  // Every coupon's redemptions, net revenue and discount in the range, one currency at a time (the oracle).
  const range = await shownRange(page);
  const figures = coupons.flatMap((c) => couponFigures(orders, c.id, instants(range)).map((f) => ({ coupon: c, ...f })));
  const usedIn = [...new Set(figures.map((f) => f.currency))].sort();
  const currencyPick = page.getByLabel('Currency', { exact: true });
  const showCurrency = async (currency: string) => {
    // The currency select is offered only when the page has more than one.
    if ((await currencyPick.count()) > 0) await currencyPick.selectOption(currency);
    await expect(table.getByRole('columnheader', { name: `Net revenue (${currency})` })).toBeVisible();
  };
  for (const currency of usedIn) {
    await showCurrency(currency);
    for (const f of figures.filter((x) => x.currency === currency)) {
      const row = table.locator(`tr[data-coupon-id="${f.coupon.id}"]`);
      await expect(row.locator('[data-field="net"]'), f.coupon.code).toHaveText(money(f.net, currency));
      await expect(row.locator('[data-field="discount"]'), f.coupon.code).toHaveText(money(f.discount, currency));
    }
  }
  expect(figures.length, 'coupons used in the range').toBeGreaterThan(3);

  // A code's orders, one click away: the Orders page filtered to it, the same range and currency.
  const busiest = [...figures].sort((a, b) => b.redemptions - a.redemptions)[0]!;
  await showCurrency(busiest.currency);
  await table.getByRole('link', { name: `Orders with ${busiest.coupon.code}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  const shown = orders.filter((o) => o.coupon?.coupon_id === busiest.coupon.id && o.currency === busiest.currency && inRange(o.paid_at, range));
  await expect(page.getByTestId('orders-match-count')).toHaveText(count(shown.length), { timeout: 30_000 });
  await page.goBack();

  // Create: checked before sending, every problem at its field; nothing is sent.
  await page.getByRole('link', { name: 'New coupon' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'New coupon' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New coupon' });
  // The course picker: A to Z in the UI language's order, its scrollbar always drawn (overlay scrollbars hide).
  const picks = form.getByRole('group', { name: 'Courses' }).locator('.course-picks');
  await expect(picks.getByRole('checkbox').first()).toBeVisible();
  const titles = (await picks.locator('label').allTextContents()).map((t) => t.trim());
  const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });
  expect(titles.length).toBeGreaterThan(10);
  expect(titles).toEqual([...titles].sort(collator.compare));
  const scrollbar = await picks.evaluate((el: HTMLElement) => el.offsetWidth - el.clientWidth - 2); // less its 1 px borders
  expect(scrollbar, 'the picker\'s scrollbar width').toBeGreaterThanOrEqual(8);
  await form.getByLabel('Code').fill('x!');
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(form.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');
  await expect(form).toContainText('must be 3 to 32 letters, digits, - or _');
  await expect(form).toContainText('give a percentage');
  await expect(form.getByLabel('Code')).toBeFocused();
  // The language switched meanwhile (Settings in another tab): the problems are said in the new one at once.
  const other = await page.context().newPage();
  await other.goto(page.url());
  await switchLanguage(other, '繁體中文');
  const formInChinese = page.locator('form.coupon-form'); // its name is in Chinese now
  await expect(formInChinese).toContainText('必須是 3 到 32 個英文字母、數字、- 或 _');
  await expect(formInChinese).toContainText('請填入百分比');
  await switchLanguage(other, 'English');
  await other.close();
  await expect(form).toContainText('give a percentage');

  const currencies = [...new Set(orders.map((o) => o.currency))].sort();
  expect(currencies.length).toBeGreaterThan(1);
  await form.getByLabel('Code').fill('AUTUMN-55');
  await form.getByRole('radio', { name: 'An amount' }).check();
  await form.getByLabel(currencies[0]!, { exact: true }).fill('5.5');
  await form.getByLabel(currencies[1]!, { exact: true }).fill('5');
  await form.getByLabel('Uses in total').fill('100');
  await form.getByLabel('Uses per buyer').fill('1');
  // Starts names the school's zone and is read in it, not in the computer's.
  const zone = sandbox.platform.schools[0]!.time_zone;
  const startDay = `${new Date().getUTCFullYear() + 1}-01-15`; // no clock change in January
  await form.getByLabel(`Starts (${zone}, GMT`).fill(`${startDay}T09:00`);
  await form.getByLabel(courses[0]!.title).check();
  await form.getByRole('button', { name: 'Create coupon' }).click();

  // Confirmed, saying what the coupon will be; then coupons:write is asked, the first time it is needed.
  const dialog = page.getByRole('dialog', { name: 'Create coupon “AUTUMN-55”?' });
  // The start set above is said as set: 09:00 in the school's zone, named.
  const startWords = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(`${startDay}T00:00:00Z`));
  await expect(dialog).toContainText(`1 course, from ${startWords}, 09:00 (${zone}), no end, 100 uses in total, 1 per buyer`);
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('Create and disable coupons');
  await dialog.getByRole('button', { name: 'Grant access' }).click();
  await expect(page.locator('.notice').filter({ hasText: 'Created coupon “AUTUMN-55”' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();
  const created = (await api.list<Coupon>('/api/v1/coupons?q=AUTUMN-55'))[0]!;
  const minor = (currency: string, major: number) => Math.round(major * 10 ** (new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2));
  expect(created).toMatchObject({
    kind: 'fixed', state: 'active', usage_limit: 100, per_buyer_limit: 1, course_ids: [courses[0]!.id],
    amounts_off: [{ currency: currencies[0], amount: minor(currencies[0]!, 5.5) }, { currency: currencies[1], amount: minor(currencies[1]!, 5) }],
  });
  expect(Date.parse(created.starts_at)).toBe(dayStart(startDay, zone) + 9 * 3_600_000);
  await expect(table.locator(`tr[data-coupon-id="${created.id}"]`)).toBeVisible();

  // The platform refuses a duplicate code: said in plain words, and the form keeps what was typed.
  await page.getByRole('link', { name: 'New coupon' }).first().click();
  await form.getByLabel('Code').fill('autumn-55');
  await form.getByRole('textbox', { name: 'Percent off' }).fill('12');
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.getByRole('dialog', { name: 'Create coupon “autumn-55”?' })).toContainText('12% off, every course');
  await page.getByRole('dialog').getByRole('button', { name: 'Create', exact: true }).click();
  const refused = page.getByRole('dialog', { name: 'Create coupon “autumn-55”?' }).getByRole('alert');
  await expect(refused).toContainText('Could not create coupon “autumn-55”');
  await expect(refused).toContainText('already exists');
  await expect(refused).not.toContainText('invalid_request');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(form.getByLabel('Code')).toHaveValue('autumn-55');
  await expect(form.getByRole('textbox', { name: 'Percent off' })).toHaveValue('12');
  expect(await api.list<Coupon>('/api/v1/coupons?q=AUTUMN-55')).toHaveLength(1);
  await form.getByRole('link', { name: 'Cancel' }).click();

  // Disable: confirmed naming the code; done, then Undo enables it again.
  const row = table.locator(`tr[data-coupon-id="${created.id}"]`);
  await row.getByRole('button', { name: 'Disable AUTUMN-55' }).click();
  const confirm = page.getByRole('dialog', { name: 'Disable coupon “AUTUMN-55”?' });
  await expect(confirm).toContainText('Buyers can no longer use the code');
  await confirm.getByRole('button', { name: 'Disable', exact: true }).click();
  const done = page.locator('.notice').filter({ hasText: 'Disabled coupon “AUTUMN-55”' });
  await expect(done).toBeVisible();
  await expect.poll(async () => (await api.get<Coupon>(`/api/v1/coupons/${created.id}`)).state).toBe('disabled');
  await expect(row.locator('[data-state]')).toHaveAttribute('data-state', 'disabled');
  await done.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(async () => (await api.get<Coupon>(`/api/v1/coupons/${created.id}`)).state).toBe('active');

  // An ended coupon that is switched off offers nothing: enabling it would not make it usable.
  const now = Date.now();
  for (const c of coupons.filter((x) => x.state === 'disabled' && x.ends_at !== null && Date.parse(x.ends_at) <= now)) {
    await expect(table.locator(`tr[data-coupon-id="${c.id}"]`).getByRole('button', { name: `Enable ${c.code}` }), c.code).toHaveCount(0);
  }

  // And a disabled coupon that has not ended is enabled again (the sandbox's enable endpoint).
  await row.getByRole('button', { name: 'Disable AUTUMN-55' }).click();
  await page.getByRole('dialog', { name: 'Disable coupon “AUTUMN-55”?' }).getByRole('button', { name: 'Disable', exact: true }).click();
  await expect.poll(async () => (await api.get<Coupon>(`/api/v1/coupons/${created.id}`)).state).toBe('disabled');
  await row.getByRole('button', { name: 'Enable AUTUMN-55' }).click();
  await page.getByRole('dialog', { name: 'Enable coupon “AUTUMN-55”?' }).getByRole('button', { name: 'Enable', exact: true }).click();
  await expect.poll(async () => (await api.get<Coupon>(`/api/v1/coupons/${created.id}`)).state).toBe('active');
});
