// The desktop app's settings library: electron-store (conf with Electron's paths), kept here because it
// imports 'electron'. The file is the same `<userData>/settings.json` SettingsStore validates.
import Store from 'electron-store';
import { storeBackend } from '../services/store/settings';
import type { SettingsBackendFactory } from '../services/store/settings';

export const electronStoreSettingsBackend: SettingsBackendFactory = ({ dir, name }) =>
  storeBackend(new Store<Record<string, unknown>>({ cwd: dir, name, configFileMode: 0o600 }));
