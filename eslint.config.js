// One lint config for the whole repo. Besides the usual TypeScript rules it holds the layer
// boundaries from docs/architecture.md, so they do not depend on anyone remembering them.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import { builtinModules } from 'node:module';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

// The platform's wire format (payload schemas, operations, paths) is read by the platform adapter alone
// (docs/architecture.md, "The platform adapter"); test/unit/architecture/platform-boundary.test.ts checks it too.
const platformWire = {
  group: ['**/platform/resources', '**/platform/endpoints', '**/shared/platform/**'],
  message: "Only electron/services/platform/ (the platform adapter), api/ and auth/ read the platform's wire format: use the app's model (shared/model/*) and the adapter's functions.",
};

const electronBan = {
  name: 'electron',
  message: "Only electron/main.ts, electron/preload.ts and electron/adapters/ may import 'electron' (importing it in plain Node tries to download the binary).",
};

// Words a person reads, outside JSX: an AppError's message, and the properties notices, dialogs and menus
// show (`title`, `message`, `label`…). A string there must come from t().
const PERSON_READS = 'title|subtitle|message|label|hint|detail|description|body|summary|tooltip|placeholder|text|reason|caption|heading';
const literalWords = [
  {
    selector: "NewExpression[callee.name='AppError'] > :matches(Literal[raw=/^['\"]/], TemplateLiteral).arguments:nth-child(2)",
    message: "An AppError's message is read by the admin: take it from the catalogue, t('area:key').",
  },
  {
    // A colour ('#ececf1') and a lower-case code ('damaged', 'other_format') are no words.
    selector: `Property[key.name=/^(${PERSON_READS})$/] > :matches(Literal[raw=/^['"](?!#[0-9a-fA-F]{3,8}['"]|[a-z][a-z_]*['"]$).*[A-Za-z]{3}/], TemplateLiteral[quasis.0.value.raw=/[A-Za-z]{3}/]).value`,
    message: "A person reads this: take it from the catalogue, t('area:key').",
  },
];

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
    // Main-process code outside the platform adapter speaks the app's model.
    files: ['electron/**/*.ts'],
    ignores: ['electron/services/platform/**', 'electron/services/api/**', 'electron/services/auth/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [electronBan], patterns: [platformWire] }] },
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
      'no-restricted-imports': ['error', { paths: [electronBan, ...nodeBuiltins.map((name) => ({ name, message: 'shared/ must not use Node built-ins.' }))], patterns: [platformWire] }],
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
        patterns: [{ group: ['**/electron/**', '**/test/sandbox/**'], message: 'The renderer talks to the main process only through its bridge (shared/ipc.ts).' }, platformWire],
      }],
    },
  },
  {
    // shared/platform/ is the wire format itself: its modules read each other.
    files: ['shared/platform/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [electronBan, ...nodeBuiltins.map((name) => ({ name, message: 'shared/ must not use Node built-ins.' }))] }] },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Every word a person reads comes from the language catalogue (shared/i18n/, docs/ui.md "Language"):
  // the two rules below fail on a word written inline.
  {
    // JSX text and the attributes a person reads (aria-label, title, placeholder, alt, label…) in the renderer.
    files: ['renderer/**/*.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': ['error', {
        mode: 'jsx-only',
        'jsx-attributes': { include: ['aria-label', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label', '.*[lL]abel', 'what', 'hint', 'description', 'detail', 'message', 'text', 'legend', 'caption'] },
        // Not words: symbols, separators and arrows between translated parts.
        words: { exclude: ['[0-9!-/:-@[-`{-~·…–—↑↓→←↕▲▼✓×\\s]+', 'School Companion'] },
      }],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}', 'electron/**/*.ts', 'shared/**/*.ts'],
    ignores: ['shared/i18n/**', 'shared/platform/**'],
    rules: { 'no-restricted-syntax': ['error', ...literalWords] },
  },
);
