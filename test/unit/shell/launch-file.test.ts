// npm start with a display: the launch link never goes on a command line (any local user can read those);
// the opener gets the path of a page only this user can read, which sends the browser on and is removed soon.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeLaunchFile } from '../../../scripts/launch-file.mjs';
import { launchChromium } from '../../support/chromium';
import { startBrowserHost } from '../../../electron/browser-host/server';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function temp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sc-launchfile-'));
  dirs.push(dir);
  return dir;
}

describe('the launch file', () => {
  it('is user-only, carries the code only inside, and is gone after its time', async () => {
    const url = 'http://127.0.0.1:4567/launch?code=SECRETcode_123';
    const file = await writeLaunchFile(url, { dir: temp(), ttlMs: 200 });
    expect(file.path).not.toContain('SECRETcode_123');
    expect(statSync(file.path).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(file.path)).mode & 0o777).toBe(0o700);
    expect(readFileSync(file.path, 'utf8')).toContain('url=http://127.0.0.1:4567/launch?code=SECRETcode_123');
    // Removed after its time: waited for, not for a fixed while (a loaded machine runs the timer late).
    await expect.poll(() => existsSync(file.path), { timeout: 10_000 }).toBe(false);
  });

  it('refuses anything but a loopback launch link', async () => {
    await expect(writeLaunchFile('https://evil.example/launch?code=x', { dir: temp() })).rejects.toThrow();
  });

  it('signs a real browser in when it opens the file by its path', async () => {
    const dataDir = temp();
    const rendererDir = temp();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>School Companion</title><h1>App</h1>');
    const host = await startBrowserHost({ dataDir, rendererDir, logger: { info() {}, warn() {}, error() {} } });
    const browser = await launchChromium();
    try {
      const file = await writeLaunchFile(host.url, { dir: temp() });
      const page = await browser.newPage();
      await page.goto(`file://${file.path}`);
      await page.waitForURL((u) => u.origin === host.origin && u.pathname === '/', { timeout: 10_000 });
      await expect(page.locator('h1').textContent()).resolves.toBe('App');
      expect(host.sessions.list()).toHaveLength(1);
      await file.remove();
    } finally {
      await browser.close();
      await host.close();
    }
  });
});
