// The main process's log. Secrets must never reach it, so every field passes through `redact` first:
// anything that looks like a credential by name is replaced, whatever the caller passed.
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

const SECRET_KEY = /token|secret|password|authorization|cookie|code_verifier|^code$|assertion|key/i;

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) ? '[redacted]' : redact(inner, depth + 1);
  }
  return out;
}

export function consoleLogger(scope: string, write: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Logger {
  const emit = (level: string) => (message: string, fields?: LogFields) => {
    const extra = fields ? ` ${JSON.stringify(redact(fields))}` : '';
    write(`${new Date().toISOString()} ${level} [${scope}] ${message}${extra}`);
  };
  return { info: emit('info'), warn: emit('warn'), error: emit('error') };
}

/** For tests: keeps lines so a test can assert that no secret was ever logged. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, ...consoleLogger('test', (line) => lines.push(line)) };
}
