// The business operations the app uses, with the scope each needs. The sandbox implements exactly these
// (plus the write endpoints that make every scope guard something) and publishes them in /openapi.json;
// the app's API client calls them by operation id. Paths are relative to the platform's base address.
import type { Scope } from '../scopes';

export interface OperationSpec {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
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
  getCoupon: { method: 'GET', path: '/api/v1/coupons/{coupon_id}', scope: 'coupons:read', summary: 'One coupon' },
  enableCoupon: { method: 'POST', path: '/api/v1/coupons/{coupon_id}/enable', scope: 'coupons:write', summary: 'Enable a disabled coupon again' },
  getSalesReport: { method: 'GET', path: '/api/v1/analytics/sales', scope: 'analytics:read', summary: 'Sales totals and series per currency, with comparisons' },
  getLearningReport: { method: 'GET', path: '/api/v1/analytics/learning', scope: 'analytics:read', summary: 'Enrollments, active students and completion per course' },
  getSubscriptionsReport: { method: 'GET', path: '/api/v1/analytics/subscriptions', scope: 'analytics:read', summary: 'MRR, subscribers and churn per currency' },
  // People
  getStudent: { method: 'GET', path: '/api/v1/students/{student_id}', scope: 'students:read', summary: 'One student' },
  listEnrollments: { method: 'GET', path: '/api/v1/enrollments', scope: 'students:read', summary: "Every enrollment of the school's students, with progress" },
  listStudentEnrollments: { method: 'GET', path: '/api/v1/students/{student_id}/enrollments', scope: 'students:read', summary: "A student's enrollments with progress" },
  updateStudent: { method: 'PATCH', path: '/api/v1/students/{student_id}', scope: 'students:write', summary: "Change a student's tags" },
  enrollStudent: { method: 'POST', path: '/api/v1/students/{student_id}/enrollments', scope: 'students:write', summary: 'Enroll a student in a course, on one of its pricing plans or with free access' },
  getStudentEnrollment: { method: 'GET', path: '/api/v1/students/{student_id}/enrollments/{enrollment_id}', scope: 'students:read', summary: "One of a student's enrollments" },
  unenrollStudent: { method: 'DELETE', path: '/api/v1/students/{student_id}/enrollments/{enrollment_id}', scope: 'students:write', summary: 'Unenroll a student from a course: the enrollment and its progress are deleted' },
  getMember: { method: 'GET', path: '/api/v1/members/{member_id}', scope: 'members:read', summary: 'One member' },
  updateMember: { method: 'PATCH', path: '/api/v1/members/{member_id}', scope: 'members:write', summary: "Change a member's name or tags" },
  // Catalogue and school settings
  updateCurriculumSection: { method: 'PATCH', path: '/api/v1/courses/{course_id}/curriculum/sections/{section_id}', scope: 'curriculum:write', summary: "Rename a curriculum section" },
  updateSchool: { method: 'PATCH', path: '/api/v1/school', scope: 'school:write', summary: "Change the school's name or time zone" },
  getAppearance: { method: 'GET', path: '/api/v1/appearance', scope: 'appearance:read', summary: "The school's appearance" },
  updateAppearance: { method: 'PATCH', path: '/api/v1/appearance', scope: 'appearance:write', summary: "Change the school's appearance" },
  listEvents: { method: 'GET', path: '/api/v1/events', scope: 'events:read', summary: 'Events with tickets and attendees' },
  updateEvent: { method: 'PATCH', path: '/api/v1/events/{event_id}', scope: 'events:write', summary: 'Change an event' },
  getEvent: { method: 'GET', path: '/api/v1/events/{event_id}', scope: 'events:read', summary: 'One event' },
  listEventAttendees: { method: 'GET', path: '/api/v1/events/{event_id}/attendees', scope: 'events:read', summary: "An event's attendees: one per ticket sold, with its ticket and check-in status" },
  updateMembershipPlan: { method: 'PATCH', path: '/api/v1/membership-plans/{plan_id}', scope: 'membership_plans:write', summary: 'Change a membership plan' },
  listPosts: { method: 'GET', path: '/api/v1/posts', scope: 'posts:read', summary: 'Posts' },
  listPostCategories: { method: 'GET', path: '/api/v1/post-categories', scope: 'posts:read', summary: "Post categories with their names (the ids posts and membership plans hold)" },
  updatePost: { method: 'PATCH', path: '/api/v1/posts/{post_id}', scope: 'posts:write', summary: 'Change a post' },
  getSubscription: { method: 'GET', path: '/api/v1/subscriptions/{subscription_id}', scope: 'subscriptions:read', summary: 'One subscription' },
  cancelSubscription: { method: 'POST', path: '/api/v1/subscriptions/{subscription_id}/cancel', scope: 'subscriptions:write', summary: 'Cancel a subscription (at period end by default)' },
  listDigitalProducts: { method: 'GET', path: '/api/v1/digital-products', scope: 'digital_products:read', summary: 'Digital products' },
  updateDigitalProduct: { method: 'PATCH', path: '/api/v1/digital-products/{product_id}', scope: 'digital_products:write', summary: 'Change a digital product' },
  listComments: { method: 'GET', path: '/api/v1/comments', scope: 'comments:read', summary: 'Comments on courses, lectures and posts (threaded by parent_id)' },
  listLecturers: { method: 'GET', path: '/api/v1/lecturers', scope: 'lecturers:read', summary: 'Lecturers' },
  updateLecturer: { method: 'PATCH', path: '/api/v1/lecturers/{lecturer_id}', scope: 'lecturers:write', summary: 'Change a lecturer' },
  createUpload: { method: 'POST', path: '/api/v1/storage/uploads', scope: 'storage:write', summary: 'Register an upload: {name, content_type, size} gives its id and URL' },
  listForms: { method: 'GET', path: '/api/v1/forms', scope: 'forms:read', summary: 'Forms with their response counts' },
  listPages: { method: 'GET', path: '/api/v1/pages', scope: 'pages:read', summary: "The school site's pages" },
  updatePage: { method: 'PATCH', path: '/api/v1/pages/{page_id}', scope: 'pages:write', summary: 'Change a page' },
  getAccount: { method: 'GET', path: '/api/v1/account', scope: 'account:read', summary: "The signed-in admin's account in this school" },
  updateAccount: { method: 'PATCH', path: '/api/v1/account', scope: 'account:write', summary: "Change the admin's name or time zone" },
} as const satisfies Record<string, OperationSpec>;

export type OperationId = keyof typeof OPERATIONS;
