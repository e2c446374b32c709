// The engine's worker thread: runs the OrdersEngine and speaks the message contract of protocol.ts with the
// main process. Started by engine-client.ts (built to dist-electron/engine-worker.cjs for the desktop app; run
// from source through tsx in browser mode and in tests).
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../../../shared/errors';
import { setUiLocale, t } from '../../../../shared/i18n/i18n';
import type { Logger, LogFields } from '../../log';
import { OrdersEngine } from './orders-engine';
import type { EngineArgs, EngineEvent, EngineMethod, MainToWorker, PageRequest, WorkerToMain } from '../contract/protocol';
import { SnapshotStore } from './snapshot-store';
import { RawPage } from '../../platform/page-request';
import { StudentsEngine } from './students-engine';

const port = parentPort;
if (!port) throw new Error('worker-entry runs only as a worker thread');
const options = workerData as { snapshotDir: string; snapshotMaxBytes?: number };

const send = (message: WorkerToMain) => port.postMessage(message);
const log = (level: 'info' | 'warn' | 'error') => (message: string, fields?: LogFields) => send({ type: 'log', level, message, ...(fields ? { fields } : {}) });
const logger: Logger = { info: log('info'), warn: log('warn'), error: log('error') };

const keys = new Map<string, Buffer>();
const pages = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
let nextPage = 1;

function page(request: PageRequest, signal: AbortSignal): Promise<unknown> {
  const id = nextPage++;
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      pages.delete(id);
      send({ type: 'pageCancel', id });
      reject(signal.reason ?? new AppError('cancelled', t('engine:errors.cancelled')));
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    pages.set(id, {
      resolve: (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      reject: (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    });
    send({ type: 'page', id, request });
  });
}

const host = {
  page,
  emit: (event: EngineEvent) => send({ type: 'event', event }),
  reachable: (accountId: string, reachable: boolean) => send({ type: 'reachable', accountId, reachable }),
  key: (accountId: string) => keys.get(accountId) ?? null,
  logger,
};
const snapshots = new SnapshotStore({ dir: options.snapshotDir, ...(options.snapshotMaxBytes ? { maxBytes: options.snapshotMaxBytes } : {}) });
const engine = new OrdersEngine(host, snapshots);
// The students side (students-engine.ts): its own methods, and it joins sign-out, cancel and idle below.
const students = new StudentsEngine(host, snapshots);
const both = { ...engine.api(), ...students.api() };
const api = {
  ...both,
  // A write touches students (tags, enrollments) or subscriptions: each side applies what is its own.
  'engine.applyWrite': async (args: EngineArgs<'engine.applyWrite'>) => ({ applied: (await both['engine.applyWrite'](args)).applied + (await students.applyWrite(args.accountId, args.changes)) }),
} as Record<EngineMethod, (args: unknown) => Promise<unknown>>;

port.on('message', (message: MainToWorker) => {
  switch (message.type) {
    case 'key':
      keys.set(message.accountId, Buffer.from(message.key));
      return;
    case 'language':
      setUiLocale(message.locale);
      return;

    case 'page': {
      const waiting = pages.get(message.id);
      pages.delete(message.id);
      if (!waiting) return;
      if (!message.ok) waiting.reject(AppError.fromJSON(message.error));
      // The feed that asked parses and checks it, timed as part of its sync.
      else waiting.resolve('bytes' in message ? new RawPage(message.bytes) : message.value);
      return;
    }
    case 'call': {
      const handler = api[message.method];
      void (async () => {
        try {
          if (!handler) throw new AppError('internal', t('engine:errors.noMethod', { method: message.method }));
          let value = await handler(message.args);
          if (message.method === 'jobs.cancel') value = value === true || students.cancel((message.args as { jobId: string }).jobId);
          if (message.method === 'engine.forget') await students.forget((message.args as { accountId: string }).accountId);
          if (message.method === 'engine.idle') await students.idle();
          if (message.method === 'engine.forget') keys.delete((message.args as { accountId: string }).accountId);
          send({ type: 'result', id: message.id, ok: true, value });
        } catch (error) {
          if (!(error instanceof AppError)) logger.error('engine method failed', { method: message.method, error: (error as Error).message });
          const out = error instanceof AppError ? error : new AppError('internal', t('engine:errors.failed'));

          send({ type: 'result', id: message.id, ok: false, error: out.toJSON() });
        }
      })();
      return;
    }
  }
});
