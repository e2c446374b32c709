// What only the desktop app meets at launch: the Windows identity (AUMID) it files notifications under, a
// second launch naming a school, and helper processes that die. Decided in plain Node, applied by main.ts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServices } from '../../../electron/services/app-services';
import { APP_ID, appUserModelIdFor } from '../../../electron/services/desktop/app-identity';
import { childProcessGoneLog } from '../../../electron/services/desktop/crash-recovery';
import { schoolNamedBySecondLaunch } from '../../../electron/services/desktop/second-instance';
import { memoryLogger } from '../../../electron/services/log';
import { fakeCipher } from '../../integration/sign-in/harness';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the Windows identity', () => {
  it("is the installer's appId, set on Windows only", () => {
    const builder = load(readFileSync(join(__dirname, '../../../electron-builder.yml'), 'utf8')) as { appId: string };
    expect(APP_ID).toBe(builder.appId);
    expect(appUserModelIdFor('win32')).toBe(builder.appId);
    expect(appUserModelIdFor('darwin')).toBeNull();
    expect(appUserModelIdFor('linux')).toBeNull();
  });
});

describe('a second launch', () => {
  it('names the school of its --school (and label); the executable and Chromium switches are not ours', () => {
    const exe = 'C:\\Program Files\\School Companion\\School Companion.exe';
    expect(schoolNamedBySecondLaunch([exe, '--allow-file-access-from-files', '--school', 'https://lumen.example.com', '--school-label', 'Lumen'])).toEqual({
      address: 'https://lumen.example.com',
      label: 'Lumen',
      named: true,
    });
    expect(schoolNamedBySecondLaunch([exe, '--school=https://lumen.example.com'])).toEqual({ address: 'https://lumen.example.com', label: 'https://lumen.example.com', named: true });
  });

  it('names nothing without --school, with an empty one or a malformed switch, and never takes a former address', () => {
    expect(schoolNamedBySecondLaunch(['/Applications/School Companion.app/Contents/MacOS/School Companion'])).toBeNull();
    expect(schoolNamedBySecondLaunch(['exe', '--school', '   '])).toBeNull();
    expect(schoolNamedBySecondLaunch(['exe', '--port', 'x', '--school', 'https://a.example'])).toBeNull();
    expect(schoolNamedBySecondLaunch(['exe', '--school', 'https://a.example', '--school-former', 'https://b.example'])).not.toHaveProperty('formerAddresses');
  });

  it('reaches the running app: its status offers the named school at once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sc-second-'));
    dirs.push(dataDir);
    const services = await createAppServices({ mode: 'desktop', version: '0.0.0-test', dataDir, cipher: fakeCipher(), openExternal: async () => undefined, defaultSchool: null, logger: memoryLogger() });
    const seen: unknown[] = [];
    services.events.subscribe((event, payload) => {
      if (event === 'app.statusChanged') seen.push((payload as { defaultSchool: unknown }).defaultSchool);
    });
    try {
      const school = schoolNamedBySecondLaunch(['exe', '--school', 'https://lumen.example.com', '--school-label', 'Lumen'])!;
      await services.nameSchool(school);
      expect(services.status().defaultSchool).toEqual(school);
      expect(seen).toContainEqual(school);
    } finally {
      await services.close();
    }
  });
});

describe('a helper process that dies', () => {
  it('is logged with its type and reason; a clean exit is not', () => {
    expect(childProcessGoneLog({ type: 'GPU', reason: 'crashed', exitCode: -1073741819 })).toEqual({ level: 'error', fields: { type: 'GPU', reason: 'crashed', exitCode: -1073741819 } });
    expect(childProcessGoneLog({ type: 'Utility', reason: 'oom', exitCode: 1, serviceName: 'network.mojom.NetworkService', name: 'Network Service' })?.fields).toMatchObject({ service: 'network.mojom.NetworkService' });
    expect(childProcessGoneLog({ type: 'Utility', reason: 'clean-exit', exitCode: 0 })).toBeNull();
  });
});
