// The business operations the app uses, with the scope each needs. The sandbox implements exactly these
// (plus the write endpoints that make every scope guard something) and publishes them in /openapi.json;
// the app's API client calls them by operation id. Paths are relative to the platform's base address.
import type { Scope } from '../scopes';

export interface OperationSpec {
  method: 'GET' | 'POST' | 'PATCH';
  path: string; // `{name}` marks a path parameter
  scope: Scope;
  /** Served to a caller without a token, reduced to public data (spec: "served as anonymous, not challenged"). */
  anonymous?: boolean;
  summary: string;
}

export const OPERATIONS = {
  getSchool: { method: 'GET', path: '/api/v1/school', scope: 'school:read', summary: 'The school the token is for' },
  listCourses: { method: 'GET', path: '/api/v1/courses', scope: 'courses:read', anonymous: true, summary: 'Courses, with statistics for the admin' },
  getCourse: { method: 'GET', path: '/api/v1/courses/{course_id}', scope: 'courses:read', anonymous: true, summary: 'One course' },
  publishCourse: { method: 'POST', path: '/api/v1/courses/{course_id}/publish', scope: 'courses:write', summary: 'Publish a course' },
  unpublishCourse: { method: 'POST', path: '/api/v1/courses/{course_id}/unpublish', scope: 'courses:write', summary: 'Unpublish (hide) a course' },
  getCurriculum: { method: 'GET', path: '/api/v1/courses/{course_id}/curriculum', scope: 'curriculum:read', summary: "A course's sections and lectures" },
  getCourseReport: { method: 'GET', path: '/api/v1/courses/{course_id}/report', scope: 'analytics:read', summary: 'Enrollments over time, the section funnel and revenue of one course' },
  listCourseEnrollments: { method: 'GET', path: '/api/v1/courses/{course_id}/enrollments', scope: 'students:read', summary: "A course's enrollments" },
  listStudents: { method: 'GET', path: '/api/v1/students', scope: 'students:read', summary: 'Students' },
  listMembers: { method: 'GET', path: '/api/v1/members', scope: 'members:read', summary: 'Members (subscribers)' },
  listOrders: { method: 'GET', path: '/api/v1/orders', scope: 'orders:read', summary: 'Orders with line items and coupon redemptions' },
  getOrder: { method: 'GET', path: '/api/v1/orders/{order_id}', scope: 'orders:read', summary: 'One order' },
  listSubscriptions: { method: 'GET', path: '/api/v1/subscriptions', scope: 'subscriptions:read', summary: 'Subscriptions' },
  listMembershipPlans: { method: 'GET', path: '/api/v1/membership-plans', scope: 'membership_plans:read', summary: 'Membership plans' },
  listCoupons: { method: 'GET', path: '/api/v1/coupons', scope: 'coupons:read', summary: 'Coupons with their redemptions' },
  createCoupon: { method: 'POST', path: '/api/v1/coupons', scope: 'coupons:write', summary: 'Create a coupon' },
  disableCoupon: { method: 'POST', path: '/api/v1/coupons/{coupon_id}/disable', scope: 'coupons:write', summary: 'Disable a coupon' },
  getSalesReport: { method: 'GET', path: '/api/v1/analytics/sales', scope: 'analytics:read', summary: 'Sales totals and series per currency, with comparisons' },
  getLearningReport: { method: 'GET', path: '/api/v1/analytics/learning', scope: 'analytics:read', summary: 'Enrollments, active students and completion per course' },
  getSubscriptionsReport: { method: 'GET', path: '/api/v1/analytics/subscriptions', scope: 'analytics:read', summary: 'MRR, subscribers and churn per currency' },
} as const satisfies Record<string, OperationSpec>;

export type OperationId = keyof typeof OPERATIONS;

/** Query parameters shared by every list endpoint. */
export interface PageQuery {
  limit?: number; // 1..1000, default 100
  cursor?: string;
}

/** GET /api/v1/orders filters. Times are ISO 8601; ranges are [from, to). */
export interface OrderQuery extends PageQuery {
  state?: string; // comma-separated OrderState values
  paid_from?: string;
  paid_to?: string;
  updated_since?: string;
  course_id?: string;
  coupon?: string; // coupon code
  currency?: string;
  q?: string; // trade number, buyer name or email
  sort?: 'paid_at' | '-paid_at' | 'created_at' | '-created_at' | 'paid_amount' | '-paid_amount' | 'updated_at' | '-updated_at';
}

/** GET /api/v1/courses filters. */
export interface CourseQuery extends PageQuery {
  state?: string;
  category?: string;
  tag?: string;
  q?: string;
  sort?: 'title' | '-title' | 'created_at' | '-created_at' | 'enrollments' | '-enrollments';
}

/** GET /api/v1/analytics/* and course report ranges. */
export interface ReportQuery {
  from: string;
  to: string;
  interval?: 'day' | 'week' | 'month';
  time_zone?: string; // IANA; default the school's
  course_id?: string; // sales only
}
