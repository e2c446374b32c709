// The adapter that applies the navigation, window, webview and permission policies to Electron objects.
// It only imports Electron's types, so it runs here against stand-ins shaped like WebContents and Session.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { applyPermissionPolicy, guardAllWebContents, guardWebContents } from '../../../electron/adapters/web-contents-guards';
import { memoryLogger } from '../../../electron/services/log';
import { APP_ORIGIN } from '../../../electron/services/security/app-origin';

// Electron's own types, reached through the adapter's signatures (tests may not import 'electron').
type WebContents = Parameters<typeof guardWebContents>[0];
type App = Parameters<typeof guardAllWebContents>[0];
type Session = Parameters<typeof applyPermissionPolicy>[0];

class FakeContents extends EventEmitter {
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
}

function navigationEvent(url: string, extra: Record<string, unknown> = {}) {
  return { url, prevented: false, preventDefault() { this.prevented = true; }, ...extra };
}

function setup() {
  const opened: string[] = [];
  const contents = new FakeContents();
  guardWebContents(contents as unknown as WebContents, { appOrigin: APP_ORIGIN, openExternal: async (url) => void opened.push(url), logger: memoryLogger() });
  return { contents, opened };
}

describe('web contents guards', () => {
  it('keeps navigation on the app, sends web links to the system browser, drops the rest', () => {
    const { contents, opened } = setup();
    const inside = navigationEvent(`${APP_ORIGIN}/index.html`);
    contents.emit('will-navigate', inside);
    expect(inside.prevented).toBe(false);
    const web = navigationEvent('https://school.example.com/');
    contents.emit('will-navigate', web);
    expect(web.prevented).toBe(true);
    const file = navigationEvent('file:///etc/passwd');
    contents.emit('will-redirect', file);
    expect(file.prevented).toBe(true);
    const frame = navigationEvent('https://evil.example.com/', { isMainFrame: false });
    contents.emit('will-frame-navigate', frame);
    expect(frame.prevented).toBe(true);
    expect(opened).toEqual(['https://school.example.com/', 'https://evil.example.com/']);
  });

  it('denies every new window and every webview', () => {
    const { contents, opened } = setup();
    expect(contents.windowOpenHandler!({ url: 'https://school.example.com/help' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler!({ url: `${APP_ORIGIN}/index.html` })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler!({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://school.example.com/help']);
    const webview = navigationEvent('');
    contents.emit('will-attach-webview', webview);
    expect(webview.prevented).toBe(true);
  });

  it('guards every WebContents the app creates', () => {
    const app = new EventEmitter();
    guardAllWebContents(app as unknown as App, { appOrigin: APP_ORIGIN, openExternal: async () => undefined, logger: memoryLogger() });
    const contents = new FakeContents();
    app.emit('web-contents-created', {}, contents);
    expect(contents.windowOpenHandler).not.toBeNull();
    expect(contents.listenerCount('will-navigate')).toBe(1);
  });

  it('refuses every permission request and check on the session, except clipboard writes by the app itself', () => {
    const handlers: Record<string, (...args: unknown[]) => unknown> = {};
    const session = {
      setPermissionRequestHandler: (h: (...args: unknown[]) => unknown) => (handlers.request = h),
      setPermissionCheckHandler: (h: (...args: unknown[]) => unknown) => (handlers.check = h),
      setDevicePermissionHandler: (h: (...args: unknown[]) => unknown) => (handlers.device = h),
    };
    applyPermissionPolicy(session as unknown as Session, APP_ORIGIN);
    const answers: boolean[] = [];
    const page = { requestingUrl: `${APP_ORIGIN}/index.html#/students` };
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'clipboard-sanitized-write']) handlers.request!(null, permission, (granted: boolean) => answers.push(granted), page);
    handlers.request!(null, 'clipboard-sanitized-write', (granted: boolean) => answers.push(granted), { requestingUrl: 'https://school.example.com/' });
    expect(answers).toEqual([false, false, false, false, true, false]);
    expect(handlers.check!(null, 'media', APP_ORIGIN, {})).toBe(false);
    expect(handlers.check!(null, 'clipboard-sanitized-write', APP_ORIGIN, {})).toBe(true);
    expect(handlers.check!(null, 'clipboard-sanitized-write', 'https://school.example.com', {})).toBe(false);
    expect(handlers.device!({})).toBe(false);
  });
});
