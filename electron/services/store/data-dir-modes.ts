// The data folder holds the vault, its key (browser mode) and the offline cache: only the user may read it.
// mkdir's mode applies only when it creates a folder, so a folder made earlier (by an older version, by
// hand, by a restore) keeps whatever it had: every start sets 0700 on folders and 0600 on files again.
import { chmod, lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../log';

const MAX_ENTRIES = 100_000;
/** The app's own folders in the data folder. In the desktop app the data folder is Electron's userData, whose
 *  other folders (Chromium's caches) are Chromium's to manage: only its top-level files are tightened there. */
const OWN_FOLDERS = new Set(['query-cache']);

/** Returns how many modes it changed. Symbolic links are left alone (and not followed). */
export async function tightenDataDirModes(dataDir: string, logger?: Logger): Promise<number> {
  let changed = 0;
  let seen = 0;
  const visit = async (path: string, isRoot: boolean, name = ''): Promise<void> => {
    if (++seen > MAX_ENTRIES) return;
    const info = await lstat(path).catch(() => null);
    if (!info || info.isSymbolicLink()) return;
    if (info.isDirectory() && !isRoot && name !== '' && !OWN_FOLDERS.has(name)) return;
    const wanted = info.isDirectory() ? 0o700 : 0o600;
    if ((info.mode & 0o777) !== wanted) {
      try {
        await chmod(path, wanted);
        changed += 1;
      } catch (error) {
        logger?.warn('could not restrict a data file to this user', { root: isRoot, error: (error as NodeJS.ErrnoException).code ?? 'unknown' });
      }
    }
    if (info.isDirectory()) {
      const names = await readdir(path).catch(() => [] as string[]);
      // Inside one of our folders everything is ours (name ''); at the root, only our folders are entered.
      for (const child of names) await visit(join(path, child), false, isRoot ? child : '');
    }
  };
  await visit(dataDir, true);
  if (changed > 0) logger?.info('restricted the data folder to this user', { changed });
  return changed;
}
