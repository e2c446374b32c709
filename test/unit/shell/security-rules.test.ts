import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ORIGIN } from '../../../electron/services/security/app-origin';
import { buildContentSecurityPolicy, isLoopbackDevServerUrl, securityHeaders } from '../../../electron/services/security/csp';
import { checkExternalUrl } from '../../../electron/services/security/external-url';
import { decideNavigation, decideWindowOpen } from '../../../electron/services/security/navigation-policy';
import { decidePermissionCheck, decidePermissionRequest } from '../../../electron/services/security/permission-policy';
import { isTrustedSender } from '../../../electron/services/security/sender-check';
import { resolveStaticFile } from '../../../electron/services/security/static-files';
import { secureWebPreferences } from '../../../electron/services/security/web-preferences';

function directives(csp: string): Map<string, string[]> {
  return new Map(csp.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
}

describe('content security policy', () => {
  it('allows only our own scripts: no eval, no inline script, no remote origin', () => {
    const csp = directives(buildContentSecurityPolicy());
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'none'"]);
    const all = [...csp.values()].flat();
    expect(all).not.toContain("'unsafe-eval'");
    expect(all.filter((value) => /^(https?:|wss?:|\*)/.test(value))).toEqual([]);
  });

  it('widens only for a loopback dev server, and refuses a remote one', () => {
    const dev = directives(buildContentSecurityPolicy({ devServerOrigin: 'http://localhost:5173' }));
    expect(dev.get('connect-src')).toEqual(["'self'", 'http://localhost:5173', 'ws://localhost:5173']);
    expect([...dev.values()].flat()).not.toContain("'unsafe-eval'");
    expect(() => buildContentSecurityPolicy({ devServerOrigin: 'https://evil.example.com' })).toThrow();
    expect(isLoopbackDevServerUrl('http://127.0.0.1:5173/')).toBe(true);
    expect(isLoopbackDevServerUrl('http://devserver.example.com:5173/')).toBe(false);
    expect(isLoopbackDevServerUrl(undefined)).toBe(false);
  });

  it('comes with nosniff and no-referrer', () => {
    const headers = securityHeaders();
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('no-referrer');
    expect(headers['Content-Security-Policy']).toBe(buildContentSecurityPolicy());
  });
});

describe('external URL validation', () => {
  it.each(['https://school.example.com/courses?id=1', 'http://127.0.0.1:4000/oauth/authorize?x=1'])('accepts %s', (url) => {
    expect(checkExternalUrl(url)).toEqual({ ok: true, url: new URL(url).href });
  });

  it.each([
    'javascript:alert(1)',
    'file:///etc/passwd',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'ms-msdt:/id PCWDiagnostic',
    'smb://server/share',
    'zoommtg://join',
    'https://user:pass@school.example.com/',
    'https://user@school.example.com/',
    'https://school.example.com/\u0000.exe',
    ' https://school.example.com',
    'not a url',
    '',
  ])('refuses %j', (url) => {
    expect(checkExternalUrl(url).ok).toBe(false);
  });

  it('refuses non-strings', () => {
    expect(checkExternalUrl(42).ok).toBe(false);
    expect(checkExternalUrl({ href: 'https://a.example' }).ok).toBe(false);
  });
});

describe('navigation and new windows', () => {
  it('keeps in-app navigation, sends web links to the system browser, drops everything else', () => {
    expect(decideNavigation(`${APP_ORIGIN}/index.html#/courses`, APP_ORIGIN)).toEqual({ action: 'allow' });
    expect(decideNavigation('https://evil.example.com/', APP_ORIGIN)).toEqual({ action: 'open-external', url: 'https://evil.example.com/' });
    expect(decideNavigation('file:///etc/passwd', APP_ORIGIN).action).toBe('deny');
    expect(decideNavigation('app://other-host/index.html', APP_ORIGIN).action).toBe('deny');
  });

  it('never opens a window of the app, whatever the URL', () => {
    expect(decideWindowOpen(`${APP_ORIGIN}/index.html`).action).toBe('deny');
    expect(decideWindowOpen('javascript:alert(1)').action).toBe('deny');
    expect(decideWindowOpen('https://school.example.com/help')).toEqual({ action: 'open-external', url: 'https://school.example.com/help' });
  });
});

describe('permissions', () => {
  const page = `${APP_ORIGIN}/index.html#/students`;
  it.each(['media', 'geolocation', 'notifications', 'clipboard-read', 'hid', 'serial', 'usb', 'openExternal', 'fullscreen', 'unknown-future-permission'])(
    'denies %s on request and on check, even to the app itself',
    (permission) => {
      expect(decidePermissionRequest(permission, page, APP_ORIGIN).granted).toBe(false);
      expect(decidePermissionCheck(permission, APP_ORIGIN, APP_ORIGIN)).toBe(false);
    },
  );

  it('lets the app, and only the app, write to the clipboard ("Copy e-mails")', () => {
    expect(decidePermissionRequest('clipboard-sanitized-write', page, APP_ORIGIN).granted).toBe(true);
    expect(decidePermissionCheck('clipboard-sanitized-write', APP_ORIGIN, APP_ORIGIN)).toBe(true);
    expect(decidePermissionRequest('clipboard-sanitized-write', 'http://127.0.0.1:5173/', 'http://127.0.0.1:5173').granted).toBe(true);
    for (const other of ['https://school.example.com/', 'app://elsewhere/index.html', 'app://school-companion.evil/', undefined, 'not a url']) {
      expect(decidePermissionRequest('clipboard-sanitized-write', other, APP_ORIGIN).granted).toBe(false);
      expect(decidePermissionCheck('clipboard-sanitized-write', other, APP_ORIGIN)).toBe(false);
    }
  });
});

describe('web preferences', () => {
  it('isolates, sandboxes and keeps Node out of the renderer', () => {
    const prefs = secureWebPreferences({ preloadPath: '/app/preload.cjs', devTools: false });
    expect(prefs).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      devTools: false,
    });
    expect(() => secureWebPreferences({ preloadPath: '', devTools: false })).toThrow();
  });

  it("spell-checks with the OS's spellchecker on macOS and Windows, and downloads no dictionary elsewhere", () => {
    const spellcheck = (platform: NodeJS.Platform) => secureWebPreferences({ preloadPath: '/app/preload.cjs', devTools: false, platform }).spellcheck;
    expect(spellcheck('darwin')).toBe(true);
    expect(spellcheck('win32')).toBe(true);
    expect(spellcheck('linux')).toBe(false);
  });
});

