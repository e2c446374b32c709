// The school record (getSchool) in the app's model: the currency and time zone every dashboard works in.
import type { SchoolProfile } from '../../../shared/model/school';
import { School } from '../../../shared/platform/resources';
import type { PlatformCaller } from '../api/platform-caller';

export async function readSchoolProfile(caller: PlatformCaller, accountId: string, signal?: AbortSignal): Promise<SchoolProfile> {
  const school = await caller.call(accountId, 'getSchool', School, { signal });
  return { id: school.id, name: school.name, currency: school.currency, timeZone: school.time_zone };
}
