// Long work the admin can cancel (an orders load, an export): each runs under a job id the UI knows, so a
// data.cancel from any window reaches it, and its progress events carry the same id.
import { AppError } from '../../../../shared/errors';

interface Job {
  readonly id: string;
  readonly signal: AbortSignal;
}

export class JobRegistry {
  readonly #running = new Map<string, AbortController>();

  /** Runs `work` as job `id`; an id already running is refused (the UI picked a duplicate). */
  async run<T>(id: string, work: (job: Job) => Promise<T>, what: string): Promise<T> {
    if (this.#running.has(id)) throw new AppError('invalid_input', `A job with id "${id}" is already running.`);
    const controller = new AbortController();
    this.#running.set(id, controller);
    try {
      return await work({ id, signal: controller.signal });
    } catch (error) {
      if (controller.signal.aborted) throw new AppError('cancelled', `${what} was cancelled.`, { cause: error });
      throw error;
    } finally {
      this.#running.delete(id);
    }
  }

  isRunning(id: string): boolean {
    return this.#running.has(id);
  }

  cancel(id: string): boolean {
    const controller = this.#running.get(id);
    if (!controller) return false;
    controller.abort(new AppError('cancelled', 'Cancelled by the admin.'));
    return true;
  }

  cancelAll(): void {
    for (const id of [...this.#running.keys()]) this.cancel(id);
  }
}

/** Lets the event loop breathe during long synchronous loops (IPC and the UI keep answering), and honours cancel. */
export async function checkpoint(signal: AbortSignal): Promise<void> {
  if (signal.aborted) throw signal.reason ?? new AppError('cancelled', 'Cancelled.');
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (signal.aborted) throw signal.reason ?? new AppError('cancelled', 'Cancelled.');
}
