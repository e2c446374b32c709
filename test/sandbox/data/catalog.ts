// What a school sells and shows: courses with curricula and pricing plans, lecturers, membership plans,
// coupons (with the promo windows that drive sales spikes), events, digital products and meetings, and the
// sellable products every order line item points at.
import type {
  Course, Coupon, Curriculum, LineItem, MembershipPlan, PostCategory, PricingPlan,
} from '../../../shared/platform/resources';
import { ATTACHMENT_KINDS, type SchoolProfile } from './profile';
import type { Random } from './random';
import { DAY_MS, localParts, zonedTimeToUtc } from './time-zone';

type ItemKind = LineItem['kind'];
export const ITEM_KINDS: readonly ItemKind[] = ['curriculum_plan', 'membership_plan', 'ticket', 'digital_product', 'order_bump', 'meeting'];

/** Something an order line item can buy. `kind` indexes ITEM_KINDS. */
interface Product {
  kind: number;
  productId: string;
  /** Index into the school's courses, or -1. */
  courseIndex: number;
  name: string;
  price: number;
  currency: string;
  /** A membership plan's billing interval (null: lifetime); undefined for other kinds. */
  interval?: 'day' | 'month' | 'year' | null;
}

export interface CourseRecord {
  course: Omit<Course, 'stats'>;
  curriculum: Curriculum;
  /** First lecture index of each section, then the total: section s spans [lectureStart[s], lectureStart[s+1]). */
  lectureStart: number[];
  /** When the course became sellable (ms), NaN for a draft. */
  sellableFrom: number;
  popularity: number;
  /** Per currency: product indexes of the plans sold for money. */
  paidProducts: Map<string, number[]>;
  /** The product a manual enrollment uses (the free plan, else the first plan). */
  manualProduct: number;
  /** Chance a learner stops at the start of each section (the course's stalling profile). */
  sectionDropout: number[];
}

export interface Ticket { id: string; name: string; price: number; currency: string; capacity: number; sold: number; product: number }
export interface EventRecord {
  id: string; title: string; starts_at: string; ends_at: string; lecturer_ids: string[];
  startsAtMs: number;
  updated_at: string;
  tickets: Ticket[];
  attendees: { enrolled: number; checked_in: number; no_show: number; cancelled: number };
}

export interface CouponRecord {
  coupon: Coupon;
  startsAtMs: number;
  endsAtMs: number; // Infinity when open-ended
  /** A sale whose window multiplies orders and most of whose buyers use it. */
  promo: boolean;
  /** Orders carrying it so far while generating (all states), to respect usage_limit. */
  used: number;
}

interface DigitalProductRecord { id: string; name: string; price: number; currency: string; state: 'draft' | 'published' }
interface LecturerRecord { id: string; name: string; bio: string; course_ids: string[]; event_ids: string[] }

export interface Catalog {
  courses: CourseRecord[];
  lecturers: LecturerRecord[];
  membershipPlans: MembershipPlan[];
  coupons: CouponRecord[];
  events: EventRecord[];
  digitalProducts: DigitalProductRecord[];
  products: Product[];
  /** Product indexes by kind, for picking. */
  membershipProducts: number[];
  digitalProductProducts: number[];
  orderBumpProducts: number[];
  meetingProducts: number[];
  /** The posts' categories (named in the school's language); posts and membership plans hold their ids. */
  postCategories: PostCategory[];
  postCategoryIds: string[];
}

/** As many slots as the categories list the former random pick shuffled. */
const FORMER_CATEGORY_DRAW: readonly number[] = [0, 1, 2, 3, 4, 5, 6];

const KIND = Object.fromEntries(ITEM_KINDS.map((k, i) => [k, i])) as Record<ItemKind, number>;

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** Whole seconds: the platform records times to the second. */
export function wholeSeconds(ms: number): number {
  return Math.floor(ms / 1000) * 1000;
}

