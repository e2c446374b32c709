// The README's run command, as a person runs it: `npm start` (here `node scripts/start.mjs`, what the npm
// script runs) prints the one-line notice and the launch address, the address signs a browser in, and
// Ctrl-C (SIGINT) stops everything.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'sc-start-'));
let child: ChildProcess | undefined;

/** Where the Electron runtime is installed, npm start opens the desktop app instead (not testable headless here). */
function electronInstalled(): boolean {
  try {
    const relative = readFileSync(join(root, 'node_modules', 'electron', 'path.txt'), 'utf8').trim();
    return relative.length > 0 && existsSync(join(root, 'node_modules', 'electron', 'dist', relative));
  } catch {
    return false;
  }
}
afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs `npm start -- --no-open` on the test's data folder until it prints its launch address. */
async function start(): Promise<{ child: ChildProcess; out: () => string; err: () => string; launchUrl: string }> {
  const started = spawn(process.execPath, ['scripts/start.mjs', '--no-open'], { cwd: root, env: { ...process.env, SCHOOL_COMPANION_DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
  child = started;
  let out = '';
  let err = '';
  started.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  started.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const launchUrl = await new Promise<string>((resolvePromise, reject) => {
    const timer = setInterval(() => {
      const match = /School Companion is running: open (http:\/\/127\.0\.0\.1:\d+\/launch\?code=[\w-]+)/.exec(out);
      if (match) {
        clearInterval(timer);
        resolvePromise(match[1]!);
      }
    }, 100);
    started.on('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`npm start exited (${code}) before it was running:\n${out}\n${err}`));
    });
  });
  return { child: started, out: () => out, err: () => err, launchUrl };
}

async function stop(running: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolvePromise) => running.on('exit', (code) => resolvePromise(code)));
  running.kill('SIGINT');
  return exited;
}

describe('npm start', () => {
  it.skipIf(electronInstalled())('serves browser mode where Electron is missing, prints the launch URL that works, and stops on Ctrl-C', async () => {
    const run = await start();
    expect(run.out()).toContain('Electron runtime not available here (no binary and no way to fetch one): serving browser mode instead.\n');
    expect(run.out()).toMatch(/Sandbox platform with the demo schools: http:\/\/127\.0\.0\.1:\d+/);

    const launch = await fetch(run.launchUrl, { redirect: 'manual' });
    expect(launch.status).toBe(200);
    const cookie = launch.headers.get('set-cookie')!.split(';')[0]!;
    const app = await fetch(new URL('/', run.launchUrl), { headers: { cookie } });
    expect(app.status).toBe(200);
    expect(await app.text()).toContain('<div id="root">');

    expect(await stop(run.child)).toBe(0);
  }, 120_000);

  it.skipIf(electronInstalled())('keeps the terminal to what a person acts on, and logs the details to the data folder', async () => {
    const run = await start();
    const log = join(dataDir, 'logs', 'school-companion.log');
    expect(run.out()).toContain(`Details are logged to ${log}\n`);
    // A refused request and a launch are logged, not printed.
    await fetch(new URL('/rpc', run.launchUrl), { method: 'POST' });
    await fetch(run.launchUrl, { redirect: 'manual' });
    expect(await stop(run.child)).toBe(0);
    expect(run.err()).toBe('');
    expect(run.out()).not.toMatch(/\[browser-host\]|redacted|errorCode/);
    const logged = readFileSync(log, 'utf8');
    expect(logged).toContain('browser host refused a request');
    expect(logged).toContain('browser signed in with a launch code');
    expect(logged).not.toMatch(/code=[\w-]{8,}/);
  }, 120_000);

  it.skipIf(electronInstalled())('started again on the same data folder, the demo platform is back at the same address', async () => {
    const first = await start();
    const address = /Sandbox platform with the demo schools: (\S+)/.exec(first.out())![1];
    expect(await stop(first.child)).toBe(0);
    const second = await start();
    expect(/Sandbox platform with the demo schools: (\S+)/.exec(second.out())![1]).toBe(address);
    expect(second.out()).not.toContain('in use by another program');
    expect(await stop(second.child)).toBe(0);
  }, 120_000);

  it.skipIf(electronInstalled() || process.platform === 'win32')('with a display, hands the browser a user-only file, never the launch code on a command line', async () => {
    // The system's opener is outside our control: a stand-in records the command line it was given.
    const bin = mkdtempSync(join(tmpdir(), 'sc-opener-'));
    const argsFile = join(bin, 'args.txt');
    writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s\\n' "$@" > '${argsFile}'\ncp "$1" '${argsFile}.page' 2>/dev/null\n`, { mode: 0o755 });
    const opened = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env: { ...process.env, SCHOOL_COMPANION_DATA_DIR: dataDir, DISPLAY: ':99', PATH: `${bin}:${process.env.PATH}` }, stdio: ['pipe', 'pipe', 'pipe'] });
    child = opened;
    let out = '';
    opened.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    opened.stderr!.on('data', () => undefined);
    try {
      await expect.poll(() => existsSync(argsFile) && existsSync(`${argsFile}.page`), { timeout: 60_000, interval: 200 }).toBe(true);
      const code = /launch\?code=([\w-]+)/.exec(out)![1]!;
      const args = readFileSync(argsFile, 'utf8').trim();
      expect(args).not.toContain(code);
      expect(args).toMatch(/school-companion-launch-.*\.html$/);
      expect(statSync(args).mode & 0o777).toBe(0o600);
      expect(readFileSync(`${argsFile}.page`, 'utf8')).toContain(code);

      // Enter in the terminal: a new link for another browser, handed over the same way.
      rmSync(argsFile);
      opened.stdin!.write('\n');
      await expect.poll(() => /New launch link: (http:\/\/127\.0\.0\.1:\d+\/launch\?code=[\w-]+)/.exec(out)?.[1] ?? null, { timeout: 10_000 }).not.toBeNull();
      const fresh = /New launch link: (http:\/\/127\.0\.0\.1:\d+\/launch\?code=[\w-]+)/.exec(out)![1]!;
      expect((await fetch(fresh, { redirect: 'manual' })).status).toBe(200);
      await expect.poll(() => existsSync(argsFile), { timeout: 10_000 }).toBe(true);
      expect(readFileSync(argsFile, 'utf8')).not.toContain(new URL(fresh).searchParams.get('code')!);
    } finally {
      const exited = new Promise((resolvePromise) => opened.on('exit', resolvePromise));
      opened.kill('SIGINT');
      await exited;
      rmSync(bin, { recursive: true, force: true });
    }
  }, 120_000);
});
