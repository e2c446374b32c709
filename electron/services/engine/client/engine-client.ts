// The main process's side of the data engine: starts the worker thread on first use, forwards calls to it,
// answers its page requests through the app's PlatformCaller (so tokens, refresh, retries and rate limits stay
// where they are), hands it each school's snapshot key, and relays its events and logs. No order is parsed,
// indexed, sorted, sealed or formatted here: the main process only routes.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { AppError } from '../../../../shared/errors';
import { currentUiLocale, t } from '../../../../shared/i18n/i18n';
import type { PlatformCaller } from '../../api/platform-caller';
import type { EmitEvent } from '../../ipc/handler-types';
import type { Logger } from '../../log';
import { DEFAULT_SNAPSHOT_MAX_BYTES, type EngineArgs, type EngineMethod, type EngineResult, type MainToWorker, type WorkerToMain } from '../contract/protocol';
import { PagesAhead } from './pages-ahead';

/** What the worker thread runs: the bundled file next to main.cjs in the desktop app, else the source through tsx. */
export function engineWorkerEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  const bundled = join(dirname(here), 'engine-worker.cjs');
  if (here.endsWith('.cjs') && existsSync(bundled)) return { file: bundled, execArgv: [] };
  return { file: join(dirname(here), '..', 'worker', 'worker-entry.ts'), execArgv: ['--import', tsxImport()] };
}

/**
 * `--import tsx` resolves from the working directory; where that finds another tsx (or none), the absolute URL of
 * ours is used. (The bare name is preferred: under a tsx parent process the URL form does not register the hooks.)
 */
function tsxImport(): string {
  const ours = createRequire(import.meta.url).resolve('tsx');
  let fromCwd: string | null;
  try {
    fromCwd = createRequire(join(process.cwd(), 'package.json')).resolve('tsx');
  } catch {
    fromCwd = null;
  }
  return fromCwd === ours ? 'tsx' : pathToFileURL(ours).href;
}

interface EngineClientOptions {
  caller: PlatformCaller;
  /** The school's snapshot key (derived from its offline-cache key); null when no key store can be used. */
  keyFor(accountId: string): Promise<Buffer | null>;
  emit: EmitEvent;
  logger: Logger;
  snapshotDir: string;
  snapshotMaxBytes?: number;
  /** The worker's platform calls succeeded or found the platform away (for the back-online refetch). */
  onReachable?(accountId: string, reachable: boolean): void;
}

const RawPage = z.unknown();

export class EngineClient {
  #worker: Worker | null = null;
  #nextId = 1;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  readonly #pageCalls = new Map<number, AbortController>();
  /** The walks' next pages, asked for as each page arrives (null until a page is asked for as bytes). */
  #ahead: PagesAhead | null = null;
  readonly #keysSent = new Set<string>();
  /** The UI language the worker speaks (sent before a call whenever the main process's has changed). */
  #languageSent: string | null = null;
  /** Calls reach the worker in the order they were made (a cancel never overtakes the load it cancels). */
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;

  constructor(private readonly options: EngineClientOptions) {}

  get snapshotMaxBytes(): number {
    return this.options.snapshotMaxBytes ?? DEFAULT_SNAPSHOT_MAX_BYTES;
  }

  call<M extends EngineMethod>(method: M, args: EngineArgs<M>): Promise<EngineResult<M>> {
    if (this.#closed) return Promise.reject(new AppError('internal', t('engine:errors.stopped')));
    const accountId = (args as { accountId?: unknown }).accountId;
    const posted = this.#queue.then(async () => {
      const worker = this.#start();
      const locale = currentUiLocale();
      if (this.#languageSent !== `${locale.language} ${locale.locale}`) {
        this.#post({ type: 'language', locale });
        this.#languageSent = `${locale.language} ${locale.locale}`;
      }
      if (typeof accountId === 'string' && !this.#keysSent.has(accountId)) {
        const key = await this.options.keyFor(accountId);
        if (key && this.#worker === worker) {
          this.#post({ type: 'key', accountId, key });
          this.#keysSent.add(accountId);
        }
      }
      const id = this.#nextId++;
      // Wrapped, so that `posted` settles once the call is posted, not once it is answered.
      return {
        answer: new Promise<EngineResult<M>>((resolve, reject) => {
          this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
          this.#post({ type: 'call', id, method, args });
        }),
      };
    });
    this.#queue = posted.then(() => undefined, () => undefined);
    return posted.then(({ answer }) => answer);
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Whether the worker is running now (a call starts it; it may also have stopped by itself). */
  get running(): boolean {
    return this.#worker !== null;
  }

