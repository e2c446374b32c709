// The sandbox platform in a process of its own (its CLI through tsx), as the benchmarks run it: the platform's
// work does not share an event loop with what is measured. Resolves once it listens; `stop` ends it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * The CPU time (user + system, ms) used so far by a process and every process below it (tsx runs the sandbox
 * in a child of its own), from /proc; null where there is no /proc.
 */
function treeCpuMs(root: number): number | null {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const parent = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const name of entries) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command (which may hold spaces) in parentheses: state ppid … utime(14) stime(15).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(name), Number(fields[1]));
      ticks.set(Number(name), Number(fields[11]) + Number(fields[12]));
    } catch {
      // the process ended meanwhile
    }
  }
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid, hops = 0; at !== undefined && at > 1 && hops < 64; at = parent.get(at), hops++) if (at === root) return true;
    return false;
  };
  let total = 0;
  for (const [pid, t] of ticks) if (inTree(pid)) total += t;
  return (total * 1000) / TICKS_PER_SECOND;
}

export async function startSandboxProcess(orders: number, timeoutMs = 15 * 60_000): Promise<{ url: string; cpuMs(): number | null; stop(): Promise<void> }> {
  const child = spawn('node_modules/.bin/tsx', ['test/sandbox/cli.ts', '--orders', String(orders)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  clearTimeout(timer);
  const url = /listening on (\S+)/.exec(line)?.[1];
  if (!url) throw new Error(`Unexpected sandbox output: ${line}`);
  return {
    url,
    cpuMs: () => (child.pid === undefined ? null : treeCpuMs(child.pid)),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
