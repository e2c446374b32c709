// The demo platform: one admin running two seeded schools (USD+EUR in New York, JPY in Tokyo).
// First version: identity only; the seeded stores grow behind this interface.
import type { School } from '../../../shared/platform/resources';
import { SCHOOL_PROFILES } from './content';
import { DAY_MS } from './time-zone';

export interface DemoPlatform {
  admin: { id: string; name: string; email: string };
  schools: School[];
  seed: number;
  now: Date;
}

export interface DemoPlatformOptions {
  seed?: number;
  /** Total orders across both schools (default 20 000). */
  orders?: number;
  /** Anchors the data's last day (default: today, UTC midnight). */
  now?: Date;
}

export function createDemoPlatform(options: DemoPlatformOptions = {}): DemoPlatform {
  const now = options.now ?? new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);
  const historyStart = now.getTime() - 3 * 365 * DAY_MS;
  const schools = SCHOOL_PROFILES.map((p): School => ({
    id: p.id,
    name: p.name,
    subdomain: p.subdomain,
    url: `https://${p.subdomain}.school.example`,
    currency: p.currency,
    time_zone: p.timeZone,
    created_at: new Date(historyStart - 30 * DAY_MS).toISOString(),
  }));
  return { admin: { id: 'adm_demo', name: 'Alex Morgan', email: 'alex.morgan@school.example' }, schools, seed: options.seed ?? 1, now };
}
