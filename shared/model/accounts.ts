// An account is one school the admin connected: a token is for one school, so an admin who runs two
// schools has two accounts. This is what the renderer may know of an account: never a token.
import { z } from 'zod';

export const AccountStatus = z.enum(['signed_in', 'refreshing', 'sign_in_needed', 'offline']);
export type AccountStatus = z.infer<typeof AccountStatus>;

export const AccountView = z.object({
  id: z.string(), // stable: derived from issuer + school id
  issuer: z.string(),
  school: z.object({ id: z.string(), name: z.string(), url: z.string().nullable() }),
  admin: z.object({ sub: z.string(), name: z.string(), email: z.string().nullable(), picture: z.string().nullable() }),
  grantedScopes: z.array(z.string()),
  status: AccountStatus,
  connectedAt: z.string(),
  lastSyncAt: z.string().nullable(),
  /** With sign_in_needed when the app lost the sign-in itself (e.g. its saved sign-ins could not be read): said plainly to the admin. */
  signInNeededReason: z.string().nullable().optional(),
  /** The sign-in server's origin when it is not the school's own (shown in Settings); absent or null otherwise. */
  signInOrigin: z.string().nullable().optional(),
});
export type AccountView = z.infer<typeof AccountView>;