export function buildCatalog(profile: SchoolProfile, no: number, rng: Random, historyStart: number, now: number): Catalog {
  const products: Product[] = [];
  const addProduct = (p: Product) => products.push(p) - 1;
  const { words, pricing } = profile;
  const money = (units: number) => Math.round(units * profile.minorPerUnit);

  // Lecturers
  const lecturerCount = rng.between(5, 9);
  const lecturers: LecturerRecord[] = [];
  for (let i = 0; i < lecturerCount; i++) {
    const first = rng.pick(profile.firstNames)[0];
    const last = rng.pick(profile.lastNames)[0];
    lecturers.push({
      id: `lec_${no}_${i + 1}`,
      name: profile.personName(first, last),
      bio: rng.pick(words.lecturerBios),
      course_ids: [],
      event_ids: [],
    });
  }

  // Courses
  const titles = rng.sample(profile.courseTitles, rng.between(20, Math.min(40, profile.courseTitles.length)));
  const span = now - historyStart;
  const courses: CourseRecord[] = titles.map(({ title, categories: titleCategories }, i) => {
    const id = `crs_${no}_${i + 1}`;
    // A third of the catalogue exists from the start; the rest arrives over the three years.
    const createdAt = wholeSeconds((i < titles.length / 3 ? historyStart - rng.between(10, 200) * DAY_MS : historyStart + rng.float() * span * 0.95) + rng.float() * DAY_MS);
    const stateRoll = rng.float();
    const draft = stateRoll < 0.12 || createdAt > now - 20 * DAY_MS;
    const state: Course['state'] = draft ? 'draft' : stateRoll < 0.24 ? 'hidden' : 'published';
    const publishedAt = draft ? NaN : wholeSeconds(Math.min(createdAt + rng.between(3, 30) * DAY_MS + rng.float() * DAY_MS, now - DAY_MS));
    const free = !draft && i % 17 === 5;

    // Curriculum
    const sectionCount = rng.between(3, 10);
    // Some of the school's sections, kept in the order a course teaches them (welcome first, final project last).
    const sectionTitles = rng.sample(profile.sectionTitles, sectionCount).sort((a, b) => profile.sectionTitles.indexOf(a) - profile.sectionTitles.indexOf(b));
    const lectureStart: number[] = [];
    let lectureTotal = 0;
    const sections = sectionTitles.map((sectionTitle, s) => {
      lectureStart.push(lectureTotal);
      const lectureCount = rng.between(2, 8);
      const lectures = Array.from({ length: lectureCount }, (_, l) => {
        const n = lectureTotal + l + 1;
        const attachments = Array.from({ length: rng.between(1, 3) }, (_, a) => {
          const kind = a === 0 ? 'video' : rng.pick(ATTACHMENT_KINDS);
          return { kind, name: words.attachmentName(kind, n, a + 1) };
        });
        return {
          id: `lct_${no}_${i + 1}_${n}`,
          title: words.lectureTitle(n, sectionTitle, l + 1),
          position: l + 1,
          duration_seconds: rng.between(180, 1800),
          attachments,
        };
      });
      lectureTotal += lectureCount;
      return { id: `sec_${no}_${i + 1}_${s + 1}`, title: sectionTitle, position: s + 1, lectures };
    });
    lectureStart.push(lectureTotal);

    // Stalling: learners drop at the start of sections, and one "wall" section loses far more.
    const wall = rng.between(1, sectionCount - 1);
    const sectionDropout = sections.map((_, s) => (s === 0 ? 0.12 + rng.float() * 0.1 : s === wall ? 0.25 + rng.float() * 0.2 : 0.03 + rng.float() * 0.06));

    // Pricing plans
    const plans: PricingPlan[] = [];
    const paidProducts = new Map<string, number[]>();
    const base = money(rng.pick(profile.coursePrices));
    const planId = (k: number) => `pln_${no}_${i + 1}_${k}`;
    const addPlan = (plan: PricingPlan, sellable: boolean) => {
      plans.push(plan);
      const product = addProduct({ kind: KIND.curriculum_plan, productId: plan.id, courseIndex: i, name: `${title} · ${plan.name}`, price: plan.price, currency: plan.currency });
      if (sellable) {
        const list = paidProducts.get(plan.currency) ?? [];
        list.push(product);
        paidProducts.set(plan.currency, list);
      }
      return product;
    };
    let manualProduct: number;
    const names = words.plans;
    if (free) {
      manualProduct = addPlan({ id: planId(1), kind: 'free', name: names.free, price: 0, currency: profile.currency, interval: null }, false);
    } else {
      manualProduct = addPlan({ id: planId(1), kind: 'one_time', name: names.lifetime, price: base, currency: profile.currency, interval: null }, true);
      for (const extra of profile.extraCurrencies) {
        addPlan({ id: planId(2), kind: 'one_time', name: names.extraLifetime(extra), price: pricing.extra(base, extra), currency: extra, interval: null }, true);
      }
      if (rng.chance(0.35)) addPlan({ id: planId(3), kind: 'subscription', name: names.monthly, price: pricing.monthly(base), currency: profile.currency, interval: 'month' }, true);
      if (rng.chance(0.2)) addPlan({ id: planId(4), kind: 'specific_length', name: names.specificLength, price: pricing.round(base * 0.7), currency: profile.currency, interval: null }, true);
      if (rng.chance(0.1)) addPlan({ id: planId(5), kind: 'group_buy', name: names.groupBuy, price: pricing.round(base * 0.85), currency: profile.currency, interval: null }, true);
      if (rng.chance(0.08)) addPlan({ id: planId(6), kind: 'fixed_date', name: names.fixedDate, price: pricing.round(base * 1.2), currency: profile.currency, interval: null }, true);
      if (createdAt > now - 150 * DAY_MS) addPlan({ id: planId(7), kind: 'pre_order', name: names.preOrder, price: pricing.round(base * 0.8), currency: profile.currency, interval: null }, true);
    }

    const lecturerIds = rng.sample(lecturers, rng.between(1, 3)).map((l) => l.id);
    // A course is filed under its title's categories (one, or its main one and a second). The shuffle that
    // once picked categories at random still takes its draws, so every later draw (tags, the next courses,
    // the orders built on them) and with it every count the tests rely on stays what it was.
    const categoryCount = rng.between(1, 2);
    rng.sample(FORMER_CATEGORY_DRAW, categoryCount);
    const course: Omit<Course, 'stats'> = {
      id,
      title,
      slug: slugify(title, i + 1),
      state,
      categories: titleCategories.slice(0, categoryCount),
      tags: rng.sample(profile.tags, rng.between(0, 3)),
      lecturer_ids: lecturerIds,
      pricing_plans: plans,
      created_at: iso(createdAt),
      published_at: Number.isNaN(publishedAt) ? null : iso(publishedAt),
      updated_at: iso(Number.isNaN(publishedAt) ? createdAt : publishedAt),
      sections_count: sections.length,
      lectures_count: lectureTotal,
    };
    return {
      course,
      curriculum: { course_id: id, sections },
      lectureStart,
      sellableFrom: free ? NaN : publishedAt,
      popularity: 1 / Math.pow(rng.float() * 8 + 1, 1.1),
      paidProducts,
      manualProduct,
      sectionDropout,
    };
  });
  for (const c of courses) for (const l of c.course.lecturer_ids) lecturers.find((x) => x.id === l)?.course_ids.push(c.course.id);

  // Membership plans: recurring ones make subscriptions; a lifetime pass is sold once.
  const publishedIds = courses.filter((c) => c.course.state === 'published').map((c) => c.course.id);
  const postCategories: PostCategory[] = words.postCategories.map((name, n) => ({ id: `pcat_${no}_${n + 1}`, name }));
  const postCategoryIds = postCategories.map((c) => c.id);
  const membershipProducts: number[] = [];
  const membershipPlans: MembershipPlan[] = words.membershipPlans.map((spec, p) => {
    const plan: MembershipPlan = {
      id: `mpl_${no}_${p + 1}`,
      name: spec.name,
      kind: spec.kind,
      currency: spec.currency,
      prices: spec.prices,
      course_ids: rng.sample(publishedIds, Math.max(1, Math.round(publishedIds.length * (0.3 + rng.float() * 0.6)))),
      post_category_ids: rng.sample(postCategoryIds, rng.between(1, 3)),
    };
    for (const price of spec.prices) {
      membershipProducts.push(addProduct({ kind: KIND.membership_plan, productId: plan.id, courseIndex: -1, name: words.membershipItem(plan.name, price.interval), price: price.amount, currency: plan.currency, interval: price.interval }));
    }
    return plan;
  });

  // Digital products, the order bumps that sell them at checkout, and mentoring meetings.
  const dpNames = words.digitalProducts;
  const digitalProducts: DigitalProductRecord[] = rng.sample(dpNames, rng.between(5, dpNames.length)).map((name, d) => ({
    id: `dp_${no}_${d + 1}`,
    name,
    price: rng.pick(words.digitalProductPrices),
    currency: profile.currency,
    state: d === 0 ? 'draft' : 'published',
  }));
  const digitalProductProducts: number[] = [];
  const orderBumpProducts: number[] = [];
  for (const dp of digitalProducts) {
    if (dp.state !== 'published') continue;
    digitalProductProducts.push(addProduct({ kind: KIND.digital_product, productId: dp.id, courseIndex: -1, name: dp.name, price: dp.price, currency: dp.currency }));
    orderBumpProducts.push(addProduct({ kind: KIND.order_bump, productId: dp.id, courseIndex: -1, name: words.orderBump(dp.name), price: pricing.round(dp.price * 0.6), currency: dp.currency }));
  }
  const meetingProducts = words.meetings.map(([name, price], m) => addProduct({ kind: KIND.meeting, productId: `mtg_${no}_${m + 1}`, courseIndex: -1, name, price, currency: profile.currency }));

  // Events with tickets, from the first year to two months ahead.
  const eventCount = rng.between(10, 14);
  const events: EventRecord[] = [];
  for (let e = 0; e < eventCount; e++) {
    const startsAt = wholeSeconds(historyStart + ((e + 0.5) / eventCount) * (span + 60 * DAY_MS) + rng.between(-5, 5) * DAY_MS);
    const lp = localParts(startsAt, profile.timeZone);
    events.push(makeEvent({ products, lecturers }, profile, no, e, lp, rng, historyStart, now));
  }

  return {
    courses, lecturers, membershipPlans, events, digitalProducts, products, membershipProducts, digitalProductProducts,
    orderBumpProducts, meetingProducts, postCategories, postCategoryIds,
    coupons: buildCoupons(profile, no, historyStart, now),
  };
}

