// Request counting, so tests can prove what a client did not do (e.g. no second discovery round trip).

export class RequestStats {
  #total = 0;
  #byPath = new Map<string, number>();

  count(pathname: string): void {
    this.#total += 1;
    this.#byPath.set(pathname, (this.#byPath.get(pathname) ?? 0) + 1);
  }

  get requests(): number {
    return this.#total;
  }

  byPath(): Record<string, number> {
    return Object.fromEntries(this.#byPath);
  }

  reset(): void {
    this.#total = 0;
    this.#byPath.clear();
  }
}
