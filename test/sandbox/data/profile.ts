// What a demo school is made of: its market (currencies, time zone, prices, payment methods, when people buy)
// and its words (names, course titles, plans, events, posts …). Each school is one profile (school-*.ts); the
// generators read only this, never a language, so a new school is a new profile and nothing else.
import type { MembershipPlan, Order } from '../../../shared/platform/resources';

interface CourseTitle {
  title: string;
  categories: readonly [string, ...string[]];
}

/** A name part with its romanisation, for e-mail addresses. */
type NamePart = readonly [string, string];

interface EvergreenCoupon {
  code: string;
  kind: 'percent' | 'fixed';
  /** Percent, or minor units of `currency`. */
  off: number;
  currency: string | null;
  /** Days after the school was created. */
  startDay: number;
  /** Days after the school was created; null: open-ended. */
  endDay: number | null;
  usageLimit: number | null;
  state: 'active' | 'disabled';
  description: string;
}

/** A yearly sale: its coupon multiplies orders in its window (calendar.ts) and most buyers use it. */
interface SaleCoupon {
  code: string;
  percent: number;
  /** Local dates [month, day], the end exclusive. */
  start: readonly [number, number];
  end: readonly [number, number];
  description: string;
}

interface MembershipPlanSpec {
  name: string;
  kind: MembershipPlan['kind'];
  currency: string;
  prices: MembershipPlan['prices'];
}

interface SchoolWords {
  /**
   * The six tags the school's admin gives students and members, in a fixed order of meaning (newsletter, VIP,
   * company, scholarship, alumni, beta tester): students.ts stores them as bits.
   */
  studentTags: readonly [string, string, string, string, string, string];
  lecturerBios: readonly string[];
  lectureTitle(n: number, sectionTitle: string, part: number): string;
  attachmentName(kind: string, lecture: number, n: number): string;
  plans: { free: string; lifetime: string; extraLifetime(currency: string): string; monthly: string; specificLength: string; groupBuy: string; fixedDate: string; preOrder: string };
  /** A membership plan's line-item name for one of its prices (interval null: lifetime). */
  membershipItem(plan: string, interval: 'day' | 'month' | 'year' | null): string;
  membershipPlans: readonly MembershipPlanSpec[];
  digitalProducts: readonly string[];
  /** Whole minor units. */
  digitalProductPrices: readonly number[];
  orderBump(name: string): string;
  meetings: readonly (readonly [string, number])[];
  eventTitles: readonly string[];
  /** Ticket types in the order an event adds them, with their price in minor units. */
  ticketTiers: readonly (readonly [string, number])[];
  postTitles: readonly string[];
  /** The post categories' names, in the school's language (four: pcat_<school>_1 … _4). */
  postCategories: readonly [string, string, string, string];
  learnerComments: readonly string[];
  staffReply: string;
  forms: readonly string[];
  /** [title, path]; the last one is a draft. */
  pages: readonly (readonly [string, string])[];
  appearance: { theme: string; primary_color: string };
}

export interface SchoolProfile {
  id: string;
  name: string;
  subdomain: string;
  currency: string;
  extraCurrencies: string[];
  /** Share of orders in each extra currency. */
  extraCurrencyShare: number;
  timeZone: string;
  locale: 'en' | 'ja' | 'zh-TW';
  /** Share of all orders. */
  orderShare: number;
  categories: string[];
  tags: string[];
  /** Each course title with the categories it belongs to (its first is its main one), from `categories`. */
  courseTitles: CourseTitle[];
  /** In the order a course teaches them: a course takes some of these and keeps this order. */
  sectionTitles: string[];
  firstNames: readonly NamePart[];
  lastNames: readonly NamePart[];
  /** A person's name as the school's language writes it. */
  personName(first: string, last: string): string;
  /** Whole-unit price points of a course (dollars, yen). */
  coursePrices: number[];
  minorPerUnit: number;
  /** Minor units a percent discount is rounded to, per currency (default 1): TWD discounts are whole dollars. */
  discountStep?: Readonly<Record<string, number>>;
  pricing: {
    /** A price derived from another (a plan at 70 %), rounded to the school's price points. */
    round(minor: number): number;
    /** The monthly plan of a course costing `base`. */
    monthly(base: number): number;
    /** The lifetime plan's price in an extra currency. */
    extra(base: number, currency: string): number;
  };
  /** Relative order volume of a local date, before the growth trend, weekdays and sales. */
  season(date: { year: number; month: number; day: number }, dayOfYear: number): number;
  /** Relative orders per local hour, 0..23. */
  hours: readonly number[];
  /** Payment methods with their weights; `paymentMethodsAbroad` for orders in an extra currency (default the same). */
  paymentMethods: readonly (readonly [Order['payment_method'], number])[];
  paymentMethodsAbroad?: readonly (readonly [Order['payment_method'], number])[];
  evergreenCoupons: readonly EvergreenCoupon[];
  sales(year: number): SaleCoupon[];
  words: SchoolWords;
}

export const EMAIL_DOMAINS = ['example.com', 'example.org', 'example.net', 'mail.example'];

export const ATTACHMENT_KINDS = ['video', 'audio', 'pdf', 'image', 'embed', 'text'] as const;

export function titles(byTitle: Record<string, readonly [string, ...string[]]>): CourseTitle[] {
  return Object.entries(byTitle).map(([title, categories]) => ({ title, categories }));
}

/** The day of November after Thanksgiving (4th Thursday): Black Friday. */
export function blackFriday(year: number): number {
  return 23 + ((4 - new Date(Date.UTC(year, 10, 1)).getUTCDay() + 7) % 7);
}
