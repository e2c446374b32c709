// Where a sync's time went, measured in the worker as it runs: the wall time, the worker's own CPU time, and the
// CPU time spent reading pages (parse, validate, map, or the three as one scan of the bytes) and putting their
// records into the table (index). What is left of the wall time is the worker waiting for the platform (or, on
// a loaded machine, for a core). CPU time rather than wall time per step, so a busy machine does not blame a
// step for the time it was not scheduled. The benchmark prints it; nothing else reads it.
import { performance } from 'node:perf_hooks';
import type { ReadStep, StepTimer } from '../../platform/list-feed';
import type { SyncProfileData } from '../contract/protocol';

type SyncStep = ReadStep | 'index';
export type { SyncProfileData };

export class SyncProfile implements StepTimer {
  readonly #started = performance.now();
  readonly #cpu = process.threadCpuUsage();
  readonly #steps: Record<SyncStep, number> = { parse: 0, validate: 0, map: 0, scan: 0, index: 0 };
  #ended: SyncProfileData | null = null;
  pages = 0;
  requests = 0;
  #firstPageMs: number | null = null;
  readonly #walkEndsMs: number[] = [];

  /** A page of records was read. */
  page(): void {
    this.pages++;
    this.#firstPageMs ??= performance.now() - this.#started;
  }

  /** A walk read its last page. */
  walkEnded(): void {
    this.#walkEndsMs.push(performance.now() - this.#started);
  }

  time<T>(step: SyncStep, work: () => T): T {
    const started = process.threadCpuUsage();
    try {
      return work();
    } finally {
      const used = process.threadCpuUsage(started);
      this.#steps[step] += (used.user + used.system) / 1000;
    }
  }

  end(): SyncProfileData {
    this.#ended ??= this.data();
    return this.#ended;
  }

  data(): SyncProfileData {
    if (this.#ended) return this.#ended;
    const cpu = process.threadCpuUsage(this.#cpu);
    return { wallMs: performance.now() - this.#started, cpuMs: (cpu.user + cpu.system) / 1000, steps: { ...this.#steps }, pages: this.pages, requests: this.requests, firstPageMs: this.#firstPageMs, walkEndsMs: [...this.#walkEndsMs] };
  }
}