/**
 * An event at 19:00 local time on a local date, with 1–3 ticket types (each for at least `minCapacity` seats),
 * taught by one or two lecturers. `e` numbers it in its school.
 */
function makeEvent(catalog: Pick<Catalog, 'products' | 'lecturers'>, profile: SchoolProfile, no: number, e: number, date: { year: number; month: number; day: number }, rng: Random, historyStart: number, now: number, minCapacity = 0): EventRecord {
  const { eventTitles, ticketTiers } = profile.words;
  const start = zonedTimeToUtc(date.year, date.month, date.day, 19, 0, 0, profile.timeZone);
  const id = `evt_${no}_${e + 1}`;
  const title = eventTitles[e % eventTitles.length]!;
  const tickets: Ticket[] = [];
  const tierCount = rng.between(1, 3);
  for (let t = 0; t < tierCount; t++) {
    const [name, price] = ticketTiers[t]!;
    const ticketId = `tkt_${no}_${e + 1}_${t + 1}`;
    const product = catalog.products.push({ kind: KIND.ticket, productId: ticketId, courseIndex: -1, name: `${title} · ${name}`, price, currency: profile.currency }) - 1;
    tickets.push({ id: ticketId, name, price, currency: profile.currency, capacity: Math.max(minCapacity, rng.between(3, 30) * 10), sold: 0, product });
  }
  const lecturerIds = rng.sample(catalog.lecturers, rng.between(1, 2)).map((l) => l.id);
  for (const l of lecturerIds) catalog.lecturers.find((x) => x.id === l)?.event_ids.push(id);
  return {
    id,
    title: `${title} #${Math.floor(e / eventTitles.length) + 1}`,
    starts_at: iso(start),
    ends_at: iso(start + 2 * 3_600_000),
    lecturer_ids: lecturerIds,
    startsAtMs: start,
    // Set up some weeks before it starts (never after the data's "now"); moved by every change.
    updated_at: iso(Math.max(historyStart, Math.min(start, now) - 30 * DAY_MS)),
    tickets,
    attendees: { enrolled: 0, checked_in: 0, no_show: 0, cancelled: 0 },
  };
}