describe('sender check', () => {
  const main = { id: 'main' };
  const sub = { id: 'sub' };
  it('accepts only our main frame on our origin', () => {
    expect(isTrustedSender({ senderFrame: main, mainFrame: main, senderUrl: `${APP_ORIGIN}/index.html` }, APP_ORIGIN)).toBe(true);
  });
  it('refuses a subframe, a navigated frame, a gone frame', () => {
    expect(isTrustedSender({ senderFrame: sub, mainFrame: main, senderUrl: `${APP_ORIGIN}/index.html` }, APP_ORIGIN)).toBe(false);
    expect(isTrustedSender({ senderFrame: main, mainFrame: main, senderUrl: 'https://evil.example.com/' }, APP_ORIGIN)).toBe(false);
    expect(isTrustedSender({ senderFrame: main, mainFrame: main, senderUrl: 'app://evil/index.html' }, APP_ORIGIN)).toBe(false);
    expect(isTrustedSender({ senderFrame: null, mainFrame: main, senderUrl: `${APP_ORIGIN}/index.html` }, APP_ORIGIN)).toBe(false);
    expect(isTrustedSender({ senderFrame: main, mainFrame: main, senderUrl: undefined }, APP_ORIGIN)).toBe(false);
  });
});

describe('protocol path resolution', () => {
  const root = mkdtempSync(join(tmpdir(), 'sc-static-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html>');
  writeFileSync(join(root, 'assets', 'app.js'), '');

  it('serves files under the root and the index for routes', () => {
    expect(resolveStaticFile(root, '/assets/app.js')).toEqual({ ok: true, path: join(root, 'assets', 'app.js'), contentType: 'text/javascript; charset=utf-8' });
    expect(resolveStaticFile(root, '/')).toMatchObject({ ok: true, path: join(root, 'index.html') });
    expect(resolveStaticFile(root, '/courses')).toMatchObject({ ok: true, path: join(root, 'index.html') });
  });

  it.each(['/../secret.txt', '/assets/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/assets%2f..%2f..%2fx.js', '/..%5c..%5cwin.ini', '/a%00.js', '/%E0%A4%A'])('refuses %s', (path) => {
    expect(resolveStaticFile(root, path).ok).toBe(false);
  });

  it('refuses file types it does not serve', () => {
    expect(resolveStaticFile(root, '/assets/app.exe')).toEqual({ ok: false, status: 404 });
  });
});