  /** Stops the worker; calls in flight fail. */
  async close(): Promise<void> {
    this.#closed = true;
    const worker = this.#worker;
    this.#worker = null;
    this.#failAll(new AppError('cancelled', t('engine:errors.closing')));
    if (worker) await worker.terminate();
  }

  #post(message: MainToWorker): void {
    this.#worker?.postMessage(message);
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const entry = engineWorkerEntry();
    const worker = new Worker(entry.file, {
      execArgv: entry.execArgv,
      workerData: { snapshotDir: this.options.snapshotDir, ...(this.options.snapshotMaxBytes ? { snapshotMaxBytes: this.options.snapshotMaxBytes } : {}) },
      name: 'school-data-engine',
    });
    worker.unref(); // an idle engine does not keep the process alive
    worker.on('message', (message: WorkerToMain) => this.#onMessage(message));
    worker.on('error', (error) => {
      this.options.logger.error('data engine failed', { error: error.message });
    });
    worker.on('exit', (code) => {
      if (this.#worker !== worker) return;
      this.#worker = null;
      this.#keysSent.clear();
      this.#languageSent = null;

      if (!this.#closed) this.options.logger.warn('data engine stopped; it restarts on the next call', { code });
      this.#failAll(new AppError('internal', t('engine:errors.stoppedTryAgain')));
    });
    this.#worker = worker;
    return worker;
  }

  #failAll(error: AppError): void {
    for (const waiting of this.#pending.values()) waiting.reject(error);
    this.#pending.clear();
    for (const controller of this.#pageCalls.values()) controller.abort(error);
    this.#pageCalls.clear();
    this.#ahead?.clear();
  }

  #onMessage(message: WorkerToMain): void {
    switch (message.type) {
      case 'result': {
        const waiting = this.#pending.get(message.id);
        this.#pending.delete(message.id);
        if (!waiting) return;
        if (message.ok) waiting.resolve(message.value);
        else waiting.reject(AppError.fromJSON(message.error));
        return;
      }
      case 'page':
        void this.#page(message.id, message.request);
        return;
      case 'pageCancel':
        this.#pageCalls.get(message.id)?.abort(new AppError('cancelled', t('engine:errors.cancelled')));
        // A walk stopped (Cancel, a failure, a wrong guess): the pages asked for ahead stop too; a walk still
        // running asks for its next page again.
        this.#ahead?.clear();
        this.#pageCalls.delete(message.id);
        return;
      case 'event':
        if (message.event.event === 'data.progress') this.options.emit('data.progress', message.event.payload);
        else this.options.emit('data.invalidated', message.event.payload);
        return;
      case 'reachable':
        this.options.onReachable?.(message.accountId, message.reachable);
        return;
      case 'log':
        this.options.logger[message.level](`engine: ${message.message}`, message.fields);
        return;
    }
  }

  async #page(id: number, request: Extract<WorkerToMain, { type: 'page' }>['request']): Promise<void> {
    const controller = new AbortController();
    this.#pageCalls.set(id, controller);
    try {
      const { caller } = this.options;
      const args = { query: request.query, signal: controller.signal };
      if (caller.callBytes) {
        // The page's bytes, moved to the worker unparsed: no JSON parse and no structured clone of a thousand
        // orders on this event loop; the worker parses and validates them.
        const callBytes = caller.callBytes.bind(caller);
        this.#ahead ??= new PagesAhead((page, signal) => callBytes(page.accountId, page.operation, { query: page.query, signal }));
        const bytes = await (this.#ahead.take(request, controller.signal) ?? callBytes(request.accountId, request.operation, args));
        if (this.#pageCalls.has(id)) this.#ahead.arrived(request, bytes); // before the bytes move away
        const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
        const owned = whole ? bytes : bytes.slice();
        if (this.#pageCalls.delete(id)) this.#worker?.postMessage({ type: 'page', id, ok: true, bytes: owned } satisfies MainToWorker, [owned.buffer as ArrayBuffer]);
        return;
      }
      const value = await caller.call(request.accountId, request.operation, RawPage, args);
      if (this.#pageCalls.delete(id)) this.#post({ type: 'page', id, ok: true, value });
    } catch (error) {
      const out = error instanceof AppError ? error : new AppError('internal', t('engine:errors.platformFailed'));

      if (this.#pageCalls.delete(id)) this.#post({ type: 'page', id, ok: false, error: out.toJSON() });
    }
  }
}
