// The school an account is for, as the dashboards need it: its own currency (the tie-break of which currency a
// screen shows first) and its time zone (the business day of every date, range and bucket). The platform's
// school record is mapped into it in electron/services/platform/school-platform.ts.
import { z } from 'zod';
import { CurrencyCode } from './money';

export const SchoolProfile = z.object({
  id: z.string().min(1),
  name: z.string(),
  currency: CurrencyCode,
  /** IANA name, e.g. "Asia/Taipei". */
  timeZone: z.string().min(1).max(64),
});
export type SchoolProfile = z.infer<typeof SchoolProfile>;
