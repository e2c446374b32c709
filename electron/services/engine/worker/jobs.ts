// Long work the admin can cancel (an orders load, an export): each runs under a job id the UI knows, so a
// data.cancel from any window reaches it, and its progress events carry the same id.
import { AppError } from '../../../../shared/errors';
import { t } from '../../../../shared/i18n/i18n';

interface Job {
  readonly id: string;
  readonly signal: AbortSignal;
}

export class JobRegistry {
  readonly #running = new Map<string, AbortController>();
  /** A caller that joined a running job under its own id (job-id → the running job's id): its Cancel stops that job. */
  readonly #joined = new Map<string, string>();

  /** Runs `work` as job `id`; an id already running is refused (the UI picked a duplicate). */
  async run<T>(id: string, work: (job: Job) => Promise<T>, what: string): Promise<T> {
    if (this.#running.has(id)) throw new AppError('invalid_input', t('engine:errors.jobRunning', { id }));
    const controller = new AbortController();
    this.#running.set(id, controller);
    try {
      return await work({ id, signal: controller.signal });
    } catch (error) {
      if (controller.signal.aborted) throw new AppError('cancelled', t('engine:errors.jobCancelled', { what }), { cause: error });
      throw error;
    } finally {
      this.#running.delete(id);
      for (const [joiner, target] of this.#joined) if (target === id) this.#joined.delete(joiner);
    }
  }

  /**
   * `id` follows the running job `target` (a sync started in the background, which a page then asks for): the
   * page's Cancel, sent with its own id, stops that job. Nothing happens if `target` is not running.
   */
  join(id: string, target: string): void {
    if (id !== target && this.#running.has(target)) this.#joined.set(id, target);
  }

  /** The ids that joined the running job `id` (join): its progress goes out under each of them too. */
  joinedTo(id: string): string[] {
    return [...this.#joined].filter(([, target]) => target === id).map(([joiner]) => joiner);
  }

  isRunning(id: string): boolean {
    return this.#running.has(this.#joined.get(id) ?? id);
  }

  cancel(id: string): boolean {
    const controller = this.#running.get(this.#joined.get(id) ?? id);
    if (!controller) return false;
    controller.abort(new AppError('cancelled', t('engine:errors.cancelledByAdmin')));
    return true;
  }

  cancelAll(): void {
    for (const id of [...this.#running.keys()]) this.cancel(id);
  }
}

/** Lets the event loop breathe during long synchronous loops (IPC and the UI keep answering), and honours cancel. */
export async function checkpoint(signal: AbortSignal): Promise<void> {
  if (signal.aborted) throw signal.reason ?? new AppError('cancelled', t('engine:errors.cancelled'));
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (signal.aborted) throw signal.reason ?? new AppError('cancelled', t('engine:errors.cancelled'));

}
