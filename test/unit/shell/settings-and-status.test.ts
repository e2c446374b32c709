import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { accountNamedBy, parseLaunchArgs } from '../../../electron/services/launch-args';
import { createOnlineProbe, protectedResourceMetadataUrl } from '../../../electron/services/status/online-probe';
import { SettingsStore } from '../../../electron/services/store/settings';
import { DEFAULT_SETTINGS } from '../../../shared/ipc/app';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sc-settings-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('settings store', () => {
  it('starts from the defaults and keeps a change across reopen', async () => {
    const dir = tempDir();
    const store = await SettingsStore.open(dir);
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    const seen: string[] = [];
    store.onChange((settings) => seen.push(settings.theme));
    expect(await store.update({ theme: 'dark' })).toMatchObject({ theme: 'dark', activeAccountId: null });
    expect(seen).toEqual(['dark']);
    expect((await SettingsStore.open(dir)).get().theme).toBe('dark');
  });

  it('refuses an invalid patch and keeps what it had', async () => {
    const dir = tempDir();
    const store = await SettingsStore.open(dir);
    await store.update({ theme: 'light' });
    await expect(store.update({ theme: 'purple' } as never)).rejects.toThrow();
    await expect(store.update({ somethingElse: true } as never)).rejects.toThrow();
    expect(store.get().theme).toBe('light');
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')).theme).toBe('light');
  });

  it('keeps the good fields of a file with a bad one, and survives a damaged file', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ theme: 'neon', activeAccountId: 'acct_1', allowWeakCipher: true }));
    // allowWeakCipher is not a setting any more (an older file's value is ignored: the page could write it).
    expect((await SettingsStore.open(dir)).get()).toEqual({ ...DEFAULT_SETTINGS, theme: 'system', activeAccountId: 'acct_1' });
    const other = tempDir();
    writeFileSync(join(other, 'settings.json'), '{"theme": "da');
    expect((await SettingsStore.open(other)).get()).toEqual(DEFAULT_SETTINGS);
  });
});

describe('online probe', () => {
  it('asks the platforms themselves: any HTTP answer is online, a refused connection is offline', async () => {
    const server = createServer((_req, res) => {
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    let targets = [protectedResourceMetadataUrl(url)];
    const changes: boolean[] = [];
    const probe = createOnlineProbe({ targets: () => targets, onChange: (online) => changes.push(online), timeoutMs: 2000 });
    expect(await probe.check()).toBe(true);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(await probe.check()).toBe(false);
    expect(changes).toEqual([false]);
    targets = [];
    expect(await probe.check()).toBe(true);
    expect(changes).toEqual([false, true]);
  });

  it('probes the protected-resource metadata of an issuer (RFC 9728 path insertion)', () => {
    expect(protectedResourceMetadataUrl('https://school.example.com')).toBe('https://school.example.com/.well-known/oauth-protected-resource');
    expect(protectedResourceMetadataUrl('https://platform.example.com/tenant/')).toBe('https://platform.example.com/.well-known/oauth-protected-resource/tenant');
  });
});

describe('launch arguments', () => {
  it('reads --school, --port and --no-open and ignores Chromium switches', () => {
    expect(parseLaunchArgs(['.', '--school', 'https://school.example.com', '--inspect', '--port=8080', '--no-open'])).toEqual({
      school: 'https://school.example.com',
      port: 8080,
      open: false,
      formerSchoolAddresses: [],
      schoolNamed: false,
      schoolDataRemade: false,
    });
    expect(parseLaunchArgs([])).toEqual({ open: true, formerSchoolAddresses: [], schoolNamed: false, schoolDataRemade: false });
    expect(() => parseLaunchArgs(['--port', 'eighty'])).toThrow(/--port/);
  });

  it('reads where the default school was before (--school-former, repeatable), whether the person named it (--school-named) and whether its data was made afresh (--school-data-remade)', () => {
    const args = parseLaunchArgs(['.', '--school', 'http://127.0.0.1:4100', '--school-former', 'http://127.0.0.1:4000', '--school-former=http://127.0.0.1:3900', '--school-named', '--school-data-remade']);
    expect(args.formerSchoolAddresses).toEqual(['http://127.0.0.1:4000', 'http://127.0.0.1:3900']);
    expect(args.schoolNamed).toBe(true);
    expect(args.schoolDataRemade).toBe(true);
  });
});

describe('the school named on the command line', () => {
  const accounts = [
    { id: 'b', issuer: 'https://platform.example.com', school: { url: 'https://lumen.example.com' } },
    { id: 'a', issuer: 'http://127.0.0.1:4100', school: { url: null } },
  ];
  it('is the account whose platform or school site is at that address, however it was typed', () => {
    expect(accountNamedBy(accounts, 'http://127.0.0.1:4100/')).toBe('a');
    expect(accountNamedBy(accounts, 'platform.example.com')).toBe('b');
    expect(accountNamedBy(accounts, 'https://Lumen.example.com/')).toBe('b');
    expect(accountNamedBy(accounts, 'https://other.example.com')).toBeNull();
  });
});
