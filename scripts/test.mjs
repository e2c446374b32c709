#!/usr/bin/env node
// `npm test` (run it through npm, so node_modules/.bin and its Node 24 come first on PATH): everything a change must pass, in the order that fails fastest, ending with one summary
// line "tests: N passed, N failed, N skipped" over the unit, integration and end-to-end suites.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium } from './ensure-browser.mjs';

const results = 'test-results';
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

function step(title, command, args) {
  console.log(`\n== ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  console.log(`== ${title}: ${run.status === 0 ? 'ok' : `failed (exit ${run.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return run.status === 0;
}

console.log(`Node ${process.version} (tests run on the Node major of Electron's main process)`);
console.log(`Chromium: ${ensureChromium()}`);

const gates = [
  ['type-check', 'npm', ['run', '-s', 'typecheck']],
  ['lint', 'eslint', ['.']],
  ['build', 'npm', ['run', '-s', 'build']],
];
let ok = true;
for (const [title, command, args] of gates) ok = step(title, command, args) && ok;

const unitOk = step('unit and integration tests', 'vitest', [ 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}/vitest.json`]);
const e2eOk = step('end-to-end tests', 'playwright', [ 'test']);
ok = ok && unitOk && e2eOk;

const counts = { passed: 0, failed: 0, skipped: 0 };
// The failed tests are named again at the very end: a CI log is often read from its tail only.
const failedNames = [];
if (existsSync(`${results}/vitest.json`)) {
  const report = JSON.parse(readFileSync(`${results}/vitest.json`, 'utf8'));
  counts.passed += report.numPassedTests ?? 0;
  counts.failed += (report.numFailedTests ?? 0);
  counts.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') failedNames.push(`${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}`);
    }
  }
}
if (existsSync(`${results}/e2e.json`)) {
  const report = JSON.parse(readFileSync(`${results}/e2e.json`, 'utf8'));
  const stats = report.stats ?? {};
  counts.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  counts.failed += stats.unexpected ?? 0;
  counts.skipped += stats.skipped ?? 0;
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') failedNames.push(`${spec.file ?? file} › ${spec.title} [${test.projectName}]`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
}
if (failedNames.length > 0) console.log(`\nfailed:\n${failedNames.map((name) => `  ${name}`).join('\n')}`);
if (!ok && counts.failed === 0) counts.failed = 1; // a failed gate (type-check, lint, build) counts as a failure
console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(ok ? 0 : 1);
