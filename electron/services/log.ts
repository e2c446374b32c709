// The main process's log. Secrets must never reach it, so every field passes through `redact` first:
// anything that looks like a credential by name is replaced, whatever the caller passed.
//
// Where it goes (appLogger): every line to a log file in the data folder, for whoever needs the details;
// the terminal gets only errors, as one plain sentence that points at that file. Warnings such as "ipc call
// failed" (a school that is offline, a cancelled sign-in) are the app working as designed: nothing to act on.
import { createWriteStream, mkdirSync, renameSync, statSync } from 'node:fs';
import type { WriteStream } from 'node:fs';
import { join } from 'node:path';

export type LogFields = Record<string, unknown>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

type Level = 'info' | 'warn' | 'error';

const SECRET_KEY = /token|secret|password|authorization|cookie|code_verifier|^code$|assertion|key/i;

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    // A credential is a string: a number or a flag under a key like "callbackToTokensMs" is a measurement.
    const plain = typeof inner === 'number' || typeof inner === 'boolean';
    out[key] = SECRET_KEY.test(key) && !plain ? '[redacted]' : redact(inner, depth + 1);
  }
  return out;
}

function formatLine(level: Level, scope: string, message: string, fields?: LogFields): string {
  const extra = fields ? ` ${JSON.stringify(redact(fields))}` : '';
  return `${new Date().toISOString()} ${level} [${scope}] ${message}${extra}`;
}

export function consoleLogger(scope: string, write: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Logger {
  const emit = (level: Level) => (message: string, fields?: LogFields) => write(formatLine(level, scope, message, fields));
  return { info: emit('info'), warn: emit('warn'), error: emit('error') };
}

/** For tests: keeps lines so a test can assert that no secret was ever logged. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, ...consoleLogger('test', (line) => lines.push(line)) };
}

export const LOG_FILE_NAME = 'school-companion.log';
/** One older generation is kept (`.1`): enough to look back at yesterday, bounded on disk. */
const MAX_LOG_BYTES = 5 * 1024 * 1024;

/** Where the app's log lives for a data folder: `<data folder>/logs/school-companion.log`. */
export function logFilePath(dataDir: string): string {
  return join(dataDir, 'logs', LOG_FILE_NAME);
}

export interface AppLoggerOptions {
  dataDir: string;
  scope: string;
  /** The terminal. Default stderr. */
  console?: (line: string) => void;
  maxBytes?: number;
}

export interface AppLogger extends Logger {
  /** The log file every line goes to. */
  readonly path: string;
  /** Flushes and closes the file (lines logged after this reach the terminal only when they are errors). */
  close(): Promise<void>;
}

/** Details to the log file (appended, redacted, user-only), errors to the terminal as one plain line. */
export function appLogger(options: AppLoggerOptions): AppLogger {
  const path = logFilePath(options.dataDir);
  const toConsole = options.console ?? ((line: string) => process.stderr.write(`${line}\n`));
  let file: WriteStream | null = null;
  try {
    mkdirSync(join(options.dataDir, 'logs'), { recursive: true, mode: 0o700 });
    rotateIfLarge(path, options.maxBytes ?? MAX_LOG_BYTES);
    file = createWriteStream(path, { flags: 'a', mode: 0o600 });
    // A full disk must not take the app down: the terminal still gets the errors.
    file.on('error', () => {
      file = null;
    });
  } catch {
    file = null;
  }
  const emit = (level: Level) => (message: string, fields?: LogFields) => {
    file?.write(`${formatLine(level, options.scope, message, fields)}\n`);
    if (level === 'error') toConsole(`School Companion: ${message}. Details: ${path}`);
  };
  return {
    path,
    info: emit('info'),
    warn: emit('warn'),
    error: emit('error'),
    close: () =>
      new Promise<void>((resolve) => {
        const open = file;
        file = null;
        if (!open) return resolve();
        open.end(() => resolve());
      }),
  };
}

function rotateIfLarge(path: string, maxBytes: number): void {
  try {
    if (statSync(path).size > maxBytes) renameSync(path, `${path}.1`);
  } catch {
    // No log yet.
  }
}
