// The Electron main process and preload, each bundled to one CommonJS file in dist-electron/ with only
// 'electron' and Node's built-ins left to require at run time. Built twice (npm run build:electron):
// the sandboxed preload may require nothing but 'electron', so it must not share a chunk with main.
import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

// The data engine's worker thread is its own file too (new Worker(path) loads it next to main.cjs).
const ENTRIES = { main: 'electron/main.ts', preload: 'electron/preload.ts', 'engine-worker': 'electron/services/engine/worker/worker-entry.ts' } as const;

export default defineConfig(({ mode }) => {
  const name = mode === 'preload' || mode === 'engine-worker' ? mode : 'main';
  return {
    publicDir: false,
    build: {
      outDir: 'dist-electron',
      emptyOutDir: name === 'main',
      target: 'node22',
      minify: false,
      sourcemap: false,
      ssr: ENTRIES[name],
      rollupOptions: {
        external: ['electron', ...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
        output: { format: 'cjs', entryFileNames: `${name}.cjs`, codeSplitting: false },
      },
    },
    ssr: { noExternal: true, target: 'node' },
  };
});
