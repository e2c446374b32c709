// electron-builder.yml, checked without Electron: it validates against electron-builder's own JSON schema
// (both through ajv and through electron-builder's own loader and validator), its security settings are
// the ones the release promises, and its `files` patterns, run through electron-builder's own FileMatcher,
// ship the built app and nothing else.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import Ajv from 'ajv';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';

const root = process.cwd();
const require = createRequire(import.meta.url);
const configText = readFileSync(join(root, 'electron-builder.yml'), 'utf8');

/** The parts of electron-builder's Configuration these tests read (the schema test checks the whole). */
interface BuilderConfig {
  appId: string;
  productName: string;
  files: string[];
  asar: boolean;
  asarUnpack?: unknown;
  electronFuses: Record<string, boolean>;
  mac: { category: string; icon: string; hardenedRuntime: boolean; notarize?: boolean; entitlements: string; entitlementsInherit: string; target: { target: string; arch: string[] }[] };
  win: { icon: string; target: { target: string }[]; requestedExecutionLevel: string; verifyUpdateCodeSignature: boolean };
  nsis: Record<string, unknown> & { include: string };
  publish: Record<string, unknown>;
}
const config = load(configText) as BuilderConfig;
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { productName: string; main: string };

describe('electron-builder.yml against electron-builder 26\'s schema', () => {
  const schema = JSON.parse(readFileSync(join(root, 'node_modules/app-builder-lib/scheme.json'), 'utf8'));
  const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);

  it('validates', () => {
    const valid = validate(config);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('would catch a misspelt or misplaced option (the schema check is real)', () => {
    expect(validate({ ...config, nsis: { ...config.nsis, perMachinee: false } })).toBe(false);
    expect(validate({ ...config, electronFuses: { ...config.electronFuses, runAsNodee: false } })).toBe(false);
    expect(validate({ ...config, mac: { ...config.mac, hardenedRuntime: 'yes' } })).toBe(false);
  });

  it('is loaded and accepted by electron-builder itself, from the project folder', async () => {
    const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js');
    const { DebugLogger } = require('builder-util');
    const loaded = await getConfig(root, null, null);
    expect(loaded.appId).toBe('com.schoolcompanion.desktop');
    await expect(validateConfiguration(loaded, new DebugLogger(false))).resolves.toBeUndefined();
    await expect(validateConfiguration({ ...loaded, win: { ...loaded.win, verifyUpdateSignature: true } }, new DebugLogger(false))).rejects.toThrow(/configuration/i);
  });
});

describe('identity and metadata', () => {
  it('names the app, its id, category and icon', () => {
    expect(config.appId).toBe('com.schoolcompanion.desktop');
    expect(config.productName).toBe('School Companion');
    expect(config.productName).toBe(packageJson.productName);
    expect(config.mac.category).toBe('public.app-category.education');
    for (const icon of [config.mac.icon, config.win.icon]) expect(existsSync(join(root, icon))).toBe(true);
  });

  it('packages the main process that package.json names', () => {
    expect(packageJson.main).toBe('dist-electron/main.cjs');
    expect(config.files).toContain('dist-electron/**/*');
  });
});

describe('security settings', () => {
  it('sets the production fuses', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      // The renderer is served from app://, so file:// pages need no extra privileges.
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('packs the app into an asar archive (which the integrity fuses check)', () => {
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toBeUndefined();
  });

  it('signs macOS builds with the hardened runtime and only the JIT entitlement, and notarizes from the environment', () => {
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(config.mac.notarize).not.toBe(false);
    expect(config.mac.entitlements).toBe('build/entitlements.mac.plist');
    expect(config.mac.entitlementsInherit).toBe('build/entitlements.mac.plist');
    const plist = readFileSync(join(root, config.mac.entitlements), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
    const granted = [...plist.matchAll(/<key>([^<]+)<\/key>\s*<true\/>/g)].map((m) => m[1]);
    expect(granted).toEqual(['com.apple.security.cs.allow-jit']);
    // No credentials in the file: signing and notarization come from the environment only.
    expect(configText).not.toMatch(/cscLink|cscKeyPassword|appleId|APPLE_APP_SPECIFIC_PASSWORD:|password:/i);
  });

  it('builds dmg and zip for Apple silicon and Intel (the zip feeds auto-update)', () => {
    const targets = Object.fromEntries(config.mac.target.map((t) => [t.target, [...t.arch].sort()]));
    expect(targets).toEqual({ dmg: ['arm64', 'x64'], zip: ['arm64', 'x64'] });
  });

  it('installs per user on Windows without admin rights, with shortcuts, keeping data on uninstall', () => {
    expect(config.win.target.map((t) => t.target)).toEqual(['nsis']);
    expect(config.win.requestedExecutionLevel).toBe('asInvoker');
    expect(config.win.verifyUpdateCodeSignature).toBe(true);
    expect(config.nsis).toMatchObject({
      oneClick: false,
      perMachine: false,
      selectPerMachineByDefault: false,
      createDesktopShortcut: true,
      createStartMenuShortcut: true,
      deleteAppDataOnUninstall: false,
      include: 'build/installer.nsh',
    });
    // The data-removal option exists and is unticked by default (/o), so silent (update) uninstalls skip it.
    const include = readFileSync(join(root, config.nsis.include), 'utf8');
    expect(include).toMatch(/!macro customUnInstallSection\s+Section \/o "un\./);
  });

  it('configures one publish provider: GitHub releases of school-companion/school-companion', () => {
    expect(config.publish).toMatchObject({ provider: 'github', owner: 'school-companion', repo: 'school-companion' });
  });
});

describe('what ships', () => {
  // electron-builder's own matcher over the configured patterns (the defaults it adds only exclude more).
  const { FileMatcher } = require('app-builder-lib/out/fileMatcher.js');
  const filter = new FileMatcher(root, root, (s: string) => s, config.files).createFilter() as (file: string, stat: { isDirectory(): boolean }) => boolean;
  const file = { isDirectory: () => false };
  const ships = (relative: string) => filter(join(root, relative), file);
  // Dependencies get only the exclusions: electron-builder's own node_modules matcher.
  const { getNodeModuleFileMatcher } = require('app-builder-lib/out/fileMatcher.js');
  const dependencyMatcher = getNodeModuleFileMatcher(root, root, (s: string) => s, {}, { config, debugLogger: { isEnabled: false } });
  const dependencyFilter = dependencyMatcher.createFilter() as typeof filter;
  const dependencyShips = (relative: string) => dependencyFilter(join(root, relative), file);

  it.each([
    'package.json',
    'dist-electron/main.cjs',
    'dist-electron/preload.cjs',
    'dist-electron/chunks/auth-1a2b.cjs',
    'dist/renderer/index.html',
    'dist/renderer/assets/index-3f2a.js',
    'dist/renderer/assets/index-3f2a.css',
  ])('ships %s', (path) => {
    expect(ships(path)).toBe(true);
  });

  it.each([
    'dist-electron/main.cjs.map',
    'dist/renderer/assets/index-3f2a.js.map',
    'dist-electron/sandbox.cjs',
    'dist-electron/test/sandbox/index.cjs',
    'dist-electron/main.test.cjs',
    'test/sandbox/index.ts',
    'test/sandbox/data/catalog.ts',
    'test/unit/release/update-policy.test.ts',
    'electron/main.ts',
    'electron/services/updates/update-policy.ts',
    'shared/ipc.ts',
    'renderer/main.tsx',
    'src/index.ts',
    'docs/release.md',
    'README.md',
    'scripts/test.mjs',
    'build/icon.png',
    'test-results/vitest.json',
    'vite.config.ts',
  ])('does not ship %s', (path) => {
    expect(ships(path)).toBe(false);
  });

  it('ships no dependency files: every dependency is bundled (packaging.test.ts proves the bundles need none)', () => {
    for (const path of ['node_modules/electron-updater/out/main.js', 'node_modules/zod/v4/index.js', 'node_modules/echarts/index.js']) {
      expect(dependencyShips(path)).toBe(false);
    }
  });

  it('builds the renderer without source maps', () => {
    expect(readFileSync(join(root, 'vite.config.ts'), 'utf8')).toMatch(/sourcemap:\s*false/);
  });
});

describe('the app icon', () => {
  /** The inflated scanlines (filter byte + RGBA per row); make-icons writes filter 0 only. */
  function pixelRows(bytes: Buffer): Buffer {
    const idat: Buffer[] = [];
    for (let offset = 8; offset < bytes.length; ) {
      const length = bytes.readUInt32BE(offset);
      if (bytes.toString('ascii', offset + 4, offset + 8) === 'IDAT') idat.push(bytes.subarray(offset + 8, offset + 8 + length));
      offset += length + 12;
    }
    return inflateSync(Buffer.concat(idat));
  }

  function readPng(bytes: Buffer) {
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), bitDepth: bytes[24], colourType: bytes[25] };
  }

  it('is a 1024×1024 RGBA PNG (electron-builder derives .icns and .ico from at least 512 px)', () => {
    expect(readPng(readFileSync(join(root, 'build/icon.png')))).toEqual({ width: 1024, height: 1024, bitDepth: 8, colourType: 6 });
  });

  it('is what build/make-icons.mjs draws (no hand-edited or downloaded image)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'icon-'));
    try {
      const out = join(dir, 'icon.png');
      execFileSync(process.execPath, [join(root, 'build/make-icons.mjs'), '--out', out], { stdio: 'pipe' });
      // Pixels, not bytes: zlib's output differs between Node versions. Allow one step of rounding.
      const fresh = pixelRows(readFileSync(out));
      const committed = pixelRows(readFileSync(join(root, 'build/icon.png')));
      expect(fresh.length).toBe(committed.length);
      let worst = 0;
      for (let i = 0; i < fresh.length; i++) worst = Math.max(worst, Math.abs(fresh[i]! - committed[i]!));
      expect(worst).toBeLessThanOrEqual(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
