// One lint config for the whole repo. Besides the usual TypeScript rules it holds the layer
// boundaries from docs/architecture.md, so they do not depend on anyone remembering them.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { builtinModules } from 'node:module';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

const electronBan = {
  name: 'electron',
  message: "Only electron/main.ts, electron/preload.ts and electron/adapters/ may import 'electron' (importing it in plain Node tries to download the binary).",
};

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'dist-electron/', 'release/', 'test-results/', 'playwright-report/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { paths: [electronBan] }],
    },
  },
  {
    // The only files allowed to touch Electron.
    files: ['electron/main.ts', 'electron/preload.ts', 'electron/adapters/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // shared/ runs in the main process, the renderer and the browser host alike.
    files: ['shared/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', { paths: [electronBan, ...nodeBuiltins.map((name) => ({ name, message: 'shared/ must not use Node built-ins.' }))] }],
      'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'localStorage', 'process', 'Buffer', '__dirname', 'require'],
    },
  },
  {
    // The renderer is browser code that reaches the main process only through its bridge.
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', {
        paths: [electronBan, ...nodeBuiltins.map((name) => ({ name, message: 'The renderer is browser code: no Node built-ins.' }))],
        patterns: [{ group: ['**/electron/**', '**/test/sandbox/**'], message: 'The renderer talks to the main process only through its bridge (shared/ipc.ts).' }],
      }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
