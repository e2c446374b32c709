// Applies the navigation, new-window, webview and permission policies (electron/services/security/) to
// every WebContents the app ever creates, and to its session.
import type { App, Session, WebContents } from 'electron';
import type { Logger } from '../services/log';
import { decideNavigation, decideWindowOpen } from '../services/security/navigation-policy';
import { decidePermissionCheck, decidePermissionRequest } from '../services/security/permission-policy';

interface GuardDeps {
  /** The origin the window may stay on: app://school-companion, or the loopback dev server in development. */
  appOrigin: string;
  openExternal(url: string): Promise<void>;
  logger: Logger;
}

export function guardAllWebContents(app: App, deps: GuardDeps): void {
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, deps));
}

export function guardWebContents(contents: WebContents, deps: GuardDeps): void {
  const leave = (url: string, event: { preventDefault(): void }, kind: string) => {
    const decision = decideNavigation(url, deps.appOrigin);
    if (decision.action === 'allow') return;
    event.preventDefault();
    if (decision.action === 'open-external') void deps.openExternal(decision.url).catch(() => undefined);
    else deps.logger.warn('navigation refused', { kind, reason: decision.reason });
  };
  contents.on('will-navigate', (event) => leave(event.url, event, 'navigate'));
  contents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame) leave(event.url, event, 'frame-navigate');
  });
  contents.on('will-redirect', (event) => leave(event.url, event, 'redirect'));
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    deps.logger.warn('webview refused', {});
  });
  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideWindowOpen(url);
    if (decision.action === 'open-external') void deps.openExternal(decision.url).catch(() => undefined);
    else deps.logger.warn('new window refused', { reason: decision.reason });
    return { action: 'deny' };
  });
}

/** Every permission refused, except what permission-policy.ts grants the app's own page (clipboard writes). */
export function applyPermissionPolicy(session: Session, appOrigin: string): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(decidePermissionRequest(permission, details.requestingUrl, appOrigin).granted),
  );
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => decidePermissionCheck(permission, requestingOrigin, appOrigin));
  session.setDevicePermissionHandler(() => false);
}
