// Settings › About: where the log is, open it (desktop), copy a diagnostic bundle without secrets.
import { arch, platform, release } from 'node:os';
import type { AppMode } from '../../../shared/ipc/app';
import { buildDiagnosticBundle, DIAGNOSTIC_LOG_LINES, scrubAddresses } from '../desktop/diagnostics';
import { scrubSecrets } from '../desktop/process-errors';
import { listCrashDumps } from '../desktop/crash-dumps';
import { readLogTail, type Logger } from '../log';
import type { SettingsStore } from '../store/settings';
import type { PlatformAccessSlot } from '../access/platform-access-slot';
import type { MethodHandlers } from './handler-types';

type DiagnosticsMethodName = 'app.logInfo' | 'app.openLogFile' | 'app.diagnosticBundle' | 'app.reportError';

/** What only the desktop app can do with its log; browser mode passes the path alone. */
export interface LogAccess {
  path: string;
  /** The desktop app's crash-dumps folder (crashReporter, kept locally); its minidumps are listed in the bundle. */
  crashDumpsDir?: string;
  /** Opens the file with the OS (desktop: shell.openPath, or shows it in its folder). */
  open?(): Promise<void>;
  /** Puts text on the clipboard (desktop: Electron's clipboard; the page's own clipboard API is not allowed there). */
  copy?(text: string): void;
}

interface DiagnosticsDeps {
  appName: string;
  version: string;
  mode: AppMode;
  log: LogAccess;
  settings: SettingsStore;
  access: PlatformAccessSlot;
  online(): boolean;
  /** Where the window's errors are written (app.reportError). */
  logger: Logger;
}

/** A window stuck in an error loop must not fill the log: the first 50 reports of a run are written. */
export const MAX_REPORTED_RENDERER_ERRORS = 50;

export function createDiagnosticsHandlers(deps: DiagnosticsDeps): MethodHandlers<DiagnosticsMethodName> {
  let reported = 0;
  return {
    'app.reportError': async ({ kind, name, message, stack, route }) => {
      if (reported >= MAX_REPORTED_RENDERER_ERRORS) return { logged: false };
      reported += 1;
      const frames = stack?.split('\n').slice(0, 12).map((line) => scrubSecrets(line.trim())).filter(Boolean).join(' | ');
      deps.logger.error('error in the window', {
        kind,
        name: scrubSecrets(name),
        message: scrubSecrets(message),
        route: scrubAddresses(route.split('?')[0]!),
        ...(frames ? { stack: frames } : {}),
      });
      return { logged: true };
    },
    'app.logInfo': async () => ({ logFile: deps.log.path, canOpen: Boolean(deps.log.open) }),
    'app.openLogFile': async () => {
      if (!deps.log.open) return { opened: false };
      await deps.log.open();
      return { opened: true };
    },
    'app.diagnosticBundle': async () => {
      const text = buildDiagnosticBundle({
        appName: deps.appName,
        version: deps.version,
        mode: deps.mode,
        os: { platform: platform(), release: release(), arch: arch() },
        runtime: { node: process.versions.node, electron: process.versions.electron, chrome: process.versions.chrome },
        settings: deps.settings.get(),
        accounts: deps.access.accountsIfOpen(),
        online: deps.online(),
        logFile: deps.log.path,
        logTail: await readLogTail(deps.log.path, DIAGNOSTIC_LOG_LINES),
        ...(deps.log.crashDumpsDir ? { crashDumps: await listCrashDumps(deps.log.crashDumpsDir) } : {}),
        now: new Date(),
      });
      if (!deps.log.copy) return { text, copied: false };
      deps.log.copy(text);
      return { text, copied: true };
    },
  };
}
