// The layer rules hold: every module lies in a layer of the table (layers.ts), imports only what its layer may,
// and no import circle exists, between files or between layers. docs/architecture.md shows the same table.
// Each check first runs on a small synthetic tree that breaks it, so it provably can fail.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { circlesOf, diskTree, fileEdges, forbiddenImports, layerEdges, layerOf, parseTree, ROOT, type SourceTree } from './import-graph';
import { DOC_END, DOC_START, LAYERED_TREES, LAYERS, layerTableMarkdown } from './layers';

function syntheticTree(files: Record<string, string>): SourceTree {
  return { files: Object.keys(files), read: (file) => files[file]! };
}

describe('the checker (positive controls on a synthetic tree)', () => {
  const table = { 'app/top': ['app/low'], 'app/low': ['app/ground.ts'], 'app/ground.ts': [] };
  const modules = parseTree(syntheticTree({
    'app/top/page.ts': "import { low } from '../low/low';\nexport const page = low;",
    // A forbidden import: the ground reaches up into app/top, and so closes a circle of layers.
    'app/ground.ts': "import type { page } from './top/page';\nexport type Page = typeof page;",
    'app/low/low.ts': "import type { Page } from '../ground';\nexport const low = 1 as unknown as Page;",
    // A circle of two files inside one layer (allowed by the table, refused as a circle).
    'app/low/a.ts': "import { b } from './b';\nexport const a = () => b;",
    'app/low/b.ts': "export { a as b } from './a';",
  }));

  it('finds an import the table does not allow, with where it is', () => {
    expect(forbiddenImports(modules, table)).toEqual([{ file: 'app/ground.ts', line: 1, from: 'app/ground.ts', to: 'app/top' }]);
  });

  it('finds circles between files and between layers', () => {
    expect(circlesOf(fileEdges(modules))).toEqual(expect.arrayContaining([['app/low/a.ts', 'app/low/b.ts'], ['app/ground.ts', 'app/low/low.ts', 'app/top/page.ts']]));
    expect(circlesOf(layerEdges(modules, Object.keys(table)))).toEqual([['app/ground.ts', 'app/low', 'app/top']]);
  });

  it('places a file in the nearest layer the table names, a named file before its folder', () => {
    expect(layerOf('electron/services/engine/worker/jobs.ts', Object.keys(LAYERS))).toBe('electron/services/engine/worker');
    expect(layerOf('electron/services/log.ts', Object.keys(LAYERS))).toBe('electron/services/log.ts');
    expect(layerOf('shared/errors.ts', Object.keys(LAYERS))).toBe('shared');
    expect(layerOf('test/unit/x.ts', Object.keys(LAYERS))).toBeNull();
  });
});

describe('the layer rules hold for the app', () => {
  const modules = parseTree(diskTree(ROOT, LAYERED_TREES));
  const layers = Object.keys(LAYERS);

  it('every module lies in a layer of the table, and the table names only layers', () => {
    expect(modules.size).toBeGreaterThan(300);
    expect([...modules.keys()].filter((file) => layerOf(file, layers) === null)).toEqual([]);
    const unknown = Object.values(LAYERS).flat().filter((to) => !(to in LAYERS));
    expect(unknown).toEqual([]);
  });

  it('no module imports a layer its layer may not import', () => {
    expect(forbiddenImports(modules, LAYERS).map((v) => `${v.file}:${v.line} (${v.from}) imports ${v.to}`)).toEqual([]);
  });

  it('no import circle between files, nor between layers; the table itself runs one way', () => {
    expect(circlesOf(fileEdges(modules))).toEqual([]);
    expect(circlesOf(layerEdges(modules, layers))).toEqual([]);
    expect(circlesOf(new Map(Object.entries(LAYERS).map(([layer, allowed]) => [layer, new Set(allowed)])))).toEqual([]);
  });

  it('the table allows only imports the app makes, so it reads as the architecture it is', () => {
    const made = layerEdges(modules, layers);
    const unused = Object.entries(LAYERS).flatMap(([from, allowed]) => allowed.filter((to) => !made.get(from)?.has(to)).map((to) => `${from} → ${to}`));
    expect(unused).toEqual([]);
  });

  it('docs/architecture.md shows the same table', () => {
    const path = join(ROOT, 'docs/architecture.md');
    const doc = readFileSync(path, 'utf8');
    const start = doc.indexOf(DOC_START);
    const end = doc.indexOf(DOC_END);
    expect(start, 'docs/architecture.md has the layer table markers').toBeGreaterThan(-1);
    const shown = doc.slice(start + DOC_START.length, end).trim();
    if (process.env.UPDATE_DOCS === '1' && shown !== layerTableMarkdown()) {
      writeFileSync(path, `${doc.slice(0, start + DOC_START.length)}\n${layerTableMarkdown()}\n${doc.slice(end)}`);
      return;
    }
    expect(shown).toBe(layerTableMarkdown());
  });
});
