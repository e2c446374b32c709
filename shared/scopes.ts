// The platform's scope catalog (spec: "Scopes"), with the plain words shown to people (the catalogue's
// labels:scopes, in the realm's UI language): on the sandbox's consent page and in the app's "grant more
// access" prompts.
import { t } from './i18n/i18n';

const SCOPES = [
  'openid', 'profile', 'email', 'courses:read', 'courses:write', 'students:read', 'students:write',
  'members:read', 'members:write', 'analytics:read', 'curriculum:read', 'curriculum:write', 'orders:read',
  'school:read', 'school:write', 'appearance:read', 'appearance:write', 'events:read', 'events:write',
  'membership_plans:read', 'membership_plans:write', 'coupons:read', 'coupons:write', 'posts:read',
  'posts:write', 'subscriptions:read', 'subscriptions:write', 'digital_products:read',
  'digital_products:write', 'comments:read', 'lecturers:read', 'lecturers:write', 'storage:write',
  'forms:read', 'pages:read', 'pages:write', 'account:read', 'account:write',
] as const;

export type Scope = (typeof SCOPES)[number];

export const ALL_SCOPES: Scope[] = [...SCOPES];

const KNOWN = new Set<string>(SCOPES);

export function isScope(value: string): value is Scope {
  return KNOWN.has(value);
}

/** Parses a space-separated scope string (RFC 6749 §3.3) into distinct scope tokens, order kept. */
export function parseScopeString(value: string | null | undefined): string[] {
  if (!value) return [];
  return [...new Set(value.split(' ').filter((s) => s.length > 0))];
}

type ScopeKey<S extends Scope = Scope> = S extends `${infer R}:${infer A}` ? `${R}.${A}` : S;

export function describeScope(scope: string): string {
  // "courses:read" is labels:scopes.courses.read (i18next reads ':' as the namespace's separator).
  return isScope(scope) ? t(`labels:scopes.${scope.replace(':', '.') as ScopeKey}`) : scope;
}
