// The report endpoints: query parsing and the figures' definitions in each summary.
import { CourseReport, LearningReport, SalesReport, SubscriptionsReport } from '../../../shared/platform/resources';
import type { BusinessRequest, BusinessRoute } from '../http/business-route';
import type { DemoPlatform, SchoolData } from '../data';
import { courseReport, learningReport, salesReport, subscriptionsReport, type ReportRange } from './analytics';
import { courseIndex } from './courses';
import { invalid, notFound, param, parseEnum, parseTimeZone, requireTime } from './params';
import { defineRoute, type QueryParameter } from './route';

const RANGE: QueryParameter[] = [
  { name: 'from', description: 'Start of the range, inclusive (ISO 8601)', required: true },
  { name: 'to', description: 'End of the range, exclusive (ISO 8601)', required: true },
];
const SERIES: QueryParameter[] = [
  { name: 'interval', description: 'Series bucket: day, week (ISO, from Monday) or month (default day)' },
  { name: 'time_zone', description: "IANA time zone of the buckets (default the school's)" },
];

function range(request: BusinessRequest, school: SchoolData): ReportRange {
  const from = requireTime(request.query, 'from');
  const to = requireTime(request.query, 'to');
  if (to <= from) throw invalid('to must be after from.');
  return {
    from,
    to,
    interval: parseEnum(request.query, 'interval', ['day', 'week', 'month'] as const) ?? 'day',
    timeZone: parseTimeZone(request.query, school.school.time_zone),
  };
}

const SALES_DEFINITION = 'Sales per currency (never mixed) of orders with paid_at in [from, to) and state paid, refunding or refunded: gross = sum of original_amount; discounts = sum of discount_amount; refunds = sum of refunded_amount; net = gross - discounts - refunds; orders = count; refunded_orders = count with refunded_amount > 0; average_order_value = round((gross - discounts) / orders), 0 without orders; refund_rate = refunded_orders / orders. Series: every day, ISO week (Monday) or month bucket of time_zone overlapping the range, period_start = the UTC instant of the local bucket start, zeros included; only orders inside [from, to) count. previous = the same length just before from; last_year = the same local dates one year earlier. With course_id: only that course\'s curriculum-plan line items count (gross = sum of item original_amount, discounts = sum of item discount_amount, refunds = sum of item amount in refunded orders, orders = orders containing the course).';
const LEARNING_DEFINITION = 'enrollments = enrollments with enrolled_at in [from, to); completions = enrollments with completed_at in [from, to); completion_rate = share of those enrollments (enrolled_at in [from, to)) with completed_at before to, 0 without enrollments; active_students = distinct students with an enrollment whose last_activity_at is in the 30 days that end at to, [to - 30 days, to) (the one definition of active students; Course.stats uses the same window ending now). The same per course.';
const COURSE_REPORT_DEFINITION = "For the course's enrollments with enrolled_at in [from, to): enrollments per interval bucket (as in sales series), and per section in curriculum order reached = enrollments whose current section is this one or a later one, completed = enrollments whose completed lectures include every lecture of this section and the ones before. Revenue per currency: the sales figures with course_id for the range (net = gross - discounts - refunds).";
const SUBSCRIPTIONS_DEFINITION = "Per currency. As of now: mrr = sum over subscriptions in state active or past_due of the amount normalised to a month (month: amount; year: round(amount / 12); day: amount * 30); active_subscribers = active + past_due; past_due; canceling = not ended subscriptions flagged canceling. Over [from, to): new_subscribers = started_at in range; churned_subscribers = canceled_at in range (canceled_at is when a subscription ended, canceled or expired); churn_rate = churned / subscriptions at from (started_at < from and canceled_at null or >= from), 0 when none, at most 1.";

export function analyticsRoutes(platform: DemoPlatform): BusinessRoute[] {
  return [
    defineRoute(platform, 'getSalesReport', {
      response: SalesReport,
      query: [...RANGE, ...SERIES, { name: 'course_id', description: "Only this course's line items" }],
      summary: SALES_DEFINITION,
      handle: (request, school) => {
        const r = range(request, school);
        const courseId = param(request.query, 'course_id');
        if (courseId === undefined) return salesReport(school, r);
        const index = courseIndex(school, courseId);
        if (index < 0) throw invalid(`course_id ${JSON.stringify(courseId)} names no course of this school.`);
        return salesReport(school, r, index);
      },
    }),
    defineRoute(platform, 'getLearningReport', {
      response: LearningReport,
      query: RANGE,
      summary: LEARNING_DEFINITION,
      handle: (request, school) => {
        const r = range(request, school);
        return learningReport(school, r.from, r.to);
      },
    }),
    defineRoute(platform, 'getCourseReport', {
      response: CourseReport,
      query: [...RANGE, ...SERIES],
      summary: COURSE_REPORT_DEFINITION,
      handle: (request, school) => {
        const id = request.params.course_id ?? '';
        const index = courseIndex(school, id);
        if (index < 0) throw notFound('course', id);
        return courseReport(school, index, range(request, school));
      },
    }),
    defineRoute(platform, 'getSubscriptionsReport', {
      response: SubscriptionsReport,
      query: RANGE,
      summary: SUBSCRIPTIONS_DEFINITION,
      handle: (request, school) => {
        const r = range(request, school);
        return subscriptionsReport(school, r.from, r.to);
      },
    }),
  ];
}
