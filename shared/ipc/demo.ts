// Part of the IPC contract (see shared/ipc.ts): `npm start`'s demo platform, where the app runs beside it in
// the same process (browser mode). The admin can take it offline and back (to see offline work: the outbox,
// the saved copies) and reset the demo school (every change made in it dropped). Elsewhere: available false.
import { z } from 'zod';
import { method } from './define';
import type { MethodDef } from './define';

export const DemoPlatformStatus = z.object({
  /** Whether this app controls a demo platform at all (browser mode under npm start). */
  available: z.boolean(),
  /** Taken offline: it refuses connections until brought back. */
  offline: z.boolean(),
  /** Changes kept since the demo school was last reset. */
  changes: z.int().nonnegative(),
});
export type DemoPlatformStatus = z.infer<typeof DemoPlatformStatus>;

export const demoMethods = {
  'demo.status': method(z.object({}).strict(), DemoPlatformStatus, 'Whether the app runs beside npm start\'s demo platform, and whether it is offline.'),
  'demo.setOffline': method(z.object({ offline: z.boolean() }).strict(), DemoPlatformStatus, 'Takes the demo platform offline (it stops listening) or brings it back.'),
  'demo.reset': method(z.object({}).strict(), DemoPlatformStatus, "Drops every change made in the demo school and starts it fresh for today; the app's saved copies of it are dropped and read again."),
} satisfies Record<string, MethodDef>;
