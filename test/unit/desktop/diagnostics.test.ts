import { describe, expect, it } from 'vitest';
import { buildDiagnosticBundle, describeSettings, scrubAddresses } from '../../../electron/services/desktop/diagnostics';
import { createDiagnosticsHandlers, MAX_REPORTED_RENDERER_ERRORS } from '../../../electron/services/ipc/diagnostics-handlers';
import { memoryLogger } from '../../../electron/services/log';

describe('diagnostic bundle', () => {
  const bundle = buildDiagnosticBundle({
    appName: 'School Companion',
    version: '0.1.0',
    mode: 'browser',
    os: { platform: 'linux', release: '6.1.0', arch: 'x64' },
    runtime: { node: '24.21.0', electron: undefined },
    settings: { theme: 'dark', activeAccountId: 'acct_3f9a1c', clientSecret: 'cs_live_123' },
    accounts: [
      { status: 'signed_in', grantedScopes: ['courses:read', 'orders:read'], lastSyncAt: '2026-11-23T15:00:00.000Z' },
      { status: 'sign_in_needed', grantedScopes: [], lastSyncAt: null },
    ],
    online: true,
    logFile: '/home/alex/.school-companion/logs/school-companion.log',
    logTail: ['2026-11-23T15:00:00.000Z info [main] signed in {"accessToken":"[redacted]"}', 'a leaked eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abcdefghijklmnop in a message'],
    now: new Date('2026-11-23T15:30:00.000Z'),
  });

  it('says version, OS, mode, settings, schools by state and the end of the log', () => {
    expect(bundle).toContain('version: 0.1.0');
    expect(bundle).toContain('mode: browser mode');
    expect(bundle).toContain('os: linux 6.1.0 (x64)');
    expect(bundle).toContain('runtime: node 24.21.0\n');
    expect(bundle).toContain('settings: {"theme":"dark","activeAccountId":"(set)","clientSecret":"[redacted]"}');
    expect(bundle).toContain('schools: 2 (1 signed_in, 1 sign_in_needed)');
    expect(bundle).toContain('  school 1: signed_in, 2 permissions, last sync 2026-11-23T15:00:00.000Z');
    expect(bundle).toContain('last 2 log lines:\n  2026-11-23T15:00:00.000Z info [main] signed in');
  });

  it('holds no account id, secret or token, even one that slipped into a log message', () => {
    expect(bundle).not.toContain('acct_3f9a1c');
    expect(bundle).not.toContain('cs_live_123');
    expect(bundle).not.toContain('eyJhbGciOiJIUzI1NiJ9');
    expect(bundle).toContain('a leaked [redacted] in a message');
  });

  it('describes settings added later without knowing them', () => {
    expect(describeSettings({ quietHours: { from: '22:00', to: '07:00' }, notifyAccountIds: ['a'], schoolName: 'X', webhookToken: 'x' })).toEqual({
      quietHours: { from: '22:00', to: '07:00' },
      notifyAccountIds: '(set)',
      schoolName: '(set)',
      webhookToken: '[redacted]',
    });
  });
});

