// The `_electron` spec only: the real desktop app against the in-process sandbox. Not part of `npm test`
// (its testDir is test/e2e); the release workflow runs it on macOS and Windows after building:
//   npx playwright test -c test/electron/playwright.electron.config.ts
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '*.electron.spec.ts',
  timeout: 120_000,
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: '../../test-results/electron.json' }]],
  outputDir: '../../test-results/electron',
  use: { trace: 'retain-on-failure' },
});
