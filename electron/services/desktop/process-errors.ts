// Errors nobody caught in the main process (the desktop app's, or browser mode's Node process) go to the
// log, never silently lost. Only the error's name, its message with anything credential-shaped removed,
// and its stack: an error's message can quote a URL or a response.
import type { Logger } from '../log';

/** Long unbroken runs of token alphabet (JWTs, opaque tokens, codes) and `key=value` credentials in URLs. */
const CREDENTIAL_RUN = /[A-Za-z0-9_\-.~+/]{32,}={0,2}/g;
const CREDENTIAL_PARAM = /\b(access_token|refresh_token|id_token|code|code_verifier|client_secret|password|token)=([^&\s"']+)/gi;

export function scrubSecrets(text: string): string {
  return text.replace(CREDENTIAL_PARAM, '$1=[redacted]').replace(CREDENTIAL_RUN, '[redacted]');
}

export function describeError(error: unknown): { name: string; message: string; stack?: string } {
  if (error instanceof Error) {
    const stack = error.stack?.split('\n').slice(1, 12).map((line) => scrubSecrets(line.trim())).join(' | ');
    return { name: error.name, message: scrubSecrets(error.message).slice(0, 2000), ...(stack ? { stack } : {}) };
  }
  return { name: typeof error, message: scrubSecrets(String(error)).slice(0, 2000) };
}

interface ProcessLike {
  on(event: 'uncaughtException', listener: (error: unknown, origin: string) => void): unknown;
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
}

/**
 * Logs both kinds. By default the process keeps running, as Electron's own default does for its main process:
 * the admin's saved work is on disk already, and a log line they can send beats a window that vanishes.
 * `afterUncaughtException` lets a plain Node host (browser mode) end as Node would, once the line is written.
 */
export function logUnhandledErrors(target: ProcessLike, logger: Logger, options: { afterUncaughtException?: () => void } = {}): void {
  target.on('uncaughtException', (error, origin) => {
    logger.error('unhandled error in the main process', { origin, ...describeError(error) });
    options.afterUncaughtException?.();
  });
  target.on('unhandledRejection', (reason) => logger.error('unhandled promise rejection in the main process', describeError(reason)));
}
