// Where the Electron binary for `_electron.launch` is, if this machine has one. `npm ci` never downloads
// it (package.json allowScripts denies electron's postinstall); the release workflow runs
// `node node_modules/electron/install.js` to fetch it, our own machines cannot.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const NO_ELECTRON_REASON = 'Electron binary not available on this machine: skipped (runs on the release pipeline)';

export function electronBinary(root: string = process.cwd()): string | null {
  const electronDir = join(root, 'node_modules', 'electron');
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}
