// Part of the IPC contract (see shared/ipc.ts): the app's own updates. The main process decides when to
// check, download and install (electron/services/updates/); the renderer shows the status and offers
// "Check now" and "Pause updates". Nothing here ever asks for a dialog: an update that is ready is a quiet
// banner, and it installs when the app restarts.
import { z } from 'zod';
import { SerializedAppError } from '../errors';
import { event, method } from './define';
import type { EventDef, MethodDef } from './define';

export const UpdateState = z.enum(['idle', 'checking', 'available', 'downloading', 'ready', 'error', 'paused']);
export type UpdateState = z.infer<typeof UpdateState>;

/** How the renderer should show the status: 'banner' is a small dismissable notice, never a modal. */
export const UpdateNotice = z.enum(['none', 'banner']);
export type UpdateNotice = z.infer<typeof UpdateNotice>;

export const UpdateStatus = z.object({
  state: UpdateState,
  /** The running app's version (package.json), for the About panel. */
  currentVersion: z.string(),
  /** False where the app cannot update itself (development runs, browser mode); the panel then says why. */
  supported: z.boolean(),
  /** The admin's setting: no automatic checks, downloads or installs while true. */
  paused: z.boolean(),
  /** The version on offer, once the feed has named one. */
  availableVersion: z.string().nullable(),
  /** Download progress, 0 to 100, while downloading. */
  percent: z.number().min(0).max(100).nullable(),
  lastCheckedAt: z.iso.datetime({ offset: true }).nullable(),
  /** When the next automatic check is due (null while paused, offline, busy or when an update is ready). */
  nextCheckAt: z.iso.datetime({ offset: true }).nullable(),
  /** One sentence for the admin, ready to show as is. */
  message: z.string(),
  notice: UpdateNotice,
  error: SerializedAppError.nullable(),
});
export type UpdateStatus = z.infer<typeof UpdateStatus>;

export const updateMethods = {
  'updates.status': method(z.object({}).strict(), UpdateStatus, 'The update status: state, versions, progress, pause setting, what to tell the admin.'),
  'updates.checkNow': method(
    z.object({}).strict(),
    UpdateStatus,
    'Checks the update feed now (also while paused, since the admin asked); returns at once, progress follows as updates.changed.',
  ),
  'updates.setPaused': method(
    z.object({ paused: z.boolean() }).strict(),
    UpdateStatus,
    'Pauses or resumes automatic updates (persisted). While paused nothing is checked, downloaded or installed by itself.',
  ),
} satisfies Record<string, MethodDef>;

export const updateEvents = {
  'updates.changed': event(UpdateStatus, 'The update status changed (checking, progress, ready, error, paused).'),
} satisfies Record<string, EventDef>;
