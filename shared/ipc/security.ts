// Part of the IPC contract (see shared/ipc.ts): how secrets are protected on this computer, the admin's
// agreement to a weak key store (asked by the main process itself, never set by the page), and browser
// mode's per-browser sessions.
import { z } from 'zod';
import { method } from './define';
import type { EventDef, MethodDef } from './define';

export const SecretProtection = z.object({
  /** The key store, e.g. 'keychain', 'dpapi', 'gnome_libsecret', 'basic_text', 'key-file'. */
  backend: z.string(),
  /** 'os-key-store': sealed by the operating system for this user; 'weak': readable by anyone who can read the user's files. */
  level: z.enum(['os-key-store', 'weak', 'unknown']),
  /** One or two sentences for Settings, in plain words. */
  summary: z.string(),
  /** Weak protection is in use because the admin agreed (desktop) or started browser mode. */
  weakAllowed: z.boolean(),
});
export type SecretProtection = z.infer<typeof SecretProtection>;

export const BrowserSession = z.object({
  id: z.string(),
  /** What the browser said it is, shortened ("Chrome on Linux"). */
  label: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastSeenAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export type BrowserSession = z.infer<typeof BrowserSession>;

const none = z.object({}).strict();

export const securityMethods = {
  'security.protection': method(none, SecretProtection, 'How saved sign-ins are protected on this computer.'),
  'security.allowWeakProtection': method(
    none,
    z.object({ allowed: z.boolean() }),
    'Asks the admin, from the main process (a native dialog), whether to keep sign-ins with weak protection; the page cannot answer for them.',
  ),
  'security.browserSessions.list': method(none, z.array(BrowserSession), 'Browser mode: the browsers signed in to this app, each with its expiry.'),
  'security.browserSessions.revoke': method(
    z.object({ sessionId: z.string().max(64) }).strict(),
    z.object({ revoked: z.boolean() }),
    'Browser mode: signs one browser out of the app.',
  ),
  'security.browserSessions.revokeOthers': method(none, z.object({ revoked: z.number().int().nonnegative() }), 'Browser mode: signs every other browser out of the app.'),
} satisfies Record<string, MethodDef>;

export const securityEvents = {} satisfies Record<string, EventDef>;
