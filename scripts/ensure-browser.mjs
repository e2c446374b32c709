#!/usr/bin/env node
// Finds a Chromium for the end-to-end and consent tests, and installs Debian's when there is none and
// we may (root with apt-get). Playwright's own browser download cannot work on our machines.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

function findChromium() {
  return CANDIDATES.find((p) => p && existsSync(p)) ?? null;
}

function installWithApt() {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => execFileSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
  console.log('Installing Chromium and Xvfb from Debian (first run only)...');
  run(['update', '-qq']);
  run(['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'xvfb', 'xauth', 'fonts-dejavu-core', 'fonts-noto-cjk']);
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    throw new Error('No Chromium found. Install Chromium (Debian: apt-get install chromium) or set CHROMIUM_PATH to its binary.');
  }
  installWithApt();
  const installed = findChromium();
  if (!installed) throw new Error('apt-get finished but no Chromium binary was found at /usr/bin/chromium.');
  return installed;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    console.log(`Chromium: ${ensureChromium()}`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
