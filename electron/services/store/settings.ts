// The admin's settings (theme, the active account): one interface, SettingsStore, over the stack's settings
// libraries: `conf` in browser mode, `electron-store` (conf inside Electron, in adapters/settings-backend.ts)
// in the desktop app. Either writes `<data folder>/settings.json` atomically (temp file, fsync, rename) through
// the same conf code: the only writer of that file. Validated on load: each field on its own, so one bad or
// outdated field falls back to its default without losing the others; a damaged file is set aside for a
// look and the defaults used.
import Conf from 'conf';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_SETTINGS, Settings, SettingsPatch } from '../../../shared/ipc/app';
import type { Logger } from '../log';
import { pruneSetAside, setAside, SET_ASIDE_KEEP_MS } from './json-file';

/** What a settings library must do for SettingsStore: read the whole file, replace it atomically. */
export interface SettingsBackend {
  readonly path: string;
  read(): Record<string, unknown>;
  write(values: Record<string, unknown>): void;
}

export interface SettingsBackendOptions {
  /** The folder the file lives in (the data folder). */
  dir: string;
  /** The file's name without `.json`. */
  name: string;
}

/** Opens the file; throws a SyntaxError when it is not JSON (conf's own check). */
export type SettingsBackendFactory = (options: SettingsBackendOptions) => SettingsBackend;

export const SETTINGS_FILE = 'settings';

/** conf: browser mode and plain Node (electron-store is the same code behind Electron's paths). */
export const confSettingsBackend: SettingsBackendFactory = ({ dir, name }) => storeBackend(new Conf<Record<string, unknown>>({ cwd: dir, configName: name, configFileMode: 0o600 }));

/** Wraps a conf instance (electron-store is one). */
export function storeBackend(store: { path: string; store: Record<string, unknown> }): SettingsBackend {
  return {
    path: store.path,
    read: () => ({ ...store.store }),
    write: (values) => {
      store.store = values;
    },
  };
}

// On disk: any object. Each known field is checked on its own.
const StoredSettings = z.record(z.string(), z.unknown());

export class SettingsStore {
  private current: Settings;
  private readonly listeners = new Set<(settings: Settings) => void>();

  private constructor(private readonly backend: SettingsBackend, initial: Settings) {
    this.current = initial;
  }

  static async open(dataDir: string, logger?: Logger, backendFactory: SettingsBackendFactory = confSettingsBackend): Promise<SettingsStore> {
    const options = { dir: dataDir, name: SETTINGS_FILE };
    const path = join(dataDir, `${SETTINGS_FILE}.json`);
    await pruneSetAside(path, SET_ASIDE_KEEP_MS);
    let backend: SettingsBackend;
    let stored: unknown;
    try {
      backend = backendFactory(options);
      stored = backend.read();
    } catch (error) {
      if (!isDamagedFile(error)) throw error;
      const aside = await setAside(path);
      logger?.warn('settings file was damaged and set aside', { aside: aside.slice(dataDir.length + 1) });
      backend = backendFactory(options);
      stored = {};
    }
    // The custom writer before conf kept a second copy; conf writes the one file atomically, so it goes.
    await rm(`${path}.bak`, { force: true });
    const parsed = StoredSettings.safeParse(stored);
    return new SettingsStore(backend, Settings.parse({ ...DEFAULT_SETTINGS, ...stripInvalid(parsed.success ? parsed.data : {}) }));
  }

  get path(): string {
    return this.backend.path;
  }

  get(): Settings {
    return { ...this.current };
  }

  /** Applies a validated patch; the promise settles once it is on disk. */
  async update(patch: SettingsPatch): Promise<Settings> {
    const checked = SettingsPatch.parse(patch);
    const next = Settings.parse({ ...this.current, ...checked });
    this.backend.write(next);
    this.current = next;
    for (const listener of [...this.listeners]) listener(this.get());
    return this.get();
  }

  onChange(listener: (settings: Settings) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** What changes in the settings when a school is signed out of: nothing of it stays (null when nothing named it). */
export function settingsWithout(settings: Settings, accountId: string): SettingsPatch | null {
  const patch: SettingsPatch = {};
  if (settings.activeAccountId === accountId) patch.activeAccountId = null;
  if (accountId in settings.shownCurrencies) {
    const { [accountId]: _dropped, ...rest } = settings.shownCurrencies;
    patch.shownCurrencies = rest;
  }
  return Object.keys(patch).length > 0 ? patch : null;
}

function isDamagedFile(error: unknown): boolean {
  return error instanceof Error && error.name === 'SyntaxError';
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
