import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './test/support/chromium';

export default defineConfig({
  testDir: 'test/e2e',
  // Playwright empties its output folder at start: keep it apart from the reports `npm test` sums up.
  outputDir: 'test-results/e2e-artifacts',
  timeout: 60_000,
  fullyParallel: false,
  workers: 1,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
});
