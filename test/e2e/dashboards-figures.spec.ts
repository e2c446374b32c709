// The dashboards against the sandbox: every figure on screen is recomputed here from the platform's raw
// lists (fetched over HTTP with a token this test obtains through the platform's own OAuth), for the same
// filters and the same range the page shows; never a number written in the test. The admin sits in Los
// Angeles while the school keeps New York time, so time zones are exercised too.
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect as baseExpect } from './fixtures/app';
import { activeSchool, clickConnectDemoSchool } from './fixtures/app-actions';
import { currencyTotalsOf } from '../support/order-totals';
import type { Sandbox } from '../sandbox';
import type { Course, Enrollment, Order, Subscription } from '../../shared/platform/resources';

const TIME_ZONE = 'America/Los_Angeles';
const LOCALE = 'en-US';
test.use({ timezoneId: TIME_ZONE, locale: LOCALE });
// Two cores shared with the rest of the suite: give each figure time to arrive, never a fixed sleep.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

// ------------------------------------------------------------------------------------------ the platform

interface PlatformApi {
  list<T>(path: string): Promise<T[]>;
  get<T>(path: string): Promise<T>;
}

/** A token for the same school the app shows, from the platform's OAuth (consent answered in a tab). */
async function platformApi(sandbox: Sandbox, context: BrowserContext): Promise<PlatformApi> {
  let arrived: (url: URL) => void = () => undefined;
  const callback = new Promise<URL>((resolve) => (arrived = resolve));
  const receiver = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    res.setHeader('connection', 'close');
    res.end('You can close this tab.');
    if (url.pathname === '/figures') arrived(url);
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const redirectUri = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/figures`;
    const registration = (await (
      await fetch(`${sandbox.url}/api/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_name: 'Dashboard figures check', application_type: 'native', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' }),
      })
    ).json()) as { client_id: string };
    const verifier = randomBytes(32).toString('base64url');
    const authorize = new URL(`${sandbox.url}/oauth/authorize`);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: registration.client_id,
      redirect_uri: redirectUri,
      scope: 'openid school:read courses:read orders:read analytics:read students:read subscriptions:read curriculum:read',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'figures',
    }).toString();
    const tab = await context.newPage();
    tab.setDefaultTimeout(20_000);
    await tab.goto(authorize.href);
    // Close the tab only once it has loaded the receiver's page: closing it mid-navigation can hang.
    const landed = tab.waitForURL((u) => u.pathname === '/figures', { waitUntil: 'load' });
    await tab.getByRole('button', { name: 'Allow', exact: true }).click();
    await landed;
    const code = (await callback).searchParams.get('code');
    await tab.close();
    expect(code, 'authorization code').toBeTruthy();
    const token = (await (
      await fetch(`${sandbox.url}/api/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code: code!, redirect_uri: redirectUri, client_id: registration.client_id, code_verifier: verifier }),
      })
    ).json()) as { access_token: string };
    const get = async <T,>(path: string): Promise<T> => {
      const response = await fetch(`${sandbox.url}${path}`, { headers: { authorization: `Bearer ${token.access_token}` } });
      expect(response.status, path).toBe(200);
      return (await response.json()) as T;
    };
    return {
      get,
      async list<T>(path: string): Promise<T[]> {
        const out: T[] = [];
        let cursor: string | null = null;
        do {
          const sep = path.includes('?') ? '&' : '?';
          const page: { data: T[]; meta: { next_cursor: string | null } } = await get(`${path}${sep}limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
          out.push(...page.data);
          cursor = page.meta.next_cursor;
        } while (cursor);
        return out;
      },
    };
  } finally {
    receiver.close();
  }
}

// ------------------------------------------------------------------------------------ figures, by hand

const SALE_STATES = new Set(['paid', 'refunding', 'refunded']);
const exponent = (currency: string) => new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
const money = (minor: number, currency: string) => new Intl.NumberFormat(LOCALE, { style: 'currency', currency }).format(minor / 10 ** exponent(currency));
const count = (n: number) => new Intl.NumberFormat(LOCALE).format(n);
const inRange = (iso: string | null, range: { from: string; to: string }) => iso !== null && Date.parse(iso) >= Date.parse(range.from) && Date.parse(iso) < Date.parse(range.to);

