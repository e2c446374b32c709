// `npm start`'s demo platform, seen from the app (shared/ipc/demo.ts): when the app runs beside it (browser
// mode under npm start), Settings can take it offline and back, and reset the demo school. The platform itself
// lives in test/sandbox (demo-default.ts); the app only holds this port to it.
import { AppError } from '../../../shared/errors';
import { t } from '../../../shared/i18n/i18n';
import type { DemoPlatformStatus } from '../../../shared/ipc/demo';
import type { MethodHandlers } from '../ipc/handler-types';

/** What the app may do with the demo platform (test/sandbox/demo-default.ts's DemoDefault fits it). */
export interface DemoPlatformPort {
  /** Its records were made afresh at this start for another day: what the app saved of them is wrong. */
  readonly remade?: boolean;
  status(): { offline: boolean; changes: number };
  setOffline(offline: boolean): Promise<unknown>;
  reset(): Promise<unknown>;
}

interface DemoHandlerDeps {
  demo: DemoPlatformPort | null;
  /** The platform went away or came back: the online probe looks now instead of at its next turn. */
  afterOnlineChange(): Promise<void>;
  /** The demo school's records changed under the app: what it saved of them is dropped and read again. */
  afterReset(): Promise<void>;
}

const NONE: DemoPlatformStatus = { available: false, offline: false, changes: 0 };

export function createDemoHandlers(deps: DemoHandlerDeps): MethodHandlers<'demo.status' | 'demo.setOffline' | 'demo.reset'> {
  const status = (): DemoPlatformStatus => (deps.demo ? { available: true, ...deps.demo.status() } : NONE);
  const demo = (): DemoPlatformPort => {
    if (!deps.demo) throw new AppError('not_found', t('main:demo.none'));
    return deps.demo;
  };
  return {
    'demo.status': async () => status(),
    'demo.setOffline': async ({ offline }) => {
      await demo().setOffline(offline);
      await deps.afterOnlineChange();
      return status();
    },
    'demo.reset': async () => {
      await demo().reset();
      await deps.afterReset();
      await deps.afterOnlineChange();
      return status();
    },
  };
}
