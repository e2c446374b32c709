// `npm run sandbox`: one line on stdout once listening, serves the platform, closes cleanly on SIGINT/SIGTERM.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

// Node itself with tsx's loader, as `npm run sandbox` runs it: the signal goes straight to the sandbox, with
// no relaying parent process in between.
const NODE_WITH_TSX = [process.execPath, '--import', 'tsx'] as const;

async function startCli(args: string[]): Promise<{ child: ChildProcessWithoutNullStreams; url: string; stdout: () => string }> {
  const child = spawn(NODE_WITH_TSX[0], [...NODE_WITH_TSX.slice(1), 'test/sandbox/cli.ts', ...args], { stdio: 'pipe' });
  let all = '';
  child.stdout.on('data', (chunk: Buffer) => { all += chunk.toString(); });
  const lines = createInterface({ input: child.stdout });
  const [first] = (await once(lines, 'line')) as [string];
  const match = /^Sandbox platform listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(first);
  if (!match) throw new Error(`Unexpected first line: ${first}`);
  return { child, url: match[1]!, stdout: () => all };
}

describe('sandbox CLI', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`prints exactly one line, serves the platform and exits 0 on ${signal}`, { timeout: 30_000 }, async () => {
      const { child, url, stdout } = await startCli(['--orders', '200', '--seed', '7', '--token-ttl', '600']);
      try {
        const metadata = (await (await fetch(`${url}/.well-known/oauth-authorization-server`)).json()) as { issuer: string };
        expect(metadata.issuer).toBe(url);
        expect((await fetch(`${url}/api/v1/school`)).status).toBe(401);
      } finally {
        const exited = once(child, 'exit');
        child.kill(signal);
        const [code] = (await exited) as [number | null];
        expect(code).toBe(0);
      }
      expect(stdout().trim().split('\n')).toEqual([`Sandbox platform listening on ${url}`]);
    });
  }

  it('refuses a bad option with a message and exit code 2', async () => {
    const bad = spawn(NODE_WITH_TSX[0], [...NODE_WITH_TSX.slice(1), 'test/sandbox/cli.ts', '--port', 'eighty'], { stdio: 'pipe' });
    let stderr = '';
    bad.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    const [code] = (await once(bad, 'exit')) as [number];
    expect(code).toBe(2);
    expect(stderr).toContain('--port');
  });
});
