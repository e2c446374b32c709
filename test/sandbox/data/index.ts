// The demo platform: one admin running three seeded schools, Lumen Academy (USD with some EUR, New York),
// さくら学び舎 (JPY, zero-decimal, Tokyo) and 知行學苑 (TWD with some USD, Taipei). Same seed, size and `now`
// give the same data, byte for byte; near `now` every school holds what recent.ts and its kin guarantee.
// Orders, students and enrollments are columnar (see orders.ts); the rest are plain resource objects that
// the write endpoints change in place while the server runs.
import type { Person, School, Subscription } from '../../../shared/platform/resources';
import { addUpcomingEvent, buildCatalog, iso, type Catalog, type EventRecord, type Ticket } from './catalog';
import { buildOrderCalendar } from './calendar';
import type { SchoolProfile } from './profile';
import { SCHOOL_PROFILES } from './schools';
import { generateEnrollments, settleRecentLearning, type EnrollmentStore } from './enrollments';
import { generateExtras, type SchoolExtras } from './extras';
import { generateOrders, SALE_STATES, type OrderStore } from './orders';
import { Random } from './random';
import { placeRecentOrders, recentOrderRoles } from './recent';
import { StudentStore } from './students';
import { generateSubscriptions } from './subscriptions';
import { isActiveAt } from './activity';
import { DAY_MS } from './time-zone';

interface CourseStatsRecord {
  enrollments: number;
  active_students: number;
  completions: number;
  completion_rate: number;
}

export interface SchoolData {
  /** 1-based number used inside this school's ids. */
  no: number;
  profile: SchoolProfile;
  /** The same object as in DemoPlatform.schools (PATCH /school changes it in place). */
  school: School;
  currencies: string[];
  catalog: Catalog;
  students: StudentStore;
  orders: OrderStore;
  enrollments: EnrollmentStore;
  members: Person[];
  subscriptions: Subscription[];
  extras: SchoolExtras;
  /** All-time statistics per course index, as of `now`. */
  courseStats: CourseStatsRecord[];
  uploads: { id: string; name: string; size: number; content_type: string; url: string }[];
}

export interface DemoPlatform {
  admin: { id: string; name: string; email: string };
  schools: School[];
  seed: number;
  /** The data's anchor: everything seeded happened before it. */
  now: Date;
  /** The clock the write endpoints stamp changes with (publishing, cancelling). */
  clock: () => number;
  data: Map<string, SchoolData>;
}

interface DemoPlatformOptions {
  seed?: number;
  /** Total orders across the schools (default 20 000). */
  orders?: number;
  /** Students in each school (default: 42 % of its orders); the Students page's benchmarks and large-count tests set it. */
  studentsPerSchool?: number;
  /** Anchors the data's last day (default: today, UTC midnight). */
  now?: Date;
  clock?: () => number;
}

const HISTORY_DAYS = 3 * 365;