/** Sales figures as docs/business-api.md defines them: sale orders paid in the range, optionally one course's items. */
function salesFigures(orders: Order[], currency: string, range: { from: string; to: string }, courseId?: string) {
  let gross = 0;
  let discounts = 0;
  let refunds = 0;
  let n = 0;
  let refunded = 0;
  for (const o of orders) {
    if (o.currency !== currency || !SALE_STATES.has(o.state) || !inRange(o.paid_at, range)) continue;
    const items = courseId ? o.items.filter((i) => i.course_id === courseId) : null;
    if (items && items.length === 0) continue;
    gross += items ? items.reduce((s, i) => s + i.original_amount, 0) : o.original_amount;
    discounts += items ? items.reduce((s, i) => s + i.discount_amount, 0) : o.discount_amount;
    refunds += items ? (o.refunded_amount > 0 ? items.reduce((s, i) => s + i.amount, 0) : 0) : o.refunded_amount;
    n += 1;
    if (o.refunded_amount > 0) refunded += 1;
  }
  return {
    gross,
    discounts,
    refunds,
    net: gross - discounts - refunds,
    orders: n,
    average_order_value: n === 0 ? 0 : Math.round((gross - discounts) / n),
    refund_rate: n === 0 ? 0 : refunded / n,
  };
}

async function shownRange(page: Page) {
  const range = page.getByTestId('range').first();
  await expect(range).toHaveAttribute('data-from', /.+/);
  return { from: (await range.getAttribute('data-from'))!, to: (await range.getAttribute('data-to'))! };
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') endCell();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endCell();
      rows.push(row);
      row = [];
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows;
}

// ----------------------------------------------------------------------------------------------- specs

async function signedIn(page: Page, sandbox: Sandbox, context: BrowserContext) {
  await test.step('the app signs in', async () => {
    await clickConnectDemoSchool(page);
    await expect(activeSchool(page)).toHaveText(sandbox.platform.schools[0]!.name);
  });
  const api = await test.step('the test gets its own token', () => platformApi(sandbox, context));
  const school = await api.get<{ name: string }>('/api/v1/school');
  expect(school.name).toBe(sandbox.platform.schools[0]!.name);
  return api;
}

async function expectOrderTotals(page: Page, expected: Order[]) {
  await expect(page.getByTestId('orders-match-count')).toHaveAttribute('data-count', String(expected.length));
  const totals = currencyTotalsOf(expected);
  const shown = page.getByTestId('orders-totals').locator('[data-currency]');
  await expect(shown).toHaveCount(totals.length);
  for (const t of totals) {
    const currency = t.currency;
    const box = page.getByTestId('orders-totals').locator(`[data-currency="${currency}"]`);
    await expect(box).toHaveAttribute('data-count', String(t.count));
    await expect(box).toHaveAttribute('data-paid', String(t.paid));
    await expect(box).toHaveAttribute('data-refunded', String(t.refunded));
    await expect(box).toHaveAttribute('data-discount', String(t.discount));
    await expect(box).toHaveAttribute('data-net', String(t.net));
    await expect(box).toContainText(money(t.paid, currency));
  }
}

