// The data service as the app runs it, against the real sandbox over HTTP, signed in through a real Chromium
// on the consent page: what the data integration tests share. Every event the service emits is checked against
// the IPC contract and kept in `events`.
import type { Browser } from 'playwright-core';
import { ApiClient } from '../../../electron/services/api/api-client';
import { createDataService, type DataHandlerDeps, type DataService } from '../../../electron/services/data/handlers';
import type { AccountView } from '../../../shared/model/accounts';
import type { EventName, EventPayload } from '../../../shared/ipc';
import { EVENTS } from '../../../shared/ipc';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import { launchChromium } from '../../support/chromium';
import { consentClicker } from '../../support/consent-browser';
import { openSignIn, tempDir, type SignIn } from '../sign-in/harness';

export interface SignedInDataService {
  sandbox: Sandbox;
  browser: Browser;
  dir: { path: string; remove(): Promise<void> };
  engine: SignIn;
  account: AccountView;
  api: ApiClient;
  service: DataService;
  events: { event: EventName; payload: unknown }[];
  close(): Promise<void>;
}

/**
 * `deps` adds to or replaces the service's dependencies; as a function it gets the test's data folder. `sandbox`
 * adds to the platform's options (an explicit `port` lets a test close it and start it again as the same platform).
 */
export async function startSignedInDataService(
  prefix: string,
  deps: Partial<DataHandlerDeps> | ((dataDir: string) => Partial<DataHandlerDeps>) = {},
  sandboxOptions: SandboxOptions = {},
): Promise<SignedInDataService> {
  const [sandbox, browser, dir] = await Promise.all([startSandbox({ orders: 2000, quiet: true, ...sandboxOptions }), launchChromium(), tempDir(prefix)]);
  const engine = await openSignIn(dir.path, { openExternal: consentClicker(browser, { decision: 'Allow' }) });
  const account = await engine.auth.connect(sandbox.url);
  const api = new ApiClient(engine.auth, { logger: engine.logger, sleep: async () => undefined, maxRetries: 1 });
  const events: SignedInDataService['events'] = [];
  const service = createDataService({
    caller: api,
    cipher: engine.cipher,
    dataDir: dir.path,
    logger: engine.logger,
    appVersion: '0.1.0',
    emit: <E extends EventName>(event: E, payload: EventPayload<E>) => {
      EVENTS[event].payload.parse(payload);
      events.push({ event, payload });
    },
    onAccountRemoved: () => undefined,
    ...(typeof deps === 'function' ? deps(dir.path) : deps),
  });
  return {
    sandbox, browser, dir, engine, account, api, service, events,
    async close() {
      await service.idle().catch(() => undefined);
      await service.close();
      await Promise.all([sandbox.close().catch(() => undefined), browser.close()]);
      await dir.remove();
    },
  };
}
