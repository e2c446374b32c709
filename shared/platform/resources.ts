// The business resources of the platform, as the sandbox serves them and the app validates them.
// The spec leaves these out ("not shown"); they are modelled on docs/domain.md and published by the
// sandbox in /openapi.json. Money is always integer minor units next to an ISO 4217 currency code;
// times are ISO 8601 strings in UTC.
import { z } from 'zod';

const id = z.string().min(1);
const isoTime = z.iso.datetime({ offset: true });
const minor = z.int(); // integer minor units; zero-decimal currencies (JPY, TWD) have none
const currency = z.string().regex(/^[A-Z]{3}$/);

/**
 * An id of a record of another list, declared as such in /openapi.json (`x-references`, see
 * docs/explorer.md, "Ids of other records"): a generic reader such as the explorer shows the record's name instead of the id.
 */
function idOf(operationId: string) {
  return id.meta({ 'x-references': { operationId } });
}

/** Every list endpoint answers with this envelope; `next_cursor` is null on the last page. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    meta: z.object({ total: z.int().nonnegative(), limit: z.int().positive(), next_cursor: z.string().nullable() }),
  });
}
export type Page<T> = { data: T[]; meta: { total: number; limit: number; next_cursor: string | null } };

export const School = z.object({
  id,
  name: z.string(),
  subdomain: z.string(),
  url: z.string(),
  currency,
  time_zone: z.string(),
  created_at: isoTime,
});
export type School = z.infer<typeof School>;

export const PricingPlan = z.object({
  id,
  kind: z.enum(['free', 'one_time', 'subscription', 'pre_order', 'group_buy', 'fixed_date', 'specific_length']),
  name: z.string(),
  price: minor,
  currency,
  interval: z.enum(['day', 'month', 'year']).nullable(),
});
export type PricingPlan = z.infer<typeof PricingPlan>;

export const CourseState = z.enum(['draft', 'published', 'hidden']);
export type CourseState = z.infer<typeof CourseState>;

/** Statistics are present only for a caller with courses:read; anonymous callers see published courses without them. */
const CourseStats = z.object({
  enrollments: z.int().nonnegative(),
  active_students: z.int().nonnegative(), // activity in the last 30 days
  completions: z.int().nonnegative(),
  completion_rate: z.number().min(0).max(1),
});

export const Course = z.object({
  id,
  title: z.string(),
  slug: z.string(),
  state: CourseState,
  categories: z.array(z.string()),
  tags: z.array(z.string()),
  lecturer_ids: z.array(id),
  pricing_plans: z.array(PricingPlan),
  created_at: isoTime,
  published_at: isoTime.nullable(),
  sections_count: z.int().nonnegative(),
  lectures_count: z.int().nonnegative(),
  stats: CourseStats.optional(),
  /** When the course last changed (state, title...): a queued write compares it before it is sent. */
  updated_at: isoTime.optional(),
});
export type Course = z.infer<typeof Course>;

const Attachment = z.object({
  kind: z.enum(['video', 'audio', 'pdf', 'image', 'embed', 'text']),
  name: z.string(),
});
const Lecture = z.object({
  id,
  title: z.string(),
  position: z.int(),
  duration_seconds: z.int().nonnegative(),
  attachments: z.array(Attachment),
});
export const Section = z.object({ id, title: z.string(), position: z.int(), lectures: z.array(Lecture) });
export const Curriculum = z.object({ course_id: id, sections: z.array(Section) });
export type Curriculum = z.infer<typeof Curriculum>;

export const Person = z.object({
  id,
  name: z.string(),
  email: z.string(),
  created_at: isoTime,
  tags: z.array(z.string()),
  /** When the record last changed (students: their tags). */
  updated_at: isoTime.optional(),
  /** The person's page in the school's admin site, where the platform gives one. */
  url: z.string().nullable().optional(),
});
export type Person = z.infer<typeof Person>;
/** A student as listStudents and getStudent send it: a Person with when it last changed (for updated_since). */
export const StudentRecord = Person.extend({ updated_at: isoTime });
export type StudentRecord = z.infer<typeof StudentRecord>;

export const Enrollment = z.object({
  id,
  student_id: id,
  course_id: id,
  enrolled_at: isoTime,
  progress: z.number().min(0).max(1),
  completed_at: isoTime.nullable(),
  last_activity_at: isoTime.nullable(),
  /** The section the learner reached last: where a stalled learner stopped. */
  current_section_id: id.nullable(),
  /** The latest of enrolled_at, last_activity_at and completed_at, or of a change through the API (for updated_since). */
  updated_at: isoTime,
  /** The course's pricing plan it was made on; null: free access or not known. */
  plan_id: id.nullable().optional(),
  /** A course's enrollment list names its learner. */
  student: z.object({ id, name: z.string(), email: z.string() }).optional(),
});
export type Enrollment = z.infer<typeof Enrollment>;