/** Days before an event that its tickets are on sale (orders.ts sells them in that window only). */
export const TICKET_SALE_DAYS = 45;

/**
 * An event in the coming week (1 to 6 local days after `now`, 19:00), so every school has one with seats left
 * whatever day the data is made for: each ticket type has room for more than every order of its sale window,
 * `ordersOnSale`, could buy (orders.ts sells a ticket to about 1 order in 20). Events stay in start order.
 */
export function addUpcomingEvent(catalog: Catalog, profile: SchoolProfile, no: number, rng: Random, historyStart: number, now: number, ordersOnSale: (from: number) => number): void {
  const today = localParts(now - 1, profile.timeZone);
  const date = { year: today.year, month: today.month, day: today.day + rng.between(1, 6) };
  const start = zonedTimeToUtc(date.year, date.month, date.day, 19, 0, 0, profile.timeZone);
  const minCapacity = Math.ceil((0.1 * ordersOnSale(start - TICKET_SALE_DAYS * DAY_MS) + 10) / 10) * 10;
  catalog.events.push(makeEvent(catalog, profile, no, catalog.events.length, date, rng, historyStart, now, minCapacity));
  catalog.events.sort((a, b) => a.startsAtMs - b.startsAtMs);
}

function slugify(title: string, n: number): string {
  const ascii = title.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return ascii.length >= 3 ? ascii : `course-${n}`;
}

