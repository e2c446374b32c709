// The terminal after `npm start` shows what a person can act on; the details go to a log file in the data
// folder, still redacted.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appLogger, logFilePath, memoryLogger, readLogTail } from '../../../electron/services/log';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sc-log-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('appLogger', () => {
  it('writes every line to <data>/logs/school-companion.log and only errors, in plain words, to the terminal', async () => {
    const dataDir = tempDir();
    const terminal: string[] = [];
    const logger = appLogger({ dataDir, scope: 'browser-host', console: (line) => terminal.push(line) });
    logger.info('signed in', { account: 'acct_1', callbackToTokensMs: 41.5, accessToken: 'sbx_at_secret' });
    logger.warn('ipc call failed', { method: 'data.courses', errorCode: 'unreachable' });
    logger.error('vault write failed', { error: 'EACCES' });
    await logger.close();

    expect(logger.path).toBe(join(dataDir, 'logs', 'school-companion.log'));
    expect(terminal).toEqual([`School Companion: vault write failed. Details: ${logger.path}`]);
    const file = readFileSync(logger.path, 'utf8');
    expect(file).toMatch(/ info \[browser-host\] signed in \{"account":"acct_1","callbackToTokensMs":41.5,"accessToken":"\[redacted\]"\}\n/);
    expect(file).toContain('warn [browser-host] ipc call failed {"method":"data.courses","errorCode":"unreachable"}');
    expect(file).toContain('error [browser-host] vault write failed');
    expect(file).not.toContain('sbx_at_secret');
    if (process.platform !== 'win32') expect(statSync(logger.path).mode & 0o777).toBe(0o600);
  });

  it('appends across starts and keeps one older generation when the file grows too large', async () => {
    const dataDir = tempDir();
    mkdirSync(join(dataDir, 'logs'));
    writeFileSync(logFilePath(dataDir), 'x'.repeat(2000));
    const logger = appLogger({ dataDir, scope: 'main', console: () => undefined, maxBytes: 1000 });
    logger.info('started');
    await logger.close();
    expect(readFileSync(`${logFilePath(dataDir)}.1`, 'utf8')).toBe('x'.repeat(2000));
    expect(readFileSync(logFilePath(dataDir), 'utf8')).toMatch(/info \[main\] started\n$/);

    const again = appLogger({ dataDir, scope: 'main', console: () => undefined, maxBytes: 1000 });
    again.info('started again');
    await again.close();
    expect(readFileSync(logFilePath(dataDir), 'utf8').trim().split('\n')).toHaveLength(2);
  });
});

describe('redact', () => {
  it('hides credentials by key but keeps measurements under token-like names', () => {
    const logger = memoryLogger();
    logger.info('x', { refreshToken: 'rt', nested: { client_secret: 's', code: 'c' }, callbackToStoredMs: 12, tokenCount: 3 });
    expect(logger.lines[0]).toContain('{"refreshToken":"[redacted]","nested":{"client_secret":"[redacted]","code":"[redacted]"},"callbackToStoredMs":12,"tokenCount":3}');
  });
});

describe('log rotation', () => {
  it('rotates while writing and keeps N older generations, each line whole and redacted', async () => {
    const dataDir = tempDir();
    const logDir = join(dataDir, 'os-logs');
    const logger = appLogger({ dataDir, logDir, scope: 'main', console: () => undefined, maxBytes: 400, generations: 2 });
    expect(logger.path).toBe(join(logDir, 'school-companion.log'));
    for (let i = 0; i < 40; i++) logger.info(`line ${i}`, { refresh_token: `rt_secret_${i}`, n: i });
    await logger.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const files = [logger.path, `${logger.path}.1`, `${logger.path}.2`].map((path) => readFileSync(path, 'utf8'));
    expect(() => readFileSync(`${logger.path}.3`)).toThrow();
    for (const text of files) {
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(400);
      expect(text).not.toContain('rt_secret');
      for (const line of text.trim().split('\n')) expect(line).toMatch(/ info \[main\] line \d+ \{"refresh_token":"\[redacted\]","n":\d+\}$/);
    }
    // The newest lines are in the current file, the ones before in .1, then .2: nothing in between is lost.
    const numbers = [files[2]!, files[1]!, files[0]!].join('').trim().split('\n').map((line) => Number(/line (\d+)/.exec(line)![1]));
    expect(numbers.at(-1)).toBe(39);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
  });

  it('reads the last lines back, reaching into the previous generation', async () => {
    const dataDir = tempDir();
    const logger = appLogger({ dataDir, scope: 'main', console: () => undefined, maxBytes: 300 });
    for (let i = 0; i < 12; i++) logger.info(`entry ${i}`);
    await logger.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const tail = await readLogTail(logger.path, 5);
    expect(tail.map((line) => /entry (\d+)/.exec(line)![1])).toEqual(['7', '8', '9', '10', '11']);
    expect(await readLogTail(join(dataDir, 'nothing.log'), 5)).toEqual([]);
  });
});
