// A fixed one-minute window per caller key: simple to reason about in tests ("the N+1st call in a minute
// gets 429") and Retry-After is exactly the time left in the window.

interface RateDecision {
  allowed: boolean;
  retryAfterSeconds: number;
}

export class RateLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly now: () => number) {}

  take(key: string, perMinute: number): RateDecision {
    const now = this.now();
    let window = this.#windows.get(key);
    if (!window || now - window.start >= 60_000) {
      window = { start: now, count: 0 };
      this.#windows.set(key, window);
      if (this.#windows.size > 10_000) this.#prune(now);
    }
    window.count += 1;
    if (window.count <= perMinute) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.start + 60_000 - now) / 1000)) };
  }

  reset(): void {
    this.#windows.clear();
  }

  #prune(now: number): void {
    for (const [key, window] of this.#windows) if (now - window.start >= 60_000) this.#windows.delete(key);
  }
}
