// build/release-env.ts: the one line per signing/notarization step printed before packaging. It must say
// "skipped" (and what to set) exactly when electron-builder will skip, and never print a secret's value.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { releaseSteps } from '../../../build/release-env';

const enabled = (platform: 'mac' | 'win', env: Record<string, string>) =>
  Object.fromEntries(releaseSteps(platform, env).map((s) => [s.step, s.enabled]));

describe('release-env', () => {
  it('skips mac signing and notarization with a clear line when nothing is set', () => {
    const steps = releaseSteps('mac', {});
    expect(steps.map((s) => s.enabled)).toEqual([false, false]);
    expect(steps[0]!.line).toMatch(/^mac code signing: skipped, CSC_LINK is not set/);
    expect(steps[1]!.line).toMatch(/^mac notarization: skipped, set APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID/);
  });

  it('notarizes with either complete Apple credential set, and only a signed app', () => {
    const signed = { CSC_LINK: 'cert', CSC_KEY_PASSWORD: 'pw' };
    expect(enabled('mac', { ...signed, APPLE_ID: 'a', APPLE_APP_SPECIFIC_PASSWORD: 'b', APPLE_TEAM_ID: 'c' })).toEqual({ 'mac code signing': true, 'mac notarization': true });
    expect(enabled('mac', { ...signed, APPLE_API_KEY: 'k', APPLE_API_KEY_ID: 'i', APPLE_API_ISSUER: 'x' })['mac notarization']).toBe(true);
    expect(enabled('mac', { ...signed, APPLE_ID: 'a', APPLE_TEAM_ID: 'c' })['mac notarization']).toBe(false);
    expect(enabled('mac', { APPLE_ID: 'a', APPLE_APP_SPECIFIC_PASSWORD: 'b', APPLE_TEAM_ID: 'c' })['mac notarization']).toBe(false);
  });

  it('treats an empty or blank secret as not set', () => {
    expect(enabled('mac', { CSC_LINK: '  ' })['mac code signing']).toBe(false);
  });

  it('follows electron-builder for Windows: WIN_CSC_LINK when defined at all, CSC_LINK otherwise', () => {
    expect(enabled('win', { WIN_CSC_LINK: 'pfx' })['windows code signing']).toBe(true);
    expect(enabled('win', { CSC_LINK: 'pfx' })['windows code signing']).toBe(true);
    expect(enabled('win', { WIN_CSC_LINK: '', CSC_LINK: 'mac-cert' })['windows code signing']).toBe(false);
    expect(releaseSteps('win', {})[0]!.line).toMatch(/^windows code signing: skipped, WIN_CSC_LINK is not set/);
  });

  it('prints the lines from the command line, without any secret value', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', join(process.cwd(), 'build/release-env.ts'), 'mac'], {
      env: { ...process.env, CSC_LINK: 'c2VjcmV0LWNlcnQ=', APPLE_ID: 'admin@example.org', APPLE_APP_SPECIFIC_PASSWORD: 'abcd-efgh', APPLE_TEAM_ID: 'TEAM123' },
      encoding: 'utf8',
    });
    expect(out.trim().split('\n')).toEqual(['mac code signing: on (Developer ID certificate from CSC_LINK)', 'mac notarization: on (APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID)']);
    for (const secret of ['c2VjcmV0LWNlcnQ=', 'admin@example.org', 'abcd-efgh', 'TEAM123']) expect(out).not.toContain(secret);
  });
});
