// Requests per second for one orders page (GET /api/v1/orders?limit=100 with a valid token), against the
// sandbox CLI in its own process so the load generator does not share its event loop. Loopback only,
// bounded in time. Run: npx tsx test/bench/sandbox-throughput.ts [--orders 100000] [--seconds 5 (0: start-up only)] [--connections 16] [--path /api/v1/orders?limit=100 --scope orders:read]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { discover, register, signIn, startReceiver } from '../integration/sandbox/harness';
import { launchChromium } from '../support/chromium';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '16' },
    path: { type: 'string', default: '/api/v1/orders?limit=100' },
    scope: { type: 'string', default: 'orders:read' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);

const started = performance.now();
const child = spawn('node_modules/.bin/tsx', ['test/sandbox/cli.ts', '--orders', values.orders], { stdio: ['ignore', 'pipe', 'inherit'] });
const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
const url = /listening on (\S+)/.exec(line)?.[1];
if (!url) throw new Error(`Unexpected sandbox output: ${line}`);
console.log(`sandbox with ${values.orders} orders listening after ${((performance.now() - started) / 1000).toFixed(2)} s (CLI start, incl. tsx)`);

if (seconds === 0) {
  // --seconds 0: start-up time only.
  child.kill('SIGTERM');
  await once(child, 'exit');
  process.exit(0);
}

const browser = await launchChromium();
const receiver = await startReceiver();
try {
  const as = await discover(url);
  const client = await register(as, [receiver.redirectUri]);
  const { tokens } = await signIn(browser, as, client, receiver, values.scope);
  await browser.close(); // not needed for the load; keep the two cores for client and sandbox
  const target = `${url}${values.path}`;
  const headers = { Authorization: `Bearer ${tokens.access_token}` };
  const probe = await fetch(target, { headers });
  if (probe.status !== 200) throw new Error(`GET ${values.path} answered ${probe.status}: ${await probe.text()}`);
  const bytes = (await probe.arrayBuffer()).byteLength;

  // Warm-up, then the measured window.
  const latencies: number[] = [];
  let failures = 0;
  const run = async (until: number, record: boolean) => {
    while (performance.now() < until) {
      const t0 = performance.now();
      const response = await fetch(target, { headers });
      await response.arrayBuffer();
      if (!record) continue;
      if (response.status === 200) latencies.push(performance.now() - t0);
      else failures += 1;
    }
  };
  await Promise.all(Array.from({ length: connections }, () => run(performance.now() + 1000, false)));
  const windowStart = performance.now();
  await Promise.all(Array.from({ length: connections }, () => run(windowStart + seconds * 1000, true)));
  const elapsed = (performance.now() - windowStart) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
  console.log(`GET ${values.path} (${bytes} bytes): ${(latencies.length / elapsed).toFixed(0)} requests/s over ${elapsed.toFixed(1)} s, ` +
    `${connections} connections, p50 ${pct(50)} ms, p99 ${pct(99)} ms, ${failures} non-200`);
} finally {
  await Promise.all([browser.close(), receiver.close()]);
  child.kill('SIGTERM');
  await once(child, 'exit');
}
