// What the notifier keeps across restarts, per school: the baseline (nothing before it is notified), the
// "changed since" watermarks, the dedup keys and the unseen ones. Only ids and times, no names or amounts:
// a plain JSON file (user-only, atomic), dropped per school when the school is signed out.
import { join } from 'node:path';
import { z } from 'zod';
import type { Logger } from '../log';
import { JsonFile } from '../store/json-file';
import type { SchoolNotifyState } from './notification-policy';

const isoTime = z.iso.datetime({ offset: true });
const SchoolState = z.object({
  baseline: isoTime,
  since: z.partialRecord(z.enum(['orders', 'subscriptions', 'comments', 'largeSaleThreshold']), isoTime),
  seen: z.array(z.string().max(300)),
  unseen: z.array(z.string().max(300)),
});
const Stored = z.object({ version: z.literal(1), schools: z.record(z.string(), SchoolState) });

export class NotifyStore {
  private constructor(private readonly file: JsonFile<typeof Stored>, private readonly schools: Map<string, SchoolNotifyState>) {}

  static async open(dataDir: string, logger?: Logger): Promise<NotifyStore> {
    const file = new JsonFile(join(dataDir, 'notifications.json'), Stored, () => ({ version: 1 as const, schools: {} }), logger);
    const stored = await file.load();
    return new NotifyStore(file, new Map(Object.entries(stored.schools)));
  }

  get(accountId: string): SchoolNotifyState | undefined {
    return this.schools.get(accountId);
  }

  all(): [string, SchoolNotifyState][] {
    return [...this.schools];
  }

  async set(accountId: string, state: SchoolNotifyState): Promise<void> {
    this.schools.set(accountId, state);
    await this.save();
  }

  async drop(accountId: string): Promise<void> {
    if (this.schools.delete(accountId)) await this.save();
  }

  private save(): Promise<void> {
    return this.file.save({ version: 1, schools: Object.fromEntries(this.schools) });
  }
}
