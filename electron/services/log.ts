// The main process's log. Secrets must never reach it, so every field passes through `redact` first:
// anything that looks like a credential by name is replaced, whatever the caller passed.
//
// Where it goes (appLogger): every line to a log file in the data folder, for whoever needs the details;
// the terminal gets only errors, as one plain sentence that points at that file. Warnings such as "ipc call
// failed" (a school that is offline, a cancelled sign-in) are the app working as designed: nothing to act on.
import { createWriteStream, existsSync, mkdirSync, openSync, renameSync, statSync } from 'node:fs';
import { open as openFile } from 'node:fs/promises';
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
/**
 * Rotation: past 5 MB the file becomes `.1`, `.1` becomes `.2` … up to `.3` (the oldest is dropped), checked at
 * start and while writing. Enough to look back a few days, bounded on disk (20 MB at most).
 */
const MAX_LOG_BYTES = 5 * 1024 * 1024;
const LOG_GENERATIONS = 3;

/** Where the app's log lives for a data folder: `<data folder>/logs/school-companion.log`. */
export function logFilePath(dataDir: string): string {
  return join(dataDir, 'logs', LOG_FILE_NAME);
}

export interface AppLoggerOptions {
  dataDir: string;
  /** The folder for the log file; default `<dataDir>/logs`. The desktop app passes the OS's (app.getPath('logs')). */
  logDir?: string;
  scope: string;
  /** The terminal. Default stderr. */
  console?: (line: string) => void;
  maxBytes?: number;
  /** Older files kept next to the current one (`.1` … `.N`). */
  generations?: number;
}

export interface AppLogger extends Logger {
  /** The log file every line goes to. */
  readonly path: string;
  /** Flushes and closes the file (lines logged after this reach the terminal only when they are errors). */
  close(): Promise<void>;
}

/** Details to the log file (appended, redacted, user-only, rotated by size), errors to the terminal as one plain line. */
export function appLogger(options: AppLoggerOptions): AppLogger {
  const dir = options.logDir ?? join(options.dataDir, 'logs');
  const path = join(dir, LOG_FILE_NAME);
  const maxBytes = options.maxBytes ?? MAX_LOG_BYTES;
  const generations = Math.max(1, options.generations ?? LOG_GENERATIONS);
  const toConsole = options.console ?? ((line: string) => process.stderr.write(`${line}\n`));
  let file: WriteStream | null = null;
  let size = 0;
  let closed = false;
  const open = (): void => {
    try {
      // Opened now (not lazily by the stream), so the file exists at once and a rotation can rename it.
      file = createWriteStream('', { fd: openSync(path, 'a', 0o600) });
      // A full disk must not take the app down: the terminal still gets the errors.
      file.on('error', () => {
        file = null;
      });
    } catch {
      file = null;
    }
  };
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (sizeOf(path) > maxBytes) shiftGenerations(path, generations);
    size = sizeOf(path);
    open();
  } catch {
    file = null;
  }
  const emit = (level: Level) => (message: string, fields?: LogFields) => {
    const line = `${formatLine(level, options.scope, message, fields)}\n`;
    if (file && size > 0 && size + line.length > maxBytes) {
      // The stream keeps its descriptor: lines still queued land in the renamed file, new ones in a fresh one.
      const full = file;
      file = null;
      full.end();
      try {
        shiftGenerations(path, generations);
      } catch {
        // Could not rename (Windows may refuse while the old stream drains): keep appending to the same file.
      }
      size = sizeOf(path);
      if (!closed) open();
    }
    if (file) {
      file.write(line);
      size += Buffer.byteLength(line);
    }
    if (level === 'error') toConsole(`School Companion: ${message}. Details: ${path}`);
  };
  return {
    path,
    info: emit('info'),
    warn: emit('warn'),
    error: emit('error'),
    close: () =>
      new Promise<void>((resolve) => {
        closed = true;
        const current = file;
        file = null;
        if (!current) return resolve();
        current.end(() => resolve());
      }),
  };
}

/** `.N-1` → `.N` … `path` → `.1`; the oldest generation is overwritten. */
function shiftGenerations(path: string, generations: number): void {
  for (let n = generations - 1; n >= 1; n--) {
    if (existsSync(`${path}.${n}`)) renameSync(`${path}.${n}`, `${path}.${n + 1}`);
  }
  renameSync(path, `${path}.1`);
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/**
 * The last `count` lines of the log (the current file, reaching into `.1` when it is short). Read from the end,
 * at most 256 KiB, so a large log costs the same as a small one. The lines were redacted when written.
 */
export async function readLogTail(path: string, count: number): Promise<string[]> {
  const lines: string[] = [];
  for (const file of [path, `${path}.1`]) {
    const text = await readEnd(file, 256 * 1024);
    const own = text.split('\n').filter((line) => line.length > 0);
    // A line cut by the 256 KiB window is dropped rather than shown half.
    if (text.length >= 256 * 1024) own.shift();
    lines.unshift(...own);
    if (lines.length >= count) break;
  }
  return lines.slice(-count);
}

async function readEnd(path: string, bytes: number): Promise<string> {
  let handle;
  try {
    handle = await openFile(path, 'r');
  } catch {
    return '';
  }
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, bytes);
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, size - length);
    return buffer.toString('utf8');
  } finally {
    await handle.close();
  }
}
