// The terminal after `npm start` shows what a person can act on; the details go to a log file in the data
// folder, still redacted.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appLogger, logFilePath, memoryLogger } from '../../../electron/services/log';

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
