// Least privilege: the scopes the app asks for at first sign-in are exactly what its screens read.
// Write scopes (publishing a course, creating a coupon) are asked for by step-up, on first use.
import type { Scope } from './scopes';

/** Who the admin is and which school: the account header. */
const IDENTITY_SCOPES = ['openid', 'profile', 'school:read'] as const satisfies readonly Scope[];

/** What each dashboard reads; a dashboard whose scopes were not granted explains it and offers "grant access". */
export const DASHBOARD_SCOPES = {
  courses: ['courses:read', 'curriculum:read', 'analytics:read'],
  orders: ['orders:read'],
  analytics: ['analytics:read', 'subscriptions:read'],
  // Coupons show what the orders that used them brought; a subscription links to its member.
  coupons: ['coupons:read', 'orders:read', 'courses:read'],
  subscriptions: ['subscriptions:read', 'members:read', 'membership_plans:read'],
  // Reads only: events:write is asked the first time an event is edited (step-up), never at sign-in.
  events: ['events:read'],
  comments: ['comments:read'],
  // A student's profile: enrollments (with course titles and sections), their orders, their subscriptions.
  profile: ['students:read', 'courses:read', 'orders:read'],
  members: ['members:read', 'subscriptions:read', 'membership_plans:read'],
  // The Students page: students and their enrollments; courses name the course filter.
  students: ['students:read', 'courses:read'],
} as const satisfies Record<string, readonly Scope[]>;

export type Dashboard = keyof typeof DASHBOARD_SCOPES;

export const INITIAL_SCOPES: Scope[] = [...new Set<Scope>([...IDENTITY_SCOPES, ...Object.values(DASHBOARD_SCOPES).flat()])];

export function missingScopes(granted: readonly string[], needed: readonly string[]): string[] {
  const have = new Set(granted);
  return needed.filter((scope) => !have.has(scope));
}
