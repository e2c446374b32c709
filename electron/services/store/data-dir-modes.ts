// The data folder holds the vault, its key (browser mode) and the offline cache: only the user may read it.
// mkdir's mode applies only when it creates a folder, so a folder made earlier (by an older version, by
// hand, by a restore) keeps whatever it had: every start sets 0700 on folders and 0600 on files again.
import { chmod, lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../log';

const MAX_ENTRIES = 100_000;

/** Returns how many modes it changed. Symbolic links are left alone (and not followed). */
export async function tightenDataDirModes(dataDir: string, logger?: Logger): Promise<number> {
  let changed = 0;
  let seen = 0;
  const visit = async (path: string, isRoot: boolean): Promise<void> => {
    if (++seen > MAX_ENTRIES) return;
    const info = await lstat(path).catch(() => null);
    if (!info || info.isSymbolicLink()) return;
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
      for (const name of names) await visit(join(path, name), false);
    }
  };
  await visit(dataDir, true);
  if (changed > 0) logger?.info('restricted the data folder to this user', { changed });
  return changed;
}
