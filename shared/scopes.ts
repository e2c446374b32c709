// The platform's scope catalog (spec: "Scopes"), with the plain words shown to people:
// on the sandbox's consent page and in the app's "grant more access" prompts.

const SCOPE_DESCRIPTIONS = {
  openid: 'Confirm who you are (OpenID Connect sign-in)',
  profile: 'See your basic profile: name and picture',
  email: 'See your email address',
  'courses:read': 'See your courses, their prices and statistics',
  'courses:write': 'Change your courses, publish and unpublish them',
  'students:read': 'See your students and their enrollments',
  'students:write': 'Change your students',
  'members:read': 'See your members',
  'members:write': 'Change your members',
  'analytics:read': 'See sales, learning and subscription analytics',
  'curriculum:read': "See your courses' sections and lectures",
  'curriculum:write': "Change your courses' sections and lectures",
  'orders:read': 'See your orders and payments',
  'school:read': "See your school's settings",
  'school:write': "Change your school's settings",
  'appearance:read': "See your school's appearance",
  'appearance:write': "Change your school's appearance",
  'events:read': 'See your events and attendees',
  'events:write': 'Change your events',
  'membership_plans:read': 'See your membership plans',
  'membership_plans:write': 'Change your membership plans',
  'coupons:read': 'See your coupons and their redemptions',
  'coupons:write': 'Create and disable coupons',
  'posts:read': 'See your posts',
  'posts:write': 'Change your posts',
  'subscriptions:read': 'See subscriptions and their payments',
  'subscriptions:write': 'Change subscriptions',
  'digital_products:read': 'See your digital products',
  'digital_products:write': 'Change your digital products',
  'comments:read': 'See comments on your courses and posts',
  'lecturers:read': 'See your lecturers',
  'lecturers:write': 'Change your lecturers',
  'storage:write': 'Upload files to your school',
  'forms:read': 'See your forms and their answers',
  'pages:read': "See your school's pages",
  'pages:write': "Change your school's pages",
  'account:read': 'See your account',
  'account:write': 'Change your account',
} as const satisfies Record<string, string>;

export type Scope = keyof typeof SCOPE_DESCRIPTIONS;

export const ALL_SCOPES = Object.keys(SCOPE_DESCRIPTIONS) as Scope[];

export function isScope(value: string): value is Scope {
  return Object.hasOwn(SCOPE_DESCRIPTIONS, value);
}

/** Parses a space-separated scope string (RFC 6749 §3.3) into distinct scope tokens, order kept. */
export function parseScopeString(value: string | null | undefined): string[] {
  if (!value) return [];
  return [...new Set(value.split(' ').filter((s) => s.length > 0))];
}

export function describeScope(scope: string): string {
  return isScope(scope) ? SCOPE_DESCRIPTIONS[scope] : scope;
}
