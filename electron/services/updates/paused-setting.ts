// The "pause updates" setting on disk: a tiny JSON file in the app's data folder, written atomically
// (temp file + rename) so a crash leaves the old value or the new one. Not secret, so not encrypted.
import { t } from '../../../shared/i18n/i18n';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { PausedSetting } from './update-policy';

const UpdateSettingsFile = z.object({ paused: z.boolean() });

export function pausedSettingFile(path: string): PausedSetting {
  return {
    async load() {
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (cause) {
        if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw new AppError('storage_unavailable', t('main:updates.errors.readSetting'), { cause });
      }
      try {
        return UpdateSettingsFile.parse(JSON.parse(text)).paused;
      } catch (cause) {
        throw new AppError('storage_corrupt', t('main:updates.errors.damagedSetting'), { cause });
      }
    },
    async save(paused) {
      const temp = join(dirname(path), `.updates-${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
      try {
        await mkdir(dirname(path), { recursive: true, mode: 0o700 });
        await writeFile(temp, `${JSON.stringify({ paused })}\n`, { mode: 0o600 });
        await rename(temp, path);
      } catch (cause) {
        await rm(temp, { force: true });
        throw new AppError('storage_unavailable', t('main:updates.errors.saveSetting'), { cause });
      }
    },
  };
}