test('Orders: count and totals per currency equal the platform for each filter; sort, details and CSV of the filtered view', async ({ page, sandbox, context }) => {
  const api = await signedIn(page, sandbox, context);
  const all = await api.list<Order>('/api/v1/orders');
  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expectOrderTotals(page, all);
  await expect(page.getByTestId('orders-loaded')).toContainText(`${count(all.length)} orders loaded`);

  // Currency and states: one currency only (never two added), paid or refunded.
  const currencies = [...new Set(all.map((o) => o.currency))].sort();
  expect(currencies.length, 'the demo school sells in more than one currency').toBeGreaterThan(1);
  const currency = currencies.find((c) => c !== 'USD') ?? currencies[0]!;
  await page.getByLabel('Currency', { exact: true }).selectOption(currency);
  const states = page.getByRole('group', { name: 'Order state' });
  await states.getByRole('button', { name: 'Paid', exact: true }).click();
  await states.getByRole('button', { name: 'Refunded', exact: true }).click();
  await expect(states.getByRole('button', { name: 'Paid', exact: true })).toHaveAttribute('aria-pressed', 'true');
  let expected = all.filter((o) => o.currency === currency && (o.state === 'paid' || o.state === 'refunded'));
  await expectOrderTotals(page, expected);

  // Paid in the last 90 days of the admin's calendar.
  await page.getByLabel('Range', { exact: true }).selectOption('last90');
  const range = await shownRange(page);
  expected = expected.filter((o) => inRange(o.paid_at, range));
  await expectOrderTotals(page, expected);
  expect(expected.length, 'some orders match').toBeGreaterThan(2);

  // Sort by paid amount, largest first: the first row is the largest of exactly these.
  await page.getByRole('columnheader', { name: /Paid amount/ }).getByRole('button').click();
  const largest = Math.max(...expected.map((o) => o.paid_amount));
  const firstRow = page.getByTestId('orders-table').locator('[role="row"][data-index="0"]');
  await expect(firstRow).toContainText(money(largest, currency));

  // Export CSV: a file with exactly the filtered orders, in the admin's time zone and money format.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const csv = parseCsv((await readFile((await file.path())!, 'utf8')).replace(/^\ufeff/, '')).filter((r) => r.length > 1);
  const [header, ...rows] = csv;
  expect(header).toContain(`Paid at (${TIME_ZONE})`);
  expect(rows).toHaveLength(expected.length);
  const col = (name: string) => header!.indexOf(name);
  expect(new Set(rows.map((r) => r[col('Trade number')]))).toEqual(new Set(expected.map((o) => o.trade_number)));
  const byTrade = new Map(expected.map((o) => [o.trade_number, o]));
  const paidSum = rows.reduce((sum, r) => sum + Number(r[col('Paid')]!.replace(/[^\d-]/g, '')), 0);
  expect(paidSum).toBe(currencyTotalsOf(expected).find((t) => t.currency === currency)!.paid);
  for (const r of rows.slice(0, 20)) {
    const order = byTrade.get(r[col('Trade number')]!)!;
    expect(r[col('Paid')]).toBe(money(order.paid_amount, currency));
    const local = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .format(new Date(order.paid_at!))
      .replace(',', '');
    expect(r[col(`Paid at (${TIME_ZONE})`)]).toBe(local);
  }

  // Text search (debounced) on a buyer of the filtered set.
  const buyer = expected[0]!.buyer.name.split(' ')[0]!.toLowerCase();
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(buyer);
  const matching = expected.filter((o) => [o.trade_number, o.buyer.name, o.buyer.email].some((s) => s.toLowerCase().includes(buyer)));
  await expectOrderTotals(page, matching);

  // Drill down: the order's details, as the platform has them.
  await page.getByTestId('orders-table').locator('[role="row"][data-index="0"]').click();
  const dialog = page.getByRole('dialog');
  const shownId = await page.getByTestId('orders-table').locator('[role="row"][data-index="0"]').getAttribute('data-order-id');
  const order = all.find((o) => o.id === shownId)!;
  await expect(dialog.getByRole('heading', { name: `Order ${order.trade_number}` })).toBeVisible();
  await expect(dialog).toContainText(order.buyer.email);
  await expect(dialog.locator('[data-field="paid"]')).toHaveText(money(order.paid_amount, order.currency));
  for (const item of order.items) await expect(dialog).toContainText(item.name);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('Courses: learners and revenue per course equal the platform; filters; a course page; publish asks for courses:write first', async ({ page, sandbox, context }) => {
  const api = await signedIn(page, sandbox, context);
  const courses = await api.list<Course>('/api/v1/courses');
  const orders = await api.list<Order>('/api/v1/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  await expect(page.getByTestId('course-count')).toHaveText(`${courses.length} courses`);
  const range = await shownRange(page);

  const table = page.getByTestId('courses-table');
  for (const course of courses) {
    const row = table.locator(`tr[data-course-id="${course.id}"]`);
    await expect(row.locator('[data-field="enrollments"]')).toHaveText(count(course.stats!.enrollments));
    await expect(row.locator('[data-field="active"]')).toHaveText(count(course.stats!.active_students));
    await expect(row.locator('[data-field="completion"]')).toHaveText(new Intl.NumberFormat(LOCALE, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(course.stats!.completion_rate));
    const currencies = [...new Set(orders.map((o) => o.currency))];
    for (const currency of currencies) {
      const net = salesFigures(orders, currency, range, course.id);
      const cell = row.locator(`[data-field="revenue"] [data-currency="${currency}"]`);
      if (net.orders === 0) await expect(cell).toHaveCount(0);
      else await expect(cell).toHaveAttribute('data-minor', String(net.net));
    }
  }

  // Filters: state, then a search on top.
  await page.getByLabel('State', { exact: true }).selectOption('published');
  const published = courses.filter((c) => c.state === 'published');
  await expect(page.getByTestId('course-count')).toHaveText(`${published.length} of ${courses.length} courses`);
  const word = published[0]!.title.split(' ')[0]!;
  await page.getByRole('searchbox', { name: 'Search courses' }).fill(word);
  const found = published.filter((c) => c.title.toLowerCase().includes(word.toLowerCase()) || c.slug.toLowerCase().includes(word.toLowerCase()));
  await expect(table.locator('tbody tr')).toHaveCount(found.length);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByTestId('course-count')).toHaveText(`${courses.length} courses`);

  // Sorting by enrollments puts the most enrolled first.
  await page.getByRole('columnheader', { name: /Enrollments/ }).getByRole('button').click();
  const most = [...courses].sort((a, b) => b.stats!.enrollments - a.stats!.enrollments)[0]!;
  await expect(table.locator('tbody tr').first().locator('[data-field="enrollments"]')).toHaveText(count(most.stats!.enrollments));

  // Drill down into the most enrolled course: enrollments over the range equal its raw enrollments.
  await table.locator(`tr[data-course-id="${most.id}"]`).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: most.title })).toBeVisible();
  const enrollments = await api.list<Enrollment>(`/api/v1/courses/${most.id}/enrollments`);
  const enrolledInRange = enrollments.filter((e) => inRange(e.enrolled_at, range)).length;
  const chart = page.locator('figure[data-chart^="Enrollments per"]');
  await chart.getByRole('button', { name: 'Show table' }).click();
  const cells = await chart.locator('tbody td').allTextContents();
  expect(cells.reduce((s, c) => s + Number(c.replace(/[^\d]/g, '')), 0)).toBe(enrolledInRange);
  for (const currency of [...new Set(orders.map((o) => o.currency))]) {
    const figures = salesFigures(orders, currency, range, most.id);
    const row = page.getByTestId('course-revenue').locator(`tr[data-currency="${currency}"]`);
    if (figures.orders === 0) await expect(row).toHaveCount(0);
    else await expect(row.locator('[data-field="net"]')).toHaveAttribute('data-minor', String(figures.net));
  }

  // Publish a draft: the app asks for courses:write (step-up), the admin allows it, the course is published.
  const draft = courses.find((c) => c.state === 'draft');
  test.skip(!draft, 'the demo school has no draft course');
  await page.goto(page.url().replace(/#.*$/, `#/courses/${encodeURIComponent(draft!.id)}`));
  await expect(page.getByRole('heading', { level: 1, name: draft!.title })).toBeVisible();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  // Publishing is visible to learners: the app confirms first, naming the course.
  const confirm = page.getByRole('dialog', { name: `Publish “${draft!.title}”?` });
  await confirm.getByRole('button', { name: 'Publish', exact: true }).click();
  const prompt = page.getByRole('alert').filter({ hasText: 'needs one more permission' });
  await expect(prompt).toContainText('Change your courses, publish and unpublish them');
  expect((await api.get<Course>(`/api/v1/courses/${draft!.id}`)).state).toBe('draft');
  await confirm.getByRole('button', { name: 'Grant access' }).click();
  await expect(page.locator('[data-state="published"]').first()).toBeVisible({ timeout: 20_000 });
  await expect.poll(async () => (await api.get<Course>(`/api/v1/courses/${draft!.id}`)).state).toBe('published');
  await expect(page.getByRole('button', { name: 'Unpublish', exact: true })).toBeVisible();
});

test('Analytics: sales per currency and per course, subscriptions and learning equal the platform', async ({ page, sandbox, context }) => {
  const api = await signedIn(page, sandbox, context);
  const orders = await api.list<Order>('/api/v1/orders');
  await page.getByRole('link', { name: 'Analytics', exact: true }).click();
  const range = await shownRange(page);

  const expectSales = async (currency: string, courseId?: string) => {
    const tiles = page.getByTestId('sales-tiles');
    await expect(tiles).toHaveAttribute('data-currency', currency);
    const figures = salesFigures(orders, currency, range, courseId);
    for (const [key, value] of Object.entries(figures)) {
      if (key === 'refund_rate') {
        const shown = Number(await tiles.locator(`[data-tile="${key}"]`).getAttribute('data-value'));
        expect(shown, `${currency} ${key}`).toBeCloseTo(value, 10);
      } else {
        await expect(tiles.locator(`[data-tile="${key}"]`), `${currency} ${key}`).toHaveAttribute('data-value', String(value));
      }
    }
    await expect(tiles.locator('[data-tile="net"]')).toContainText(money(figures.net, currency));
  };

  const currencies = [...new Set(orders.map((o) => o.currency))].sort();
  const tabs = page.getByRole('tablist', { name: 'Currency' });
  const first = (await tabs.getByRole('tab', { selected: true }).textContent())!;
  await expectSales(first);
  for (const currency of currencies.filter((c) => c !== first)) {
    await tabs.getByRole('tab', { name: currency }).click();
    await expectSales(currency);
  }

  // One course: only its line items count.
  const sold = orders.find((o) => SALE_STATES.has(o.state) && inRange(o.paid_at, range) && o.items.some((i) => i.course_id));
  const courseId = sold!.items.find((i) => i.course_id)!.course_id!;
  await page.getByLabel('Course', { exact: true }).selectOption(courseId);
  await tabs.getByRole('tab', { name: sold!.currency }).click().catch(() => undefined);
  await expectSales(sold!.currency, courseId);

  // The chart's table: the net per day adds up to the range's net.
  const chart = page.locator('figure[data-chart^="Revenue per"]');
  await chart.getByRole('button', { name: 'Show table' }).click();
  await expect(chart.getByRole('table')).toBeVisible();

  // Subscriptions: MRR and active subscribers per currency, from the raw subscriptions.
  await page.getByRole('button', { name: 'Subscriptions', exact: true }).click();
  const subscriptions = await api.list<Subscription>('/api/v1/subscriptions');
  const subTiles = page.getByTestId('subscription-tiles');
  await expect(subTiles).toBeVisible();
  const subCurrency = (await subTiles.getAttribute('data-currency'))!;
  const live = subscriptions.filter((s) => s.currency === subCurrency && (s.state === 'active' || s.state === 'past_due'));
  const monthly = (s: Subscription) => (s.interval === 'day' ? s.amount * 30 : s.interval === 'month' ? s.amount : Math.round(s.amount / 12));
  await expect(subTiles.locator('[data-tile="mrr"]')).toHaveAttribute('data-value', String(live.reduce((sum, s) => sum + monthly(s), 0)));
  await expect(subTiles.locator('[data-tile="active"]')).toHaveAttribute('data-value', String(live.length));
  const pastDue = subscriptions.filter((s) => s.state === 'past_due');
  await expect(page.getByTestId('past-due').locator('tbody tr')).toHaveCount(pastDue.length);

  // Learning: enrollments and completions in the range, from every course's raw enrollments.
  await page.getByRole('button', { name: 'Learning', exact: true }).click();
  const courses = await api.list<Course>('/api/v1/courses');
  let enrolled = 0;
  let completed = 0;
  for (const course of courses) {
    for (const e of await api.list<Enrollment>(`/api/v1/courses/${course.id}/enrollments`)) {
      if (inRange(e.enrolled_at, range)) enrolled += 1;
      if (inRange(e.completed_at, range)) completed += 1;
    }
  }
  const learning = page.getByTestId('learning-tiles');
  await expect(learning.locator('[data-tile="enrollments"]')).toHaveAttribute('data-value', String(enrolled));
  await expect(learning.locator('[data-tile="completions"]')).toHaveAttribute('data-value', String(completed));
});
