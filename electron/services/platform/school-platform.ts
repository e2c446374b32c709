// The school's own record, as Today needs it: its IANA time zone (the zone Today's periods are in).
import { School } from '../../../shared/platform/resources';
import type { PlatformCaller } from '../api/platform-caller';

export async function readSchoolTimeZone(caller: PlatformCaller, accountId: string, signal?: AbortSignal): Promise<string> {
  return (await caller.call(accountId, 'getSchool', School, { signal })).time_zone;
}
