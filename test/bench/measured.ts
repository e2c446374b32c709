// One step of a benchmark, timed: how long it took, the longest block of this (main) process's event loop
// meanwhile (perf_hooks.monitorEventLoopDelay, 5 ms resolution) and the CPU time this thread itself spent. On a
// loaded box a block can be the OS not scheduling the thread; the CPU time says what the thread itself did.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

export async function measured<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; blockMs: number; cpuMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const cpu = process.threadCpuUsage();
  const started = performance.now();
  const value = await work();
  const ms = performance.now() - started;
  const used = process.threadCpuUsage(cpu);
  histogram.disable();
  return { value, ms, blockMs: histogram.max / 1e6, cpuMs: (used.user + used.system) / 1000 };
}