export const OrderState = z.enum(['not_paid', 'paid', 'expired', 'failed', 'manual_enrolled', 'refunded', 'refunding']);
export type OrderState = z.infer<typeof OrderState>;

export const LineItem = z.object({
  id,
  kind: z.enum(['curriculum_plan', 'membership_plan', 'ticket', 'digital_product', 'order_bump', 'meeting']),
  product_id: id,
  /** The course a curriculum plan belongs to; null for anything else. */
  course_id: id.nullable(),
  name: z.string(),
  original_amount: minor,
  discount_amount: minor,
  amount: minor,
});
export type LineItem = z.infer<typeof LineItem>;

export const Order = z.object({
  id,
  trade_number: z.string(),
  state: OrderState,
  buyer: z.object({ id, name: z.string(), email: z.string() }),
  payment_method: z.enum(['credit_card', 'atm', 'cvs', 'paypal', 'line_pay', 'apple_pay', 'free']),
  currency,
  original_amount: minor,
  discount_amount: minor,
  paid_amount: minor,
  refunded_amount: minor,
  coupon: z.object({ coupon_id: id, code: z.string() }).nullable(),
  items: z.array(LineItem),
  created_at: isoTime,
  paid_at: isoTime.nullable(),
  updated_at: isoTime,
});
export type Order = z.infer<typeof Order>;

export const Coupon = z.object({
  id,
  code: z.string(),
  /** What the school wrote about it (shown to admins, not a code); a platform may leave it out. */
  description: z.string().nullable().optional(),
  kind: z.enum(['percent', 'fixed']),
  percent_off: z.number().nullable(),
  amount_off: minor.nullable(),
  currency: currency.nullable(),
  starts_at: isoTime,
  ends_at: isoTime.nullable(),
  usage_limit: z.int().positive().nullable(),
  redemptions: z.int().nonnegative(),
  state: z.enum(['active', 'disabled']),
  /** A fixed coupon's amount in each currency it applies to (the first is amount_off/currency); null for percent. */
  amounts_off: z.array(z.object({ currency, amount: minor })).nullable().optional(),
  /** The courses it applies to; empty: every course. */
  course_ids: z.array(id).optional(),
  /** How many times one buyer may use it; null: no limit. */
  per_buyer_limit: z.int().positive().nullable().optional(),
  updated_at: isoTime,
});
export type Coupon = z.infer<typeof Coupon>;

export const MembershipPlan = z.object({
  id,
  name: z.string(),
  kind: z.enum(['recurring', 'fixed_date', 'specific_length', 'lifetime']),
  currency,
  prices: z.array(z.object({ interval: z.enum(['day', 'month', 'year']).nullable(), amount: minor })),
  course_ids: z.array(id),
  post_category_ids: z.array(idOf('listPostCategories')),
});
export type MembershipPlan = z.infer<typeof MembershipPlan>;

export const Subscription = z.object({
  id,
  member_id: id,
  member_name: z.string(),
  plan_id: id,
  state: z.enum(['active', 'incomplete', 'trialing', 'past_due', 'canceled', 'expired']),
  currency,
  amount: minor,
  interval: z.enum(['day', 'month', 'year']),
  started_at: isoTime,
  current_period_start: isoTime,
  current_period_end: isoTime,
  next_charge_at: isoTime.nullable(),
  canceling: z.boolean(),
  canceled_at: isoTime.nullable(),
  updated_at: isoTime,
});
export type Subscription = z.infer<typeof Subscription>;

/** Sales totals for one currency over one range. Net = gross - discounts - refunds. */
export const SalesTotals = z.object({
  gross: minor,
  discounts: minor,
  refunds: minor,
  net: minor,
  orders: z.int().nonnegative(),
  refunded_orders: z.int().nonnegative(),
  average_order_value: minor,
  refund_rate: z.number().min(0).max(1),
});
export type SalesTotals = z.infer<typeof SalesTotals>;

export const SalesReport = z.object({
  from: isoTime,
  to: isoTime,
  interval: z.enum(['day', 'week', 'month']),
  time_zone: z.string(),
  currencies: z.array(z.object({
    currency,
    current: SalesTotals,
    previous: SalesTotals,
    last_year: SalesTotals,
    series: z.array(SalesTotals.extend({ period_start: isoTime })),
  })),
});
export type SalesReport = z.infer<typeof SalesReport>;

