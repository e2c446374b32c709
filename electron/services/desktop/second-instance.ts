// A second launch while the app runs (a shortcut, `School Companion --school URL`) reaches the running app
// instead of being dropped: its command line names the school to show. Decided here from the second
// instance's argv, which Electron hands to the first one ('second-instance').
import type { AppStatus } from '../../../shared/ipc/app';
import { parseLaunchArgs } from '../launch-args';

type NamedSchool = NonNullable<AppStatus['defaultSchool']>;

/**
 * The school a second launch names, or null (then the running window only comes forward). A former address
 * (--school-former) is not taken from a second launch: re-pointing accounts stays with how the app was started.
 */
export function schoolNamedBySecondLaunch(argv: readonly string[]): NamedSchool | null {
  let school: string | undefined;
  let label: string | undefined;
  try {
    ({ school, schoolLabel: label } = parseLaunchArgs(argv.slice(1)));
  } catch {
    return null; // a malformed switch of ours (--port x) names nothing; the window still comes forward
  }
  if (!school?.trim()) return null;
  return { address: school.trim(), label: label?.trim() || school.trim(), named: true };
}