export function createDemoPlatform(options: DemoPlatformOptions = {}): DemoPlatform {
  const now = options.now ?? new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);
  const nowMs = now.getTime();
  const seed = options.seed ?? 1;
  const totalOrders = Math.max(0, Math.floor(options.orders ?? 20_000));
  if (!Number.isFinite(nowMs)) throw new Error('createDemoPlatform: `now` is not a valid date');
  const historyStart = Math.floor((nowMs - HISTORY_DAYS * DAY_MS) / 1000) * 1000;
  const schoolCreated = historyStart - 30 * DAY_MS;
  const admin = { id: 'adm_demo', name: 'Alex Morgan', email: 'alex.morgan@school.example' };
  const root = new Random(seed);

  const data = new Map<string, SchoolData>();
  const schools: School[] = [];
  let remaining = totalOrders;
  SCHOOL_PROFILES.forEach((profile, k) => {
    const no = k + 1;
    const orderCount = k === SCHOOL_PROFILES.length - 1 ? remaining : Math.round(totalOrders * profile.orderShare);
    remaining -= orderCount;
    const rng = root.fork(`school:${profile.id}`);
    const school: School = {
      id: profile.id,
      name: profile.name,
      subdomain: profile.subdomain,
      url: `https://${profile.subdomain}.school.example`,
      currency: profile.currency,
      time_zone: profile.timeZone,
      created_at: iso(schoolCreated),
    };
    schools.push(school);

    const catalog = buildCatalog(profile, no, rng.fork('catalog'), historyStart, nowMs);
    const calendar = buildOrderCalendar(profile, rng.fork('calendar'), historyStart, HISTORY_DAYS, orderCount, catalog.coupons);
    const roles = placeRecentOrders(calendar.createdAt, recentOrderRoles(profile, catalog, nowMs, rng.fork('recent')), rng.fork('recent-orders'));
    addUpcomingEvent(catalog, profile, no, rng.fork('upcoming-event'), historyStart, nowMs, (from) => ordersBetween(calendar.createdAt, from, nowMs));
    const students = new StudentStore(options.studentsPerSchool !== undefined ? Math.max(10, Math.floor(options.studentsPerSchool)) : Math.max(10, Math.round(orderCount * 0.42)), no, profile);
    const names = rng.fork('students');
    for (let s = 0; s < students.count; s++) {
      students.first[s] = names.int(profile.firstNames.length);
      students.last[s] = names.int(profile.lastNames.length);
      students.domain[s] = names.int(4);
      const r = names.float();
      students.tagBits[s] = (r < 0.25 ? 1 : 0) | (r < 0.03 ? 2 : 0) | (r > 0.98 ? 4 : 0) | (r > 0.6 && r < 0.62 ? 8 : 0);
    }
    const orders = generateOrders({ profile, no, rng: rng.fork('orders'), now: nowMs, schoolCreated, calendar, catalog, students, roles });
    const enrollments = generateEnrollments(orders, catalog, students.count, rng.fork('enrollments'), nowMs, no);
    settleRecentLearning(enrollments, catalog, nowMs, rng.fork('recent-learning'));
    const { members, subscriptions } = generateSubscriptions(profile, no, rng.fork('subscriptions'), catalog.membershipPlans, calendar.dayWeights, historyStart, nowMs, orderCount);
    const extras = generateExtras(profile, no, rng.fork('extras'), catalog, historyStart, nowMs, admin);
    settleCounters(catalog, orders, nowMs);

    data.set(school.id, {
      no, profile, school, currencies: [...orders.currencies], catalog, students, orders, enrollments, members, subscriptions, extras,
      courseStats: computeCourseStats(catalog, enrollments, students.count, nowMs),
      uploads: [],
    });
  });
  return { admin, schools, seed, now, clock: options.clock ?? Date.now, data };
}

/** Orders created in [from, to) (`createdAt` sorted). */
function ordersBetween(createdAt: Float64Array, from: number, to: number): number {
  let n = 0;
  for (const t of createdAt) if (t >= from && t < to) n++;
  return n;
}

/** Coupon redemptions and ticket sales, counted from the orders so they always agree with them. */
function settleCounters(catalog: Catalog, orders: OrderStore, now: number): void {
  const redemptions = new Uint32Array(catalog.coupons.length);
  const ticketOf: ({ e: EventRecord; t: Ticket } | undefined)[] = new Array(catalog.products.length);
  for (const e of catalog.events) for (const t of e.tickets) ticketOf[t.product] = { e, t };
  const refundedTickets = new Map<string, number>();
  for (let i = 0; i < orders.count; i++) {
    const state = orders.state[i] as number;
    if (!SALE_STATES.has(state)) continue;
    const c = orders.coupon[i] as number;
    if (c >= 0) redemptions[c]!++;
    for (let k = orders.itemStart[i] as number; k < (orders.itemStart[i + 1] as number); k++) {
      const hit = ticketOf[orders.itemProduct[k] as number];
      if (!hit) continue;
      if (orders.refunded[i] === 0) hit.t.sold++;
      else refundedTickets.set(hit.e.id, (refundedTickets.get(hit.e.id) ?? 0) + 1);
    }
  }
  catalog.coupons.forEach((c, k) => (c.coupon.redemptions = redemptions[k]!));
  for (const e of catalog.events) {
    const sold = e.tickets.reduce((n, t) => n + t.sold, 0);
    const past = e.startsAtMs < now;
    const checkedIn = past ? Math.round(sold * 0.82) : 0;
    e.attendees = { enrolled: sold, checked_in: checkedIn, no_show: past ? sold - checkedIn : 0, cancelled: refundedTickets.get(e.id) ?? 0 };
  }
}

/** Course.stats: all-time enrollments and completions, students active at `now` (see activity.ts). */
function computeCourseStats(catalog: Catalog, enrollments: EnrollmentStore, studentCount: number, now: number): CourseStatsRecord[] {
  // Distinct students per course: mark each student with the course last counted for.
  const counted = new Int32Array(studentCount).fill(-1);
  return catalog.courses.map((_, c) => {
    const list = enrollments.forCourse(c);
    let completions = 0;
    let active = 0;
    for (const e of list) {
      if (!Number.isNaN(enrollments.completedAt[e] as number)) completions++;
      const last = enrollments.lastActivityAt[e] as number;
      const student = enrollments.student[e] as number;
      if (isActiveAt(last, now) && counted[student] !== c) {
        counted[student] = c;
        active++;
      }
    }
    return { enrollments: list.length, active_students: active, completions, completion_rate: list.length === 0 ? 0 : Math.min(1, completions / list.length) };
  });
}
