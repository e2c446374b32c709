// The admin's settings (theme, the active account): a small JSON file in the
// data dir, validated on load (a damaged file is set aside and defaults used), written atomically.
// Window bounds are not here: in the desktop app an adapter keeps them with electron-store.
import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_SETTINGS, Settings, SettingsPatch } from '../../../shared/ipc/app';
import type { Logger } from '../log';
import { JsonFile } from './json-file';

// On disk: any object. Each known field is checked on its own, so one bad or outdated field falls back to
// its default without losing the others.
const StoredSettings = z.record(z.string(), z.unknown());

export class SettingsStore {
  private current: Settings;
  private readonly listeners = new Set<(settings: Settings) => void>();

  private constructor(private readonly file: JsonFile<typeof StoredSettings>, initial: Settings) {
    this.current = initial;
  }

  static async open(dataDir: string, logger?: Logger): Promise<SettingsStore> {
    const file = new JsonFile(join(dataDir, 'settings.json'), StoredSettings, () => ({}), logger);
    const stored = await file.load();
    return new SettingsStore(file, Settings.parse({ ...DEFAULT_SETTINGS, ...stripInvalid(stored) }));
  }

  get(): Settings {
    return { ...this.current };
  }

  /** Applies a validated patch; the promise settles once it is on disk. */
  async update(patch: SettingsPatch): Promise<Settings> {
    const checked = SettingsPatch.parse(patch);
    const next = Settings.parse({ ...this.current, ...checked });
    await this.file.save(next);
    this.current = next;
    for (const listener of [...this.listeners]) listener(this.get());
    return this.get();
  }

  onChange(listener: (settings: Settings) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** Keeps each stored field that is valid on its own; drops the rest (they fall back to defaults). */
function stripInvalid(stored: Record<string, unknown>): Partial<Settings> {
  const shape: Record<string, z.ZodType> = Settings.shape;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) {
    if (key in shape && shape[key]!.safeParse(value).success) out[key] = value;
  }
  return out as Partial<Settings>;
}
