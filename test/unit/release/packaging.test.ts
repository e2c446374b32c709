// The packaging step itself, as far as it runs without Electron: electron-builder 26 packs the real build
// output with electron-builder.yml into a Linux `dir` target, using a stand-in Electron distribution
// (electronDist) because the real binary cannot be downloaded here, and with fuses off (they patch the real
// binary, which the stand-in is not). What it proves: what app.asar really holds, that the bundles need no
// node_modules at run time, and that the update feed baked into the app is the one electron-builder.yml
// names. The macOS and Windows targets, signing and fuses run on the release pipeline.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = process.cwd();
const require = createRequire(import.meta.url);

function ensureBuilt(output: string, script: string) {
  // `npm test` builds the renderer before the unit tests; the main process bundle is built here if absent.
  if (!existsSync(join(root, output))) execFileSync('npm', ['run', '-s', script], { cwd: root, stdio: 'pipe', shell: process.platform === 'win32' });
}

/** Modules a CommonJS bundle really requires (require("x") calls, not code-generation strings such as ajv's). */
function requiredModules(bundle: string): string[] {
  const source = readFileSync(bundle, 'utf8');
  return [...new Set([...source.matchAll(/(?<![`"'\\\w.])require\("([^"]+)"\)/g)].map((m) => m[1]!))].sort();
}

describe('packaging with electron-builder (Linux dir target, stand-in Electron)', () => {
  let work: string;
  let resources: string;

  beforeAll(async () => {
    ensureBuilt('dist/renderer/index.html', 'build');
    ensureBuilt('dist-electron/main.cjs', 'build:electron');
    work = mkdtempSync(join(tmpdir(), 'packaging-'));
    const electronDist = join(work, 'electron-dist');
    mkdirSync(join(electronDist, 'resources'), { recursive: true });
    writeFileSync(join(electronDist, 'electron'), '#!/bin/sh\nexit 0\n');
    chmodSync(join(electronDist, 'electron'), 0o755);

    const config = load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Record<string, unknown> & { directories: Record<string, string> };
    const { build, Platform } = require('electron-builder');
    await build({
      projectDir: root,
      targets: Platform.LINUX.createTarget('dir'),
      publish: 'never',
      config: {
        ...config,
        electronDist,
        electronFuses: null,
        directories: { ...config.directories, output: join(work, 'out') },
        linux: { executableName: 'school-companion' },
      },
    });
    resources = join(work, 'out', 'linux-unpacked', 'resources');
  }, 180_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('puts exactly the built app into app.asar: package.json, the three bundles (main, preload, the data engine worker: Electron reads a worker from app.asar) and the renderer', () => {
    const { listPackage } = require('@electron/asar');
    const files = (listPackage(join(resources, 'app.asar'), { isPack: false }) as string[]).map((f) => f.replaceAll('\\', '/').replace(/^\//, ''));
    const rendererFiles = files.filter((f) => f.startsWith('dist/renderer/'));
    expect(files.filter((f) => !f.startsWith('dist/renderer/'))).toEqual(['dist-electron', 'dist-electron/engine-worker.cjs', 'dist-electron/main.cjs', 'dist-electron/preload.cjs', 'dist', 'dist/renderer', 'package.json']);
    expect(rendererFiles).toContain('dist/renderer/index.html');
    expect(rendererFiles.some((f) => /^dist\/renderer\/assets\/.+\.js$/.test(f))).toBe(true);
    expect(files.filter((f) => /\.map$|\.(ts|tsx|mts|cts)$|node_modules|sandbox|(^|\/)test\//.test(f))).toEqual([]);
  });

  it('leaves nothing beside app.asar but the update feed (no unpacked app folder)', () => {
    expect(readdirSync(resources).sort()).toEqual(['app-update.yml', 'app.asar']);
  });

  it('bakes in the update feed that electron-builder.yml names, with the cache folder the uninstaller knows', () => {
    const feed = load(readFileSync(join(resources, 'app-update.yml'), 'utf8'));
    expect(feed).toMatchObject({ provider: 'github', owner: 'school-companion', repo: 'school-companion', updaterCacheDirName: 'school-companion-updater' });
    expect(readFileSync(join(root, 'build/installer.nsh'), 'utf8')).toContain('$LOCALAPPDATA\\school-companion-updater');
    expect(load(readFileSync(join(root, 'dev-app-update.yml'), 'utf8'))).toMatchObject({ updaterCacheDirName: 'school-companion-updater' });
  });

  it('ships bundles that require only electron and Node built-ins (so leaving node_modules out is safe)', () => {
    const allowed = new Set(['electron', ...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
    for (const bundle of ['dist-electron/main.cjs', 'dist-electron/preload.cjs', 'dist-electron/engine-worker.cjs']) {
      const outside = requiredModules(join(root, bundle)).filter((name) => !allowed.has(name));
      expect(outside, bundle).toEqual([]);
    }
    expect(requiredModules(join(root, 'dist-electron/preload.cjs'))).toEqual(['electron']);
  });
});
