import { describe, expect, it } from 'vitest';
import { buildDiagnosticBundle, describeSettings } from '../../../electron/services/desktop/diagnostics';

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
