// The demo data moves with its anchor `now` (today, UTC midnight, by default), so the tests that read it run on
// different data every day. What each school is guaranteed to hold near `now` (docs/business-api.md, "What
// each school holds near now") is checked here for every day of a year and for random instants, at a small
// size (where a window can be empty unless the generator sees to it) and a few at a large one. Dates and
// windows are computed here with Intl, not with the generator's own helpers.
import { describe, expect, it } from 'vitest';
import type { Enrollment, Order, Subscription } from '../../../shared/platform/resources';
import { createDemoPlatform, type SchoolData } from '../../sandbox/data';
import { STATE } from '../../sandbox/data/orders';
import { Random } from '../../sandbox/data/random';

const DAY = 86_400_000;
const SALE = new Set(['paid', 'refunding', 'refunded']);
type Comment = SchoolData['extras']['comments'][number];

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** The local calendar date of an instant, YYYY-MM-DD. */
function localDate(ms: number, timeZone: string): string {
  let f = dateFormats.get(timeZone);
  if (!f) dateFormats.set(timeZone, (f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return f.format(new Date(ms));
}

function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
}

/** Terminal columns: CJK characters and full-width forms take two, as they do in the app's tables. */
function columns(text: string): number {
  let n = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    const wide = (c >= 0x1100 && c <= 0x115f) || (c >= 0x2e80 && c <= 0xa4cf) || (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xfe30 && c <= 0xfe4f) || (c >= 0xff00 && c <= 0xff60) || (c >= 0xffe0 && c <= 0xffe6);
    n += wide ? 2 : 1;
  }
  return n;
}

/** A learner's comment nobody on staff answered later in its thread. */
function unanswered(comments: Comment[]): Comment[] {
  const byId = new Map(comments.map((c) => [c.id, c]));
  const root = (c: Comment): string => (c.parent_id && byId.has(c.parent_id) ? root(byId.get(c.parent_id)!) : c.id);
  return comments.filter((c) => c.author_role === 'learner' && !comments.some((s) => s.author_role === 'staff' && root(s) === root(c) && s.created_at > c.created_at));
}