describe('the diagnostics handlers', () => {
  it('read the real log file back and copy the bundle through what the app gives (desktop) or hand it to the page', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { appLogger } = await import('../../../electron/services/log');
    const { SettingsStore } = await import('../../../electron/services/store/settings');
    const dir = mkdtempSync(join(tmpdir(), 'sc-diag-'));
    try {
      const logger = appLogger({ dataDir: dir, scope: 'main', console: () => undefined });
      logger.info('token refreshed', { accountId: 'acct_9', refreshToken: 'rt_very_secret_value', ms: 12 });
      logger.warn('ipc call failed', { method: 'data.courses', errorCode: 'unreachable' });
      await logger.close();
      const settings = await SettingsStore.open(dir);
      const account = { id: 'acct_9', issuer: 'https://lumen.example', school: { id: 's1', name: 'Lumen Academy', url: null }, admin: { sub: 'u1', name: 'Alex Morgan', email: 'alex@lumen.example', picture: null }, grantedScopes: ['courses:read'], status: 'offline' as const, connectedAt: '2026-11-01T00:00:00.000Z', lastSyncAt: null };
      const access = { accountsIfOpen: () => [account] } as never;
      const copied: string[] = [];
      const context = { signal: new AbortController().signal };

      const desktop = createDiagnosticsHandlers({ logger: memoryLogger(), appName: 'School Companion', version: '1.0.0', mode: 'desktop', log: { path: logger.path, open: async () => undefined, copy: (text) => copied.push(text) }, settings, access, online: () => false });
      expect(await desktop['app.logInfo']({}, context)).toEqual({ logFile: logger.path, canOpen: true });
      const result = await desktop['app.diagnosticBundle']({}, context);
      expect(result.copied).toBe(true);
      expect(copied).toEqual([result.text]);
      expect(result.text).toContain('schools: 1 (1 offline)');
      expect(result.text).toContain('ipc call failed {"method":"data.courses","errorCode":"unreachable"}');
      expect(result.text).toContain('"refreshToken":"[redacted]"');
      for (const secret of ['rt_very_secret_value', 'Alex Morgan', 'alex@lumen.example', 'Lumen Academy', 'lumen.example']) expect(result.text).not.toContain(secret);

      // The desktop app's crash-dumps folder: its minidumps (in Crashpad's subfolders) are listed, newest first.
      const { mkdirSync, writeFileSync, utimesSync } = await import('node:fs');
      const dumps = join(dir, 'Crashpad');
      mkdirSync(join(dumps, 'completed'), { recursive: true });
      writeFileSync(join(dumps, 'completed', 'older.dmp'), Buffer.alloc(2048));
      utimesSync(join(dumps, 'completed', 'older.dmp'), new Date('2026-11-20T10:00:00Z'), new Date('2026-11-20T10:00:00Z'));
      writeFileSync(join(dumps, 'completed', 'newer.dmp'), Buffer.alloc(4096));
      utimesSync(join(dumps, 'completed', 'newer.dmp'), new Date('2026-11-22T10:00:00Z'), new Date('2026-11-22T10:00:00Z'));
      writeFileSync(join(dumps, 'settings.dat'), 'not a dump');
      const withDumps = createDiagnosticsHandlers({ logger: memoryLogger(), appName: 'School Companion', version: '1.0.0', mode: 'desktop', log: { path: logger.path, crashDumpsDir: dumps }, settings, access, online: () => false });
      expect((await withDumps['app.diagnosticBundle']({}, context)).text).toContain(
        'crash dumps: 2\n  2026-11-22T10:00:00.000Z completed/newer.dmp (4096 bytes)\n  2026-11-20T10:00:00.000Z completed/older.dmp (2048 bytes)\n',
      );
      const noFolder = createDiagnosticsHandlers({ logger: memoryLogger(), appName: 'School Companion', version: '1.0.0', mode: 'desktop', log: { path: logger.path, crashDumpsDir: join(dir, 'none') }, settings, access, online: () => false });
      expect((await noFolder['app.diagnosticBundle']({}, context)).text).toContain('crash dumps: 0\n');

      const browser = createDiagnosticsHandlers({ logger: memoryLogger(), appName: 'School Companion', version: '1.0.0', mode: 'browser', log: { path: logger.path }, settings, access, online: () => true });
      expect(await browser['app.logInfo']({}, context)).toEqual({ logFile: logger.path, canOpen: false });
      expect(await browser['app.openLogFile']({}, context)).toEqual({ opened: false });
      const browserBundle = await browser['app.diagnosticBundle']({}, context);
      expect(browserBundle.copied).toBe(false);
      expect(browserBundle.text).not.toContain('crash dumps');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the window's errors", () => {
  it('reach the log with credentials and addresses scrubbed, and stop after 50 in a run', async () => {
    const logger = memoryLogger();
    const handlers = createDiagnosticsHandlers({ logger, appName: 'School Companion', version: '1.0.0', mode: 'desktop', log: { path: '/x.log' }, settings: null as never, access: null as never, online: () => true });
    const context = { signal: new AbortController().signal };
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abcdefghijklmnop';
    const answer = await handlers['app.reportError'](
      { kind: 'render', name: 'TypeError', message: `Cannot read properties of undefined (reading 'total') near ${token}`, stack: `TypeError: x\n    at OrdersPage (app://school-companion/assets/index.js:1:2)\n    at fetch https://lumen.example/api?access_token=abc123`, route: '/orders?q=alex@lumen.example' },
      context,
    );
    expect(answer).toEqual({ logged: true });
    const line = logger.lines.join('\n');
    expect(line).toContain('error in the window');
    expect(line).toContain('"kind":"render"');
    expect(line).toContain('"route":"/orders"');
    expect(line).toContain("Cannot read properties of undefined (reading 'total')");
    expect(line).toContain('at OrdersPage');
    for (const secret of [token, 'abc123', 'alex@lumen.example']) expect(line).not.toContain(secret);
    for (let i = 1; i < MAX_REPORTED_RENDERER_ERRORS; i += 1) await handlers['app.reportError']({ kind: 'error', name: 'Error', message: `again ${i}`, route: '/' }, context);
    expect(await handlers['app.reportError']({ kind: 'error', name: 'Error', message: 'one too many', route: '/' }, context)).toEqual({ logged: false });
    expect(logger.lines.join('\n')).not.toContain('one too many');
  });
});

describe('names and addresses in the bundle', () => {
  it('scrubs web addresses, hosts, e-mail, address fields and the connected schools’ names, and keeps what support needs', () => {
    const line = '2026-11-23T15:00:00.000Z warn [main] registered the app {"issuer":"auth.lumen.example","redirectUri":"http://127.0.0.1:5123/oauth/callback","method":"data.courses","from":"1.0.0"} lumen.example:8443 [::1]:80 localhost:3000 10.1.2.3 alex@lumen.example Lumen Academy';
    const scrubbed = scrubAddresses(line, ['Lumen Academy']);
    for (const identifying of ['lumen.example', '127.0.0.1', '5123', '::1', 'localhost', '10.1.2.3', 'alex@', 'Lumen Academy']) expect(scrubbed).not.toContain(identifying);
    for (const kept of ['"method":"data.courses"', '"from":"1.0.0"', 'registered the app', '2026-11-23T15:00:00.000Z']) expect(scrubbed).toContain(kept);
  });

  it('after a real sign-in: the bundle holds the account id but not the school, the admin or any platform address', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { appLogger } = await import('../../../electron/services/log');
    const { SettingsStore } = await import('../../../electron/services/store/settings');
    const { AuthService } = await import('../../../electron/services/auth/auth-service');
    const { fakeCipher } = await import('../../integration/sign-in/harness');
    const { redirectingBrowser, startScriptedPlatform } = await import('../sign-in/scripted-platform');
    const platform = await startScriptedPlatform();
    const dir = mkdtempSync(join(tmpdir(), 'sc-diag-'));
    try {
      const logger = appLogger({ dataDir: dir, scope: 'main', console: () => undefined });
      const auth = await AuthService.open({ dataDir: dir, cipher: fakeCipher(), logger, openExternal: redirectingBrowser().open, receiverTimeoutMs: 2_000 });
      const account = await auth.connect(platform.url);
      await logger.close();
      const log = await (await import('node:fs/promises')).readFile(logger.path, 'utf8');
      expect(log).toContain(account.id);
      expect(log).not.toContain(account.school.name); // the log names accounts by id, not by school

      const settings = await SettingsStore.open(dir);
      const handlers = createDiagnosticsHandlers({ logger: memoryLogger(), appName: 'School Companion', version: '1.0.0', mode: 'browser', log: { path: logger.path }, settings, access: { accountsIfOpen: () => auth.listAccounts() } as never, online: () => true });
      const bundle = (await handlers['app.diagnosticBundle']({}, { signal: new AbortController().signal })).text;
      expect(bundle).toContain(account.id);
      expect(bundle).toContain('signed in');
      for (const identifying of [account.school.name, account.admin.name, new URL(platform.url).host, '127.0.0.1']) expect(bundle, identifying).not.toContain(identifying);
    } finally {
      await platform.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
