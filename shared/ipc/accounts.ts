// Part of the IPC contract (see shared/ipc.ts): the schools the admin connected, and signing in and out.
// Progress of a connect comes as events so the Connect screen can show each step and, while the browser
// is open, a link to the sign-in page (the admin may have closed that tab).
import { z } from 'zod';
import { AccountView } from '../model/accounts';
import { event, method } from './define';
import type { EventDef, MethodDef } from './define';

export const AccountId = z.string().min(1).max(512);

/** RFC 6749 §3.3 scope-token syntax; which scopes exist is the platform's business, not the contract's. */
const ScopeToken = z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]+$/, 'not a scope token').max(128);

const CONNECT_STEPS = [
  'discovering', // fetching the platform's metadata
  'registering', // dynamic client registration
  'waiting_for_browser', // the consent page is open; authorizationUrl is set
  'exchanging', // redeeming the code
  'loading_profile', // userinfo and school
  'done',
  'failed',
  'cancelled',
] as const;
export const ConnectStep = z.enum(CONNECT_STEPS);
export type ConnectStep = z.infer<typeof ConnectStep>;

export const ConnectProgress = z.object({
  step: ConnectStep,
  /** The normalised school address being connected. */
  address: z.string().optional(),
  /** Set while waiting for the browser: lets the UI offer "open the sign-in page" again. */
  authorizationUrl: z.url({ protocol: /^https?$/ }).optional(),
  /** The sign-in server's origin when it is not the school's own: told before the browser opens. */
  signInOrigin: z.url({ protocol: /^https?$/ }).optional(),
});
export type ConnectProgress = z.infer<typeof ConnectProgress>;

export const SignOutResult = z.object({
  /** False when the platform could not be told (offline, refused): the tokens are deleted locally anyway. */
  revokedOnPlatform: z.boolean(),
  message: z.string(),
});
export type SignOutResult = z.infer<typeof SignOutResult>;

export const accountMethods = {
  'accounts.list': method(z.object({}).strict(), z.array(AccountView), 'The connected schools, most recently connected first.'),
  'accounts.connect': method(
    z.object({
      address: z.string().min(1).max(2048),
      /** "Use a client ID from your platform": a client registered out of band; the secret is kept in the vault. */
      client: z.object({ clientId: z.string().trim().min(1).max(512), clientSecret: z.string().min(1).max(2048).optional() }).strict().optional(),
    }).strict(),
    AccountView,
    'Connects a school by its address: discovery, registration, the consent page in the system browser, token exchange. Resolves when signed in.',
  ),
  'accounts.cancelConnect': method(z.object({}).strict(), z.object({ cancelled: z.boolean() }), 'Cancels the connect in progress, if any (the pending accounts.connect fails with code "cancelled").'),
  'accounts.signInAgain': method(z.object({ accountId: AccountId }).strict(), AccountView, 'Runs the browser sign-in again for an account whose session ended.'),
  'accounts.grantScopes': method(
    z.object({ accountId: AccountId, scopes: z.array(ScopeToken).min(1).max(64) }).strict(),
    AccountView,
    'Incremental authorization: asks the admin for more scopes on that school.',
  ),
  'accounts.relocate': method(
    z.object({ accountId: AccountId, address: z.string().min(1).max(2048) }).strict(),
    AccountView,
    'The school\'s platform moved to this address: re-points the account (same id and saved data). Without a browser when the address is the app\'s own default that was at the account\'s old address before; otherwise a sign-in there for the same school.',
  ),
  'accounts.signOut': method(z.object({ accountId: AccountId }).strict(), SignOutResult, 'Revokes the tokens on the platform, deletes them and that school\'s cache.'),
} satisfies Record<string, MethodDef>;

export const accountEvents = {
  'accounts.connectProgress': event(ConnectProgress, 'Each step of a connect / sign-in / grant in progress.'),
  'accounts.changed': event(z.array(AccountView), 'The full account list, whenever an account is added, removed or changes status.'),
} satisfies Record<string, EventDef>;
