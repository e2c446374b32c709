// npm start's demo platform remembers its port and its OAuth state in the data folder, comes back at the
// same address, and starts elsewhere (saying where it was) when another program took the port.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { demoStateFile, startDemoDefault } from '../../sandbox/demo-default';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sc-demo-'));
  dirs.push(dir);
  return dir;
}

async function register(url: string): Promise<string> {
  const response = await fetch(`${url}/api/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ application_type: 'native', redirect_uris: ['http://127.0.0.1/oauth/callback'], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], client_name: 'Test' }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { client_id: string }).client_id;
}

/** Whether the platform still knows the client: its consent page shows, instead of "Unknown application". */
async function knowsClient(url: string, clientId: string): Promise<boolean> {
  const query = new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: 'http://127.0.0.1:5000/oauth/callback', scope: 'openid', code_challenge: 'a'.repeat(43), code_challenge_method: 'S256' });
  const response = await fetch(`${url}/oauth/authorize?${query}`);
  return response.status === 200;
}

describe('startDemoDefault', () => {
  it('comes back at the same address with the clients it knew, and keeps its state user-only on disk', async () => {
    const dir = dataDir();
    const first = await startDemoDefault({ dataDir: dir, orders: 50, quiet: true });
    const clientId = await register(first.sandbox.url);
    await first.close();

    const second = await startDemoDefault({ dataDir: dir, orders: 50, quiet: true });
    try {
      expect(second.sandbox.url).toBe(first.sandbox.url);
      expect(second.movedFrom).toBeNull();
      expect(second.formerAddresses).toEqual([]);
      expect(await knowsClient(second.sandbox.url, clientId)).toBe(true);
    } finally {
      await second.close();
    }
    if (process.platform !== 'win32') expect(statSync(demoStateFile(dir)).mode & 0o777).toBe(0o600);
    expect(readFileSync(demoStateFile(dir), 'utf8')).not.toMatch(/sbx_(at|rt)_/);
  });

  it('starts elsewhere when its port is taken, says where it was, and keeps the new port', async () => {
    const dir = dataDir();
    const first = await startDemoDefault({ dataDir: dir, orders: 50, quiet: true });
    const clientId = await register(first.sandbox.url);
    await first.close();

    const squatter = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => squatter.listen(first.sandbox.port, '127.0.0.1', resolve));
    let movedUrl: string;
    try {
      const moved = await startDemoDefault({ dataDir: dir, orders: 50, quiet: true });
      movedUrl = moved.sandbox.url;
      expect(moved.movedFrom).toBe(first.sandbox.url);
      expect(moved.sandbox.url).not.toBe(first.sandbox.url);
      expect(moved.formerAddresses).toEqual([first.sandbox.url]);
      // The same platform: it still knows the app's registration.
      expect(await knowsClient(moved.sandbox.url, clientId)).toBe(true);
      await moved.close();
    } finally {
      await new Promise<void>((resolve) => squatter.close(() => resolve()));
    }

    const again = await startDemoDefault({ dataDir: dir, orders: 50, quiet: true });
    try {
      expect(again.sandbox.url).toBe(movedUrl);
      expect(again.movedFrom).toBeNull();
      expect(again.formerAddresses).toEqual([first.sandbox.url]);
    } finally {
      await again.close();
    }
  });

  it('refuses to start a second time on the same data folder while the first still runs, and says so', async () => {
    const dir = dataDir();
    const first = await startDemoDefault({ dataDir: dir, orders: 50, quiet: true });
    await first.close();
    // Started again: the state now names a port, which the running one holds.
    const running = await startDemoDefault({ dataDir: dir, orders: 50, quiet: true });
    try {
      await expect(startDemoDefault({ dataDir: dir, orders: 50, quiet: true })).rejects.toThrow(
        `School Companion is already running with this data folder (its demo platform answers at ${running.sandbox.url}).`,
      );
    } finally {
      await running.close();
    }
  });

  it('sets a damaged state file aside and starts fresh', async () => {
    const dir = dataDir();
    const first = await startDemoDefault({ dataDir: dir, orders: 50, quiet: true });
    await first.close();
    writeFileSync(demoStateFile(dir), '{"version":1,"port":"nope"');
    const fresh = await startDemoDefault({ dataDir: dir, orders: 50, quiet: true });
    try {
      expect(fresh.movedFrom).toBeNull();
      expect(JSON.parse(readFileSync(demoStateFile(dir), 'utf8')).port).toBe(fresh.sandbox.port);
    } finally {
      await fresh.close();
    }
  });
});
