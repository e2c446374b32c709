// One way to start the test browser: Debian's Chromium driven by playwright-core. The flags keep it from
// reaching for Google's services, which this network refuses.
import { chromium, type Browser } from 'playwright-core';
// @ts-expect-error -- plain .mjs script shared with the npm scripts, no type declarations
import { ensureChromium } from '../../scripts/ensure-browser.mjs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export function chromiumExecutable(): string {
  return ensureChromium() as string;
}

export async function launchChromium(options: { headless?: boolean } = {}): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS, headless: options.headless ?? true });
}
