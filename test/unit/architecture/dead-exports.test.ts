// Nothing dead: every export of the app, its tests and its tools is imported somewhere else; an export used only
// in its own file is not exported. Read from the parsed source of the whole tree (import-graph.ts), after a
// synthetic tree shows the check finds both.
import { describe, expect, it } from 'vitest';
import { diskTree, parseTree, ROOT, unimportedExports } from './import-graph';

/** Loaded by the tools themselves (vite, vitest, playwright, eslint), not imported. */
const TOOL_CONFIGS = ['vite.config.ts', 'vite.electron.config.ts', 'vitest.config.ts', 'playwright.config.ts', 'eslint.config.js', 'test/electron/playwright.electron.config.ts'];
const TREES = ['electron', 'renderer', 'shared', 'test', 'scripts', ...TOOL_CONFIGS];

/**
 * Written for work landing next, named here so they are seen and go once it lands (or if it never does):
 * the figures oracle, which the figures specs will compare the dashboards with, and the UI locale's
 * date-only format and name collator, which the screens still being translated will use.
 */
const AWAITED_FILES = ['test/support/figures-oracle.ts', 'test/support/oracle-calendar.ts', 'test/support/raw-records.ts', 'test/support/raw-sandbox.ts'];
const AWAITED_EXPORTS = ['renderer/lib/format.ts formatDateOnly', 'renderer/lib/format.ts nameCollator'];

describe('dead exports', () => {
  it('finds an export nobody imports and one only its own file uses, through barrels and namespace imports alike', () => {
    const files: Record<string, string> = {
      'a.ts': 'export const used = 1;\nexport const onlyHere = 2;\nexport const nobody = 3;\nexport const viaBarrel = onlyHere;\nexport function viaNamespace() {}',
      'barrel.ts': "export { viaBarrel } from './a';",
      'b.ts': "import { used } from './a';\nimport { viaBarrel } from './barrel';\nimport * as all from './c';\nexport default [used, viaBarrel, all];",
      'c.ts': 'export const anything = 1;',
      'start.mjs': "const { fromScript } = await tsImport('./d.ts', import.meta.url);",
      'd.ts': 'export const fromScript = 1;',
    };
    const modules = parseTree({ files: Object.keys(files), read: (f) => files[f]! });
    expect(unimportedExports(modules, ['b.ts']).map((e) => `${e.kind} ${e.file}:${e.line} ${e.name}`)).toEqual(['local a.ts:2 onlyHere', 'unused a.ts:3 nobody', 'unused a.ts:5 viaNamespace']);
  });

  // Parsing the whole tree takes a few seconds alone, several times that on a shared, busy machine.
  it('the app exports only what another module imports', () => {
    const modules = parseTree(diskTree(ROOT, TREES));
    expect(modules.size).toBeGreaterThan(600);
    const found = unimportedExports(modules, TOOL_CONFIGS).filter((e) => !AWAITED_FILES.includes(e.file) && !AWAITED_EXPORTS.includes(`${e.file} ${e.name}`));
    expect(found.map((e) => `${e.file}:${e.line} ${e.name}: ${e.kind === 'unused' ? 'imported nowhere' : 'used only in its own file, need not be exported'}`)).toEqual([]);
  }, 180_000);
});
