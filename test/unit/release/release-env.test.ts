// build/release-env.ts: the one line per signing/notarization step printed before packaging. It must say
// "skipped" (and what to set) exactly when electron-builder will skip, and never print a secret's value.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AZURE_SIGNING_VARIABLES, releaseSteps, windowsSigning } from '../../../build/release-env';

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
    expect(releaseSteps('win', {})[0]!.line).toMatch(/^windows code signing: skipped, neither Azure Trusted Signing \(AZURE_\*\) nor WIN_CSC_LINK is set/);
  });

  it('signs Windows with Azure Trusted Signing when all seven variables are set, the PFX otherwise, and says what is missing', () => {
    const azure = Object.fromEntries(AZURE_SIGNING_VARIABLES.map((name) => [name, `value-of-${name}`]));
    expect(windowsSigning(azure)).toBe('azure');
    expect(windowsSigning({ ...azure, WIN_CSC_LINK: 'pfx' })).toBe('azure');
    expect(releaseSteps('win', azure)[0]!.line).toBe('windows code signing: on (Azure Trusted Signing; updates must be signed by the same publisher)');
    const partial = { ...azure, AZURE_TRUSTED_SIGNING_PROFILE: ' ', WIN_CSC_LINK: 'pfx' };
    expect(windowsSigning(partial)).toBe('pfx');
    expect(releaseSteps('win', partial)[0]!.line).toMatch(/certificate from WIN_CSC_LINK.*Azure Trusted Signing is not used: AZURE_TRUSTED_SIGNING_PROFILE not set/);
    expect(windowsSigning({ AZURE_TENANT_ID: 't' })).toBe('none');
    expect(enabled('win', { AZURE_TENANT_ID: 't' })['windows code signing']).toBe(false);
    for (const line of releaseSteps('win', azure).map((step) => step.line)) expect(line).not.toContain('value-of-');
    const printed = execFileSync(process.execPath, ['--import', 'tsx', join(process.cwd(), 'build/release-env.ts'), 'win', '--signing'], { env: { ...process.env, ...azure }, encoding: 'utf8' });
    expect(printed.trim()).toBe('azure');
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