export const LearningReport = z.object({
  from: isoTime,
  to: isoTime,
  enrollments: z.int().nonnegative(),
  active_students: z.int().nonnegative(),
  completions: z.int().nonnegative(),
  /** Of the range's enrollments, those completed before `to`: completion_rate's numerator. */
  enrollments_completed: z.int().nonnegative(),
  completion_rate: z.number().min(0).max(1),
  courses: z.array(z.object({
    course_id: id,
    title: z.string(),
    enrollments: z.int().nonnegative(),
    active_students: z.int().nonnegative(),
    completions: z.int().nonnegative(),
    enrollments_completed: z.int().nonnegative(),
    completion_rate: z.number().min(0).max(1),
  })),
});
export type LearningReport = z.infer<typeof LearningReport>;

export const CourseReport = z.object({
  course_id: id,
  from: isoTime,
  to: isoTime,
  enrollments_series: z.array(z.object({ period_start: isoTime, enrollments: z.int().nonnegative() })),
  /** Learners who reached and who completed each section, in curriculum order: the funnel of where they stall. */
  sections: z.array(z.object({ section_id: id, title: z.string(), reached: z.int().nonnegative(), completed: z.int().nonnegative() })),
  revenue: z.array(z.object({ currency, gross: minor, refunds: minor, net: minor, orders: z.int().nonnegative() })),
});
export type CourseReport = z.infer<typeof CourseReport>;

export const SubscriptionsReport = z.object({
  from: isoTime,
  to: isoTime,
  currencies: z.array(z.object({
    currency,
    mrr: minor,
    active_subscribers: z.int().nonnegative(),
    new_subscribers: z.int().nonnegative(),
    churned_subscribers: z.int().nonnegative(),
    churn_rate: z.number().min(0).max(1),
    past_due: z.int().nonnegative(),
    canceling: z.int().nonnegative(),
  })),
});
export type SubscriptionsReport = z.infer<typeof SubscriptionsReport>;

// Resources the dashboards do not chart yet; listed so every scope guards an endpoint.
export const Lecturer = z.object({ id, name: z.string(), bio: z.string(), course_ids: z.array(id), event_ids: z.array(id) });
export const SchoolEvent = z.object({
  id, title: z.string(), starts_at: isoTime, ends_at: isoTime, lecturer_ids: z.array(id),
  tickets: z.array(z.object({ id, name: z.string(), price: minor, currency, capacity: z.int().nonnegative(), sold: z.int().nonnegative() })),
  attendees: z.object({ enrolled: z.int(), checked_in: z.int(), no_show: z.int(), cancelled: z.int() }),
  /** Absent on a platform that does not version events: the outbox then cannot check for a change in between. */
  updated_at: isoTime.optional(),
});
export const EventAttendee = z.object({
  id, ticket_id: id, ticket_name: z.string(), order_id: id, name: z.string(), email: z.string(),
  status: z.enum(['enrolled', 'checked_in', 'no_show', 'cancelled']), bought_at: isoTime,
});
export const Post = z.object({ id, title: z.string(), access: z.enum(['login_required', 'paid', 'public']), category_id: idOf('listPostCategories').nullable(), published_at: isoTime.nullable() });
/** A category of posts, named in the school's language. */
export const PostCategory = z.object({ id, name: z.string() });
export type PostCategory = z.infer<typeof PostCategory>;
export const Comment = z.object({
  id,
  /** `title`: the course, lecture or post's title, where the platform gives it. */
  target: z.object({ kind: z.enum(['course', 'lecture', 'post']), id, title: z.string().optional() }),
  parent_id: id.nullable(), author_name: z.string(), body: z.string(), created_at: isoTime,
  /** staff: the school's own people (owner, admins, lecturers); absent on a platform that does not say. */
  author_role: z.enum(['learner', 'staff']).optional(),
  /** The comment on the school's site, where the admin answers it; absent where the platform gives none. */
  url: z.string().nullable().optional(),
});
export const DigitalProduct = z.object({ id, name: z.string(), price: minor, currency, state: z.enum(['draft', 'published']) });
export const Form = z.object({ id, title: z.string(), responses: z.int().nonnegative(), created_at: isoTime });
export const SitePage = z.object({ id, title: z.string(), path: z.string(), state: z.enum(['draft', 'published']) });
export const Appearance = z.object({ theme: z.string(), primary_color: z.string(), logo_url: z.string().nullable() });
export const Account = z.object({ id, name: z.string(), email: z.string(), role: z.enum(['owner', 'admin', 'staff']), time_zone: z.string() });
export const Upload = z.object({ id, name: z.string(), size: z.int().nonnegative(), content_type: z.string(), url: z.string() });
