// The app's own model of courses (camelCase), what the IPC contract speaks. Platform payloads (snake_case)
// are mapped into it in one place: electron/services/platform/courses-platform.ts. Money is integer minor
// units next to its currency. A course's learner figures (enrollments, completion, the section funnel) are
// the learning model's; this is the catalogue and its revenue.
import { z } from 'zod';
import { CurrencyCode } from './money';

const id = z.string().min(1).max(256);
const isoTime = z.iso.datetime({ offset: true });

export const BillingInterval = z.enum(['day', 'month', 'year']);
export type BillingInterval = z.infer<typeof BillingInterval>;

export const PricingPlan = z.object({
  id,
  kind: z.enum(['free', 'one_time', 'subscription', 'pre_order', 'group_buy', 'fixed_date', 'specific_length']),
  name: z.string(),
  /** Integer minor units. */
  price: z.int(),
  currency: CurrencyCode,
  /** How often a subscription plan charges; null for a one-off price. */
  interval: BillingInterval.nullable(),
});
export type PricingPlan = z.infer<typeof PricingPlan>;

export const CourseState = z.enum(['draft', 'published', 'hidden']);
export type CourseState = z.infer<typeof CourseState>;

/** All-time statistics; absent for a caller without courses:read. */
const CourseStats = z.object({
  enrollments: z.int().nonnegative(),
  /** Active in the last 30 days. */
  activeStudents: z.int().nonnegative(),
  completions: z.int().nonnegative(),
  completionRate: z.number().min(0).max(1),
});
type CourseStats = z.infer<typeof CourseStats>;

export const Course = z.object({
  id,
  title: z.string(),
  slug: z.string(),
  state: CourseState,
  categories: z.array(z.string()),
  tags: z.array(z.string()),
  lecturerIds: z.array(id),
  pricingPlans: z.array(PricingPlan),
  createdAt: isoTime,
  publishedAt: isoTime.nullable(),
  sectionsCount: z.int().nonnegative(),
  lecturesCount: z.int().nonnegative(),
  stats: CourseStats.optional(),
  /** When the course last changed: a queued write compares it before it is sent. Null: the platform did not say. */
  updatedAt: isoTime.nullable(),
});
export type Course = z.infer<typeof Course>;

const Lecture = z.object({
  id,
  title: z.string(),
  position: z.int(),
  durationSeconds: z.int().nonnegative(),
  attachments: z.array(z.object({ kind: z.enum(['video', 'audio', 'pdf', 'image', 'embed', 'text']), name: z.string() })),
});
const CurriculumSection = z.object({ id, title: z.string(), position: z.int(), lectures: z.array(Lecture) });
export const Curriculum = z.object({ courseId: id, sections: z.array(CurriculumSection) });
export type Curriculum = z.infer<typeof Curriculum>;

/** What a course sold in one currency over a range (docs/business-api.md, sales with one course). */
export const CourseRevenue = z.object({
  currency: CurrencyCode,
  /** List price of the course's line items, before discounts. */
  gross: z.int(),
  refunds: z.int(),
  /** gross − discounts − refunds. */
  net: z.int(),
  /** Orders containing the course. */
  orders: z.int().nonnegative(),
});
export type CourseRevenue = z.infer<typeof CourseRevenue>;

/**
 * One course over a range: its revenue per currency. Its learners (enrollments per period, the section funnel)
 * are the learning model's (shared/model/learning.ts), beside it in CourseDetail.
 */
export const CourseReport = z.object({
  courseId: id,
  from: isoTime,
  to: isoTime,
  revenue: z.array(CourseRevenue),
});
export type CourseReport = z.infer<typeof CourseReport>;
