// "No token in any file": every file under a data folder, read as a person with the disk would (clear text,
// base64 of it) and as the app could (every blob the cipher opens: the vault, a vault set aside, a backup).
// Returns where each issued token string was found; an empty list is the pass.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

interface Unsealer {
  decrypt(sealed: Uint8Array): Promise<Uint8Array>;
}

const BASE64_RUN = /[A-Za-z0-9+/_-]{32,}={0,2}/g;

export async function findTokensInFiles(dir: string, tokens: readonly string[], cipher: Unsealer): Promise<string[]> {
  if (tokens.length === 0) throw new Error('no issued tokens to look for: the scan would prove nothing');
  const found: string[] = [];
  const names = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  for (const entry of names) {
    const path = join(entry.parentPath, entry.name);
    const name = path.slice(dir.length + 1);
    const bytes = await readFile(path).catch(() => null);
    if (!bytes) continue;
    const text = bytes.toString('latin1');
    for (const token of tokens) {
      if (text.includes(token) || text.includes(Buffer.from(token).toString('base64'))) found.push(`${name}: in clear`);
    }
    const blobs = [bytes, ...[...text.matchAll(BASE64_RUN)].map((m) => Buffer.from(m[0], m[0].includes('-') || m[0].includes('_') ? 'base64url' : 'base64'))];
    for (const blob of blobs) {
      let plain: string;
      try {
        plain = Buffer.from(await cipher.decrypt(blob)).toString('latin1');
      } catch {
        continue;
      }
      for (const token of tokens) if (plain.includes(token)) found.push(`${name}: sealed`);
    }
  }
  return [...new Set(found)];
}
