// Prints the numbers for the issue note: HTTP requests the platform sees for a first and a second sign-in,
// and the client-side time from the browser's callback to the tokens being stored.
// Run: npx tsx test/integration/sign-in/measure-sign-in.ts [rounds]
import { startSandbox } from '../../sandbox';
import { launchChromium } from '../../support/chromium';
import { consentClicker } from '../../support/consent-browser';
import { browserRuns, openSignIn, tempDir } from './harness';

const rounds = Number(process.argv[2] ?? 10);
const sandbox = await startSandbox({ orders: 200, quiet: true });
const browser = await launchChromium();
const dir = await tempDir('measure-');
const runs = browserRuns();
try {
  const signedIn = await openSignIn(dir.path, { openExternal: runs.wrap(consentClicker(browser, { decision: 'Allow' })) });
  sandbox.stats.reset();
  await signedIn.auth.connect(sandbox.url);
  console.log(`first sign-in: ${sandbox.stats.requests} requests ${JSON.stringify(sandbox.stats.byPath())}`);
  const stored: number[] = [];
  const tokens: number[] = [];
  stored.push(signedIn.auth.lastSignInTiming!.callbackToStoredMs);
  tokens.push(signedIn.auth.lastSignInTiming!.callbackToTokensMs);
  for (let i = 0; i < rounds; i++) {
    sandbox.stats.reset();
    await signedIn.auth.connect(sandbox.url);
    if (i === 0) console.log(`second sign-in: ${sandbox.stats.requests} requests ${JSON.stringify(sandbox.stats.byPath())}`);
    stored.push(signedIn.auth.lastSignInTiming!.callbackToStoredMs);
    tokens.push(signedIn.auth.lastSignInTiming!.callbackToTokensMs);
  }
  const stats = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
    return `median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (n=${values.length})`;
  };
  console.log(`callback → token response: ${stats(tokens)}`);
  console.log(`callback → tokens stored (incl. UserInfo, vault + state fsync): ${stats(stored)}`);
} finally {
  await runs.idle();
  await browser.close();
  await sandbox.close();
  await dir.remove();
}
