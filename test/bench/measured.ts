// One step of a benchmark, timed: how long it took, the longest block of this (main) process's event loop
// meanwhile (perf_hooks.monitorEventLoopDelay, 5 ms resolution) and the CPU time this thread itself spent. On a
// loaded box a block can be the OS not scheduling the thread; the CPU time says what the thread itself did, so
// the longest gap between two ticks of a 10 ms timer is kept with the thread's own CPU time inside it (a real
// block is CPU ≈ gap; a descheduled one is CPU ≪ gap), and so is the gap in which the thread itself worked
// longest (the real block, whatever the load), with the garbage collector's pauses beside them.
import { PerformanceObserver, monitorEventLoopDelay, performance } from 'node:perf_hooks';

export interface LongestGap {
  /** Wall time between two ticks of the 10 ms timer, minus the 10 ms. */
  wallMs: number;
  /** The main thread's own CPU time in that gap. */
  cpuMs: number;
}

interface Measured<T> {
  value: T;
  ms: number;
  blockMs: number;
  cpuMs: number;
  longestGap: LongestGap;
  /** The gap in which the thread spent the most CPU time of its own. */
  busiestGap: LongestGap;
  /** Garbage collection on this isolate meanwhile: the longest pause and all of them (wall time). */
  gcMaxMs: number;
  gcMs: number;
  gcCount: number;
}

const TICK_MS = 10;

export async function measured<T>(work: () => Promise<T>): Promise<Measured<T>> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  let gcMaxMs = 0;
  let gcMs = 0;
  let gcCount = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMaxMs = Math.max(gcMaxMs, entry.duration);
      gcMs += entry.duration;
      gcCount++;
    }
  });
  gc.observe({ entryTypes: ['gc'] });
  const longestGap: LongestGap = { wallMs: 0, cpuMs: 0 };
  const busiestGap: LongestGap = { wallMs: 0, cpuMs: 0 };
  let lastAt = performance.now();
  let lastCpu = process.threadCpuUsage();
  const ticker = setInterval(() => {
    const now = performance.now();
    const cpu = process.threadCpuUsage();
    const gap = { wallMs: now - lastAt - TICK_MS, cpuMs: (cpu.user + cpu.system - lastCpu.user - lastCpu.system) / 1000 };
    if (gap.wallMs > longestGap.wallMs) Object.assign(longestGap, gap);
    if (gap.cpuMs > busiestGap.cpuMs) Object.assign(busiestGap, gap);
    lastAt = now;
    lastCpu = cpu;
  }, TICK_MS);
  const cpu = process.threadCpuUsage();
  const started = performance.now();
  try {
    const value = await work();
    const ms = performance.now() - started;
    const used = process.threadCpuUsage(cpu);
    return { value, ms, blockMs: histogram.max / 1e6, cpuMs: (used.user + used.system) / 1000, longestGap, busiestGap, gcMaxMs, gcMs, gcCount };
  } finally {
    clearInterval(ticker);
    gc.disconnect();
    histogram.disable();
  }
}
