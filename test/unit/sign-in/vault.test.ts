// The vault with a fake OS key store (the one fake allowed): round trip, wrong key, corruption, torn writes,
// weak backends, and no secret in clear on disk.
import { readdir, readFile, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryLogger } from '../../../electron/services/log';
import { JsonFile } from '../../../electron/services/store/json-file';
import { KeyFileCipher } from '../../../electron/services/store/key-file-cipher';
import { z } from 'zod';
import { Vault, VAULT_FILE, type TokenSet } from '../../../electron/services/store/vault';
import { allFileText, fakeCipher, tempDir } from '../../integration/sign-in/harness';

const dirs: { remove(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => d.remove()));
});
async function dir() {
  const d = await tempDir('vault-');
  dirs.push(d);
  return d.path;
}

const tokens = (n: number): TokenSet => ({ accessToken: `access-secret-${n}`, tokenType: 'bearer', expiresAt: 1_000 + n, refreshToken: `refresh-secret-${n}`, idToken: null, obtainedAt: n });

describe('Vault', () => {
  it('keeps tokens and client secrets across a reopen, sealed, with the backend recorded', async () => {
    const dataDir = await dir();
    const cipher = fakeCipher({ backend: 'gnome_libsecret' });
    const logger = memoryLogger();
    const vault = await Vault.open({ dataDir, cipher, logger });
    await vault.setTokens('acct-1', tokens(1));
    await vault.setClientSecret('https://school.example', 'client-secret-value');

    const again = await Vault.open({ dataDir, cipher, logger });
    expect(again.getTokens('acct-1')).toEqual(tokens(1));
    expect(again.getClientSecret('https://school.example')).toBe('client-secret-value');
    const envelope = JSON.parse(await readFile(join(dataDir, VAULT_FILE), 'utf8')) as { backend: string };
    expect(envelope.backend).toBe('gnome_libsecret');
    expect((await stat(join(dataDir, VAULT_FILE))).mode & 0o777).toBe(0o600);

    const disk = await allFileText(dataDir);
    for (const secret of ['access-secret-1', 'refresh-secret-1', 'client-secret-value']) {
      expect(disk).not.toContain(secret);
      expect(disk).not.toContain(Buffer.from(secret).toString('base64'));
    }
    expect(logger.lines.join('\n')).not.toMatch(/secret-1|client-secret-value/);
  });

  it('deletes tokens for good', async () => {
    const dataDir = await dir();
    const cipher = fakeCipher();
    const vault = await Vault.open({ dataDir, cipher, logger: memoryLogger() });
    await vault.setTokens('acct-1', tokens(1));
    await vault.deleteTokens('acct-1');
    expect((await Vault.open({ dataDir, cipher, logger: memoryLogger() })).getTokens('acct-1')).toBeNull();
  });

  it('serializes concurrent writes: the last one wins and the file stays readable', async () => {
    const dataDir = await dir();
    const cipher = fakeCipher();
    const vault = await Vault.open({ dataDir, cipher, logger: memoryLogger() });
    await Promise.all(Array.from({ length: 20 }, (_, n) => vault.setTokens(`acct-${n % 3}`, tokens(n))));
    const again = await Vault.open({ dataDir, cipher, logger: memoryLogger() });
    expect(again.getTokens('acct-0')).toEqual(tokens(18));
    expect(again.getTokens('acct-1')).toEqual(tokens(19));
    expect(again.getTokens('acct-2')).toEqual(tokens(17));
    expect((await readdir(dataDir)).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });

  it('refuses a weak key store unless the admin agreed', async () => {
    const dataDir = await dir();
    const weak = fakeCipher({ backend: 'basic_text', isStrong: false });
    await expect(Vault.open({ dataDir, cipher: weak, logger: memoryLogger() })).rejects.toMatchObject({ code: 'storage_unavailable' });
    const vault = await Vault.open({ dataDir, cipher: weak, logger: memoryLogger(), allowWeakCipher: true });
    await vault.setTokens('a', tokens(1));
    expect(vault.backend).toBe('basic_text');
  });

  it('survives a crash between the temp write and the rename: the previous state is read', async () => {
    const dataDir = await dir();
    const cipher = fakeCipher();
    const vault = await Vault.open({ dataDir, cipher, logger: memoryLogger() });
    await vault.setTokens('acct-1', tokens(1));
    // What a crash leaves: a half-written temp file next to the intact vault.
    await writeFile(join(dataDir, `.${VAULT_FILE}.tmp-999-abcdef`), '{"format":"school-companion-vault","vers');
    const again = await Vault.open({ dataDir, cipher, logger: memoryLogger() });
    expect(again.getTokens('acct-1')).toEqual(tokens(1));
    expect(again.lost).toBeNull();
  });

  it('keeps no older copy: a damaged vault never brings back a rotated refresh token, and says the sign-ins were lost', async () => {
    const dataDir = await dir();
    const cipher = fakeCipher();
    const logger = memoryLogger();
    const vault = await Vault.open({ dataDir, cipher, logger });
    await vault.setTokens('acct-1', tokens(1));
    await vault.setTokens('acct-1', tokens(2)); // refresh-secret-1 was rotated away
    expect((await readdir(dataDir)).filter((name) => name.endsWith('.bak'))).toEqual([]);
    await truncate(join(dataDir, VAULT_FILE), 40);

    const again = await Vault.open({ dataDir, cipher, logger });
    expect(again.getTokens('acct-1')).toBeNull();
    expect(again.lost?.reason).toMatch(/could not be read \(the file was damaged/);
    const names = await readdir(dataDir);
    expect(names.some((name) => name.startsWith(`${VAULT_FILE}.corrupt-`))).toBe(true);
    // The next start opens the fresh vault without a loss (the accounts keep the reason themselves).
    expect((await Vault.open({ dataDir, cipher, logger })).lost).toBeNull();
  });

  it('removes a backup an earlier version left (it holds rotated refresh tokens)', async () => {
    const dataDir = await dir();
    const cipher = fakeCipher();
    const vault = await Vault.open({ dataDir, cipher, logger: memoryLogger() });
    await vault.setTokens('acct-1', tokens(1));
    await writeFile(join(dataDir, `${VAULT_FILE}.bak`), await readFile(join(dataDir, VAULT_FILE)));
    await vault.setTokens('acct-1', tokens(2));
    await Vault.open({ dataDir, cipher, logger: memoryLogger() });
    expect(await readdir(dataDir)).not.toContain(`${VAULT_FILE}.bak`);
  });

  it('opens an empty vault with the loss reported when the file is not a vault at all', async () => {
    const dataDir = await dir();
    const cipher = fakeCipher();
    await writeFile(join(dataDir, VAULT_FILE), 'not json at all');
    const vault = await Vault.open({ dataDir, cipher, logger: memoryLogger() });
    expect(vault.lost).not.toBeNull();
    expect((await readdir(dataDir)).some((name) => name.startsWith(`${VAULT_FILE}.corrupt-`))).toBe(true);
    expect(vault.getTokens('anything')).toBeNull();
  });

  it('names the key store change when the vault was sealed by another one, keeping the file aside untouched', async () => {
    const dataDir = await dir();
    const vault = await Vault.open({ dataDir, cipher: fakeCipher(), logger: memoryLogger() });
    await vault.setTokens('acct-1', tokens(1));
    const sealed = await readFile(join(dataDir, VAULT_FILE));
    const other = await Vault.open({ dataDir, cipher: fakeCipher({ backend: 'kwallet5' }), logger: memoryLogger() });
    expect(other.lost?.reason).toContain('"fake" and this computer now uses "kwallet5"');
    const aside = (await readdir(dataDir)).find((name) => name.startsWith(`${VAULT_FILE}.corrupt-`))!;
    expect(await readFile(join(dataDir, aside))).toEqual(sealed);
  });

  it('deletes a damaged vault kept aside after a week, and at once on a sign-out', async () => {
    const dataDir = await dir();
    const cipher = fakeCipher();
    const first = await Vault.open({ dataDir, cipher, logger: memoryLogger() });
    await first.setTokens('acct-1', tokens(1));
    await writeFile(join(dataDir, VAULT_FILE), 'damaged');
    const now = Date.now();
    await Vault.open({ dataDir, cipher, logger: memoryLogger(), now: () => now });
    const aside = () => readdir(dataDir).then((names) => names.filter((name) => name.startsWith(`${VAULT_FILE}.corrupt-`)));
    expect(await aside()).toHaveLength(1);
    await Vault.open({ dataDir, cipher, logger: memoryLogger(), now: () => now + 6 * 86_400_000 });
    expect(await aside()).toHaveLength(1);
    await Vault.open({ dataDir, cipher, logger: memoryLogger(), now: () => now + 8 * 86_400_000 });
    expect(await aside()).toHaveLength(0);

    const vault = await Vault.open({ dataDir, cipher, logger: memoryLogger() });
    await vault.setTokens('acct-2', tokens(2));
    await writeFile(join(dataDir, VAULT_FILE), 'damaged again');
    const reopened = await Vault.open({ dataDir, cipher, logger: memoryLogger() });
    expect(await aside()).toHaveLength(1);
    await reopened.forgetAccount('acct-2');
    expect(await aside()).toHaveLength(0);
    expect(reopened.wasSignedOut('acct-2')).toBe(true);
  });

  it('detects a flipped byte in the sealed data', async () => {
    const dataDir = await dir();
    const cipher = fakeCipher();
    const vault = await Vault.open({ dataDir, cipher, logger: memoryLogger() });
    await vault.setTokens('acct-1', tokens(1));
    const path = join(dataDir, VAULT_FILE);
    const envelope = JSON.parse(await readFile(path, 'utf8')) as { sealed: string };
    const bytes = Buffer.from(envelope.sealed, 'base64');
    bytes[bytes.length - 1]! ^= 0xff;
    await writeFile(path, JSON.stringify({ ...envelope, sealed: bytes.toString('base64') }));
    expect((await Vault.open({ dataDir, cipher, logger: memoryLogger() })).lost).not.toBeNull();
  });
});

describe('KeyFileCipher', () => {
  it('creates a 0600 key file once and seals with AES-GCM', async () => {
    const dataDir = await dir();
    const cipher = await KeyFileCipher.open(dataDir);
    expect((await stat(join(dataDir, 'vault.key'))).mode & 0o777).toBe(0o600);
    const sealed = await cipher.encrypt(new TextEncoder().encode('hello secret'));
    expect(Buffer.from(sealed).toString('latin1')).not.toContain('hello secret');
    const same = await KeyFileCipher.open(dataDir);
    expect(new TextDecoder().decode(await same.decrypt(sealed))).toBe('hello secret');
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1]! ^= 1;
    await expect(same.decrypt(tampered)).rejects.toThrow();
  });

  it('works as the vault cipher', async () => {
    const dataDir = await dir();
    // Weak (its key is a file next to the vault): used where the caller accepted that (browser mode).
    await expect(Vault.open({ dataDir, cipher: await KeyFileCipher.open(dataDir), logger: memoryLogger() })).rejects.toMatchObject({ code: 'storage_unavailable' });
    const vault = await Vault.open({ dataDir, cipher: await KeyFileCipher.open(dataDir), logger: memoryLogger(), allowWeakCipher: true });
    await vault.setTokens('a', tokens(3));
    const again = await Vault.open({ dataDir, cipher: await KeyFileCipher.open(dataDir), logger: memoryLogger(), allowWeakCipher: true });
    expect(again.getTokens('a')).toEqual(tokens(3));
  });
});

describe('JsonFile', () => {
  const Shape = z.object({ n: z.int() });
  it('writes atomically, and uses the last good copy when the file is damaged', async () => {
    const dataDir = await dir();
    const path = join(dataDir, 'state.json');
    const file = new JsonFile(path, Shape, () => ({ n: 0 }), memoryLogger());
    expect(await file.load()).toEqual({ n: 0 });
    await file.save({ n: 1 });
    await file.save({ n: 2 });
    expect(await file.load()).toEqual({ n: 2 });
    await writeFile(path, '{"n": 2'); // torn
    // The backup is a copy of the current state, never the one before (that could bring back a signed-out account).
    expect(await file.load()).toEqual({ n: 2 });
    expect((await readdir(dataDir)).some((name) => name.startsWith('state.json.corrupt-'))).toBe(true);
    await writeFile(path, '{"n": "not a number"}'); // valid JSON, wrong shape
    await writeFile(`${path}.bak`, 'garbage');
    expect(await file.load()).toEqual({ n: 0 });
  });
});

describe('a copy of the vault put back', () => {
  it('is refused at the next start like a damaged vault: its tokens are not used, and the loss says why', async () => {
    const dataDir = await dir();
    const cipher = fakeCipher();
    const vault = await Vault.open({ dataDir, cipher, logger: memoryLogger() });
    await vault.setTokens('acct-1', tokens(1));
    const copy = await readFile(join(dataDir, VAULT_FILE));
    await vault.forgetAccount('acct-1'); // signed out: the tokens are gone and the account must never come back
    await writeFile(join(dataDir, VAULT_FILE), copy);

    const reopened = await Vault.open({ dataDir, cipher, logger: memoryLogger() });
    expect(reopened.getTokens('acct-1')).toBeNull();
    expect(reopened.lost?.reason).toContain('older than the one the app last saved');
    expect((await readdir(dataDir)).some((name) => name.startsWith(`${VAULT_FILE}.corrupt-`))).toBe(true);
    // Written again at a newer generation: the next start opens it without a loss.
    await reopened.setTokens('acct-2', tokens(2));
    const next = await Vault.open({ dataDir, cipher, logger: memoryLogger() });
    expect(next.lost).toBeNull();
    expect(next.getTokens('acct-2')).toEqual(tokens(2));
  });

  it('a vault from before generations were kept opens as it is', async () => {
    const dataDir = await dir();
    const cipher = fakeCipher();
    const contents = { tokens: { 'acct-1': tokens(1) }, clientSecrets: {} };
    const sealed = Buffer.from(await cipher.encrypt(Buffer.from(JSON.stringify(contents)))).toString('base64');
    await writeFile(join(dataDir, VAULT_FILE), JSON.stringify({ format: 'school-companion-vault', version: 1, backend: cipher.backend, sealed }));
    const vault = await Vault.open({ dataDir, cipher, logger: memoryLogger() });
    expect(vault.lost).toBeNull();
    expect(vault.getTokens('acct-1')).toEqual(tokens(1));
  });
});