/** Every guarantee broken by one school's data, as sentences. */
function brokenGuarantees(data: SchoolData, now: number): string[] {
  const tz = data.school.time_zone;
  const today = localDate(now - 1, tz);
  const yesterday = dayBefore(today);
  const within = (iso: string | null, from: number, to: number) => iso !== null && Date.parse(iso) >= from && Date.parse(iso) < to;
  // Every guarantee is about the last 30 days: only the records that changed since are read, as the API serves them.
  const orders: Order[] = [];
  for (let i = 0; i < data.orders.count; i++) if (data.orders.updatedAt[i]! >= now - 31 * DAY) orders.push(data.orders.materialize(i, data.catalog, data.students));
  const enrollments: Enrollment[] = [];
  for (let i = 0; i < data.enrollments.count; i++) if (data.enrollments.updatedAtMs(i) >= now - 31 * DAY) enrollments.push(data.enrollments.materialize(i, data.catalog, (s) => data.students.id(s)));
  const subscriptions: Subscription[] = data.subscriptions;
  const broken: string[] = [];
  const atLeast = (what: string, count: number, n: number) => { if (count < n) broken.push(`${what}: ${count} (at least ${n})`); };

  const paidOn = (date: string) => orders.filter((o) => o.state === 'paid' && o.paid_amount > 0 && o.paid_at !== null && Date.parse(o.paid_at) < now && localDate(Date.parse(o.paid_at), tz) === date).length;
  atLeast('orders paid today', paidOn(today), 2);
  atLeast('orders paid yesterday', paidOn(yesterday), 2);
  atLeast('failed payments in the last 3 days', orders.filter((o) => o.state === 'failed' && within(o.created_at, now - 3 * DAY, now)).length, 2);
  atLeast('failed payments with a discount in the last 10 days', orders.filter((o) => o.state === 'failed' && o.discount_amount > 0 && o.coupon !== null && within(o.created_at, now - 10 * DAY, now)).length, 1);
  for (const currency of data.currencies) {
    atLeast(`refunds in ${currency} done in the last 5 days`, orders.filter((o) => o.state === 'refunded' && o.currency === currency && o.refunded_amount === o.paid_amount && o.paid_amount > 0 && within(o.updated_at, now - 5 * DAY, now) && within(o.paid_at, now - 30 * DAY, now)).length, 1);
  }
  atLeast('refunds asked in the last 2 days', orders.filter((o) => o.state === 'refunding' && o.paid_amount > 0 && within(o.updated_at, now - 2 * DAY, now)).length, 1);
  const recentUses = new Map<string, number>();
  for (const o of orders) if (o.coupon && SALE.has(o.state) && o.paid_amount > 0 && within(o.created_at, now - 30 * DAY, now)) recentUses.set(o.coupon.code, (recentUses.get(o.coupon.code) ?? 0) + 1);
  atLeast('most orders of one coupon in the last 30 days', Math.max(0, ...recentUses.values()), 3);
  atLeast('paid orders of several courses in the last 14 days', orders.filter((o) => o.state === 'paid' && o.paid_amount > 0 && within(o.paid_at, now - 14 * DAY, now) && new Set(o.items.flatMap((item) => (item.kind === 'curriculum_plan' && item.course_id ? [item.course_id] : []))).size >= 2).length, 1);

  atLeast('past-due subscriptions whose period began in the last 10 days', subscriptions.filter((s) => s.state === 'past_due' && within(s.current_period_start, now - 10 * DAY, now)).length, 1);
  atLeast('subscriptions canceling at a period end in the next 30 days', subscriptions.filter((s) => s.state === 'active' && s.canceling && s.next_charge_at === null && Date.parse(s.current_period_end) > now && Date.parse(s.current_period_end) <= now + 30 * DAY).length, 2);

  atLeast('unanswered learner comments from the last 7 days', unanswered(data.extras.comments).filter((c) => within(c.created_at, now - 7 * DAY, now)).length, 2);
  atLeast('completions in the last 7 days', enrollments.filter((e) => within(e.completed_at, now - 7 * DAY, now)).length, 2);
  // Stalled now (no activity for more than 14 days) but not a week ago.
  atLeast('learners who stalled this week', enrollments.filter((e) => e.completed_at === null && e.last_activity_at !== null && now - Date.parse(e.last_activity_at) > 14 * DAY && now - 7 * DAY - Date.parse(e.last_activity_at) <= 14 * DAY).length, 2);

  atLeast('events in the next 7 days with seats left', data.catalog.events.filter((e) => Date.parse(e.starts_at) > now && Date.parse(e.starts_at) <= now + 7 * DAY && e.tickets.some((t) => t.sold < t.capacity)).length, 1);
  const coupons = data.catalog.coupons.map((c) => c.coupon);
  atLeast('expired coupons', coupons.filter((c) => c.ends_at !== null && Date.parse(c.ends_at) <= now).length, 1);
  atLeast('scheduled coupons', coupons.filter((c) => c.state === 'active' && Date.parse(c.starts_at) > now && c.redemptions === 0).length, 1);
  atLeast('disabled coupons', coupons.filter((c) => c.state === 'disabled').length, 1);
  return broken;
}

