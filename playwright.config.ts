import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './test/support/chromium';

/** The specs that run at both window sizes: layout, keyboard, the screens an admin looks at. */
const WINDOW_SIZE_SPECS = ['dashboards-layout.spec.ts', 'dashboards-keyboard.spec.ts', 'dashboards-orders-filters.spec.ts', 'shell-ui.spec.ts'];

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
  // Two window sizes: a common desktop and the smallest the app is laid out for. Every spec runs at
  // 1440×900; the specs about what the admin sees and does by keyboard also at 1280×720 (the rest, the
  // sign-in protocol, tokens and figures, do not depend on the window). Specs that set their own viewport
  // (the screenshots) keep it.
  projects: [
    { name: '1440x900', use: { viewport: { width: 1440, height: 900 } } },
    { name: '1280x720', use: { viewport: { width: 1280, height: 720 } }, testMatch: WINDOW_SIZE_SPECS },
  ],
});
