// `npm run build:electron` bundles the main process and the preload without an Electron binary, and the
// sandboxed preload needs nothing at run time but 'electron' (a sandboxed preload can require nothing else).
import { spawnSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Worker } from 'node:worker_threads';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const outDir = mkdtempSync(join(tmpdir(), 'sc-electron-build-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function build(mode: 'main' | 'preload' | 'engine-worker'): void {
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const run = spawnSync(process.execPath, [vite, 'build', '-c', 'vite.electron.config.ts', '--mode', mode, '--outDir', outDir, '--logLevel', 'error'], { cwd: root, encoding: 'utf8' });
  expect(run.stderr + run.stdout).not.toMatch(/error/i);
  expect(run.status).toBe(0);
}

const requiresOf = (file: string) => [...readFileSync(join(outDir, file), 'utf8').matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!);
/** The requires the bundle runs: ajv also writes `require("ajv/…")` inside templates of the code it emits for standalone modules, never run here. */
const requiresRun = (file: string) => [...readFileSync(join(outDir, file), 'utf8').matchAll(/(?<!`)require\("([^"]+)"\)/g)].map((m) => m[1]!);

describe('Electron bundles', () => {
  it('builds main.cjs and preload.cjs; the preload requires only electron', () => {
    build('main');
    build('preload');
    expect(new Set(requiresOf('preload.cjs'))).toEqual(new Set(['electron']));
    const preload = readFileSync(join(outDir, 'preload.cjs'), 'utf8');
    expect(preload).toMatch(/exposeInMainWorld\(PRELOAD_GLOBAL\b|exposeInMainWorld\("schoolCompanion"/);
    expect(preload).toContain('"schoolCompanion"');
    expect(preload).not.toMatch(/zod/);

    const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
    // The main bundle inlines our code and its dependencies; what is left is electron, Node and a few
    // files electron-store's schema validator loads by path (shipped in node_modules with the app).
    const others = requiresOf('main.cjs').filter((name) => name !== 'electron' && !builtins.has(name));
    expect(others.every((name) => /^ajv(-formats)?\//.test(name))).toBe(true);
    expect(readFileSync(join(outDir, 'main.cjs'), 'utf8')).toContain('requestSingleInstanceLock');
    // main.cjs starts the data engine from the file beside it.
    expect(readFileSync(join(outDir, 'main.cjs'), 'utf8')).toContain('"engine-worker.cjs"');
  });

  it('builds the data engine worker to engine-worker.cjs: Node built-ins only, and it answers over its message contract', async () => {
    build('engine-worker');
    const file = join(outDir, 'engine-worker.cjs');
    const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
    expect(requiresRun('engine-worker.cjs').filter((name) => !builtins.has(name))).toEqual([]);
    const worker = new Worker(file, { workerData: { snapshotDir: join(outDir, 'snapshots') } });
    try {
      const answer = await new Promise<unknown>((resolve, reject) => {
        worker.on('message', (message: { type: string }) => {
          if (message.type === 'result') resolve(message);
        });
        worker.on('error', reject);
        worker.postMessage({ type: 'call', id: 1, method: 'orders.status', args: { accountId: 'https://school.example.test#admin' } });
      });
      expect(answer).toEqual({ type: 'result', id: 1, ok: true, value: { count: null, fetchedAt: null, loadingJobId: null } });
    } finally {
      await worker.terminate();
    }
  });
});
