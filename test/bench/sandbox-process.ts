// The sandbox platform in a process of its own (its CLI through tsx), as the benchmarks run it: the platform's
// work does not share an event loop with what is measured. Resolves once it listens; `stop` ends it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

export async function startSandboxProcess(orders: number, timeoutMs = 15 * 60_000): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn('node_modules/.bin/tsx', ['test/sandbox/cli.ts', '--orders', String(orders)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  clearTimeout(timer);
  const url = /listening on (\S+)/.exec(line)?.[1];
  if (!url) throw new Error(`Unexpected sandbox output: ${line}`);
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
