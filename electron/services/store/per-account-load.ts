// A store's state per account, read from disk once and then kept in memory. A failed read is not kept, so the
// next call reads again; forget() drops an account's state (signed out).
export class PerAccountLoad<T> {
  readonly #loaded = new Map<string, Promise<T>>();

  constructor(private readonly read: (accountId: string) => Promise<T>) {}

  get(accountId: string): Promise<T> {
    let found = this.#loaded.get(accountId);
    if (!found) {
      found = this.read(accountId);
      this.#loaded.set(accountId, found);
      found.catch(() => this.#loaded.delete(accountId));
    }
    return found;
  }

  forget(accountId: string): void {
    this.#loaded.delete(accountId);
  }
}
