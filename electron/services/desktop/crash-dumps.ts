// Crashpad keeps a minidump of each crash in the app's crash-dumps folder (crashReporter started with no
// upload: nothing leaves the computer). The diagnostic bundle lists them so support knows to ask for them.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

export interface CrashDump {
  /** The path inside the crash-dumps folder (Crashpad sorts them into completed/, pending/ …). */
  file: string;
  bytes: number;
  at: string;
}

const MAX_LISTED = 20;

/** The newest minidumps under `dir` (at most 20), newest first; none when the folder does not exist. */
export async function listCrashDumps(dir: string): Promise<CrashDump[]> {
  let entries: string[];
  try {
    entries = await readdir(dir, { recursive: true });
  } catch {
    return [];
  }
  const dumps = await Promise.all(
    entries
      .filter((entry) => entry.endsWith('.dmp'))
      .map(async (entry) => {
        try {
          const info = await stat(join(dir, entry));
          return { file: entry.split('\\').join('/'), bytes: info.size, at: info.mtime.toISOString() };
        } catch {
          return null; // removed while we looked
        }
      }),
  );
  return dumps.filter((dump): dump is CrashDump => dump !== null).sort((a, b) => b.at.localeCompare(a.at)).slice(0, MAX_LISTED);
}