/**
 * Evergreen coupons, one coupon per yearly sale (the sales multiply orders: see calendar.ts), and the next sale's
 * coupon, set up a few days ago and scheduled to start after `now`.
 */
function buildCoupons(profile: SchoolProfile, no: number, historyStart: number, now: number): CouponRecord[] {
  const tz = profile.timeZone;
  const created = historyStart - 30 * DAY_MS;
  const list: CouponRecord[] = [];
  const add = (code: string, kind: 'percent' | 'fixed', off: number, currency: string | null, startsAt: number, endsAt: number, usageLimit: number | null, promo: boolean, state: 'active' | 'disabled', description: string, updatedAt = startsAt) => {
    list.push({
      coupon: {
        id: `cpn_${no}_${list.length + 1}`,
        code,
        description,
        kind,
        percent_off: kind === 'percent' ? off : null,
        amount_off: kind === 'fixed' ? off : null,
        currency: kind === 'fixed' ? currency : null,
        starts_at: iso(startsAt),
        ends_at: Number.isFinite(endsAt) ? iso(endsAt) : null,
        usage_limit: usageLimit,
        redemptions: 0,
        state,
        amounts_off: kind === 'fixed' && currency ? [{ currency, amount: off }] : null,
        course_ids: [],
        per_buyer_limit: null,
        updated_at: iso(updatedAt),
      },
      startsAtMs: startsAt,
      endsAtMs: endsAt,
      promo,
      used: 0,
    });
  };
  for (const c of profile.evergreenCoupons) {
    add(c.code, c.kind, c.off, c.currency, created + c.startDay * DAY_MS, c.endDay === null ? Infinity : created + c.endDay * DAY_MS, c.usageLimit, false, c.state, c.description);
  }
  const first = localParts(historyStart, tz).year;
  const last = localParts(now, tz).year;
  const at = ([m, d]: readonly [number, number], y: number) => zonedTimeToUtc(y, m, d, 0, 0, 0, tz);
  let scheduled = false;
  for (let y = first; y <= last + 1; y++) {
    for (const sale of profile.sales(y)) {
      const start = at(sale.start, y);
      const end = at(sale.end, y);
      if (end <= historyStart || (start >= now && scheduled)) continue;
      if (start >= now) scheduled = true;
      add(sale.code, 'percent', sale.percent, null, start, end, null, true, 'active', sale.description, start < now ? start : wholeSeconds(now - 3 * DAY_MS));
    }
  }
  return list;
}