/** Texts longer than the app's tables and cards are laid out for (columns: CJK counts two). */
function tooLong(data: SchoolData): string[] {
  const found: string[] = [];
  const check = (what: string, text: string, max: number) => { if (columns(text) > max) found.push(`${what} "${text}" (${columns(text)} columns, at most ${max})`); };
  check('school name', data.school.name, 24);
  for (let s = 0; s < data.students.count; s++) {
    const first = data.profile.firstNames[data.students.first[s]!]![0];
    const last = data.profile.lastNames[data.students.last[s]!]![0];
    // The Orders table gives a buyer a first and a last name on two lines.
    check('first name', first, 10);
    check('last name', last, 10);
    check('student name', data.students.name(s), 20);
  }
  for (const m of data.members) check('member name', m.name, 20);
  for (const l of data.catalog.lecturers) check('lecturer name', l.name, 20);
  for (const c of data.extras.comments) check('comment author', c.author_name, 20);
  for (const { course, curriculum } of data.catalog.courses) {
    check('course title', course.title, 36);
    for (const p of course.pricing_plans) check('plan name', p.name, 24);
    for (const s of curriculum.sections) {
      check('section title', s.title, 30);
      for (const l of s.lectures) check('lecture title', l.title, 50);
    }
  }
  for (const p of data.catalog.products) check('line item name', p.name, 60);
  for (const e of data.catalog.events) check('event title', e.title, 30);
  for (const { coupon } of data.catalog.coupons) {
    check('coupon code', coupon.code, 16);
    check('coupon description', coupon.description ?? '', 40);
  }
  for (const p of data.catalog.membershipPlans) check('membership plan', p.name, 24);
  return [...new Set(found)];
}

function problemsAt(now: Date, orders: number, seed: number): string[] {
  const platform = createDemoPlatform({ orders, seed, now });
  const problems: string[] = [];
  for (const school of platform.schools) {
    const data = platform.data.get(school.id)!;
    for (const p of [...brokenGuarantees(data, now.getTime()), ...tooLong(data)]) problems.push(`${now.toISOString()} seed ${seed} ${orders} orders, ${school.name}: ${p}`);
  }
  return problems;
}

describe('the demo data on any day', () => {
  it('holds every guarantee near now, names and titles within their lengths, for every day of a year (small size)', () => {
    const problems: string[] = [];
    for (let d = 0; d < 366; d++) problems.push(...problemsAt(new Date(Date.UTC(2027, 0, 1) + d * DAY), 300, 1 + (d % 5)));
    expect(problems).toEqual([]);
  }, 300_000);

  it('holds them at instants that are not midnights, across the years the schools sell in', () => {
    const random = new Random(2026);
    const problems: string[] = [];
    for (let k = 0; k < 60; k++) {
      const now = new Date(Date.UTC(2019, 0, 1) + Math.floor(random.float() * 20 * 365 * DAY) + random.int(1000));
      problems.push(...problemsAt(now, 200 + random.int(600), 1 + random.int(1000)));
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('holds them at the sizes the app is tried at (20 000 orders), where every window has orders of its own', () => {
    const problems: string[] = [];
    for (const now of ['2026-11-21T00:00:00Z', '2027-02-06T00:00:00Z', '2027-03-14T07:00:00Z']) problems.push(...problemsAt(new Date(now), 20_000, 1));
    expect(problems).toEqual([]);
  }, 300_000);

  it('fails when a guarantee is broken: a school without its refunds, without its upcoming event', () => {
    const now = Date.UTC(2027, 5, 1);
    const platform = createDemoPlatform({ orders: 300, seed: 3, now: new Date(now) });
    const data = platform.data.get(platform.schools[2]!.id)!;
    expect(brokenGuarantees(data, now)).toEqual([]);
    for (let i = 0; i < data.orders.count; i++) if (data.orders.state[i] === STATE.refunded) data.orders.updatedAt[i] = now - 20 * DAY;
    data.catalog.events.splice(0, data.catalog.events.length, ...data.catalog.events.filter((e) => e.startsAtMs <= now || e.startsAtMs > now + 7 * DAY));
    expect(brokenGuarantees(data, now)).toEqual([
      'refunds in TWD done in the last 5 days: 0 (at least 1)',
      'refunds in USD done in the last 5 days: 0 (at least 1)',
      'events in the next 7 days with seats left: 0 (at least 1)',
    ]);
  });
});
