// The app:// protocol handler, with Electron's net/protocol replaced (tests cannot load Electron): files of
// the built renderer with our CSP, nothing outside it, nothing for another host.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => ({
  protocol: { registerSchemesAsPrivileged: () => undefined },
  net: { fetch: async (url: string) => new Response(await readFile(fileURLToPath(url))) },
}));

const { serveAppProtocol } = await import('../../../electron/adapters/app-protocol');
const { buildContentSecurityPolicy } = await import('../../../electron/services/security/csp');

const root = mkdtempSync(join(tmpdir(), 'sc-app-protocol-'));
mkdirSync(join(root, 'renderer', 'assets'), { recursive: true });
writeFileSync(join(root, 'renderer', 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(join(root, 'renderer', 'assets', 'app.js'), 'export {}');
writeFileSync(join(root, 'secret.txt'), 'outside the renderer');
afterAll(() => rmSync(root, { recursive: true, force: true }));

let handler: (request: Request) => Promise<Response>;
serveAppProtocol({ protocol: { handle: (_scheme: string, h: typeof handler) => (handler = h) } } as never, join(root, 'renderer'), buildContentSecurityPolicy());
const get = (url: string, method = 'GET') => handler(new Request(url, { method }));

describe('app:// protocol', () => {
  it('serves the renderer with the CSP, nosniff and the right type', async () => {
    const page = await get('app://school-companion/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(buildContentSecurityPolicy());
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('id="root"');
    expect((await get('app://school-companion/assets/app.js')).headers.get('content-type')).toMatch(/javascript/);
  });

  it('serves nothing outside the renderer, for another host, or for writes', async () => {
    // (URL parsing may already fold dot segments; either way nothing outside the renderer comes back.)
    for (const url of ['app://school-companion/%2e%2e/secret.txt', 'app://school-companion/assets/..%2f..%2fsecret.txt', 'app://school-companion/../secret.txt']) {
      const response = await get(url);
      expect([400, 404]).toContain(response.status);
      expect(await response.text()).not.toContain('outside the renderer');
    }
    expect((await get('app://other-host/index.html')).status).toBe(404);
    expect((await get('app://school-companion/index.html', 'POST')).status).toBe(404);
    expect((await get('app://school-companion/assets/missing.js')).status).toBe(404);
  });
});
