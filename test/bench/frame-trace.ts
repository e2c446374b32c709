// Reads a Chrome trace of a scroll round (devtools.timeline) and splits each frame into what the page's
// main thread did on the CPU and what was waiting. On a shared 2-CPU box a frame's wall time also holds
// time the thread was not scheduled at all (the sandbox, the host and Chromium's other processes run on
// the same cores), so the thread CPU time ("tdur") per frame is the figure the page's code controls.
import { readFile } from 'node:fs/promises';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

interface FrameCpu {
  frames: number;
  /** Main-thread CPU time between two animation frames (ms). */
  cpuP50: number;
  cpuP95: number;
  cpuMax: number;
  cpuOver50: number;
  /** Wall time of the frame that had the most CPU time (ms). */
  wallOfCpuMax: number;
  wallMax: number;
  /** Main-thread CPU time by top-level task kind over the whole round (ms). */
  byKind: Record<string, number>;
}

/** The renderer main thread with the most animation frames (the page that scrolled). */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  let best = { pid: -1, tid: -1 };
  let most = -1;
  for (const m of mains) {
    const n = events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'FireAnimationFrame').length;
    if (n > most) [best, most] = [{ pid: m.pid, tid: m.tid }, n];
  }
  return best;
}

export async function frameCpu(tracePath: string): Promise<FrameCpu> {
  const raw = JSON.parse(await readFile(tracePath, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(raw) ? raw : raw.traceEvents;
  const { pid, tid } = mainThread(events);
  const own = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X').sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  // Top-level events only: nested ones (a Layout inside a FunctionCall) are already in their parent's time.
  const top: TraceEvent[] = [];
  for (const e of own) {
    const last = top[top.length - 1];
    if (!last || e.ts >= last.ts + (last.dur ?? 0)) top.push(e);
  }
  const frames = own.filter((e) => e.name === 'FireAnimationFrame').map((e) => e.ts);
  const cpu: number[] = [];
  const wall: number[] = [];
  let at = 0;
  for (let i = 1; i < frames.length; i++) {
    const [from, to] = [frames[i - 1] as number, frames[i] as number];
    let sum = 0;
    while (at < top.length && (top[at] as TraceEvent).ts < to) {
      const e = top[at] as TraceEvent;
      if (e.ts >= from) sum += e.tdur ?? e.dur ?? 0;
      at++;
    }
    cpu.push(sum / 1000);
    wall.push((to - from) / 1000);
  }
  const byKind: Record<string, number> = {};
  const start = frames[0] ?? 0;
  const end = frames[frames.length - 1] ?? 0;
  for (const e of top) if (e.ts >= start && e.ts < end) byKind[e.name] = (byKind[e.name] ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000;
  const sorted = [...cpu].sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const worst = cpu.indexOf(sorted[sorted.length - 1] ?? 0);
  return {
    frames: cpu.length,
    cpuP50: pick(0.5),
    cpuP95: pick(0.95),
    cpuMax: sorted[sorted.length - 1] ?? 0,
    cpuOver50: cpu.filter((c) => c > 50).length,
    wallOfCpuMax: wall[worst] ?? 0,
    wallMax: Math.max(0, ...wall),
    byKind,
  };
}

export function describeFrameCpu(f: FrameCpu): string {
  const kinds = Object.entries(f.byKind)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
    .join(', ');
  return `main-thread CPU per frame: p50 ${f.cpuP50.toFixed(1)} ms, p95 ${f.cpuP95.toFixed(1)} ms, max ${f.cpuMax.toFixed(1)} ms (that frame took ${f.wallOfCpuMax.toFixed(0)} ms), ${f.cpuOver50} over 50 ms; CPU ms by task: ${kinds}`;
}
