// The window never navigates away from the app and never opens windows of its own: a link to the web
// goes to the system browser (after checkExternalUrl), anything else is dropped.
import { checkExternalUrl } from './external-url';
import { isSameAppOrigin } from './app-origin';

type NavigationDecision =
  | { action: 'allow' } // same app origin (e.g. a reload of our own page)
  | { action: 'open-external'; url: string }
  | { action: 'deny'; reason: string };

/** For `will-navigate` / `will-redirect`: stays inside the app, or leaves for the system browser. */
export function decideNavigation(targetUrl: string, appOrigin: string): NavigationDecision {
  if (isSameAppOrigin(targetUrl, appOrigin)) return { action: 'allow' };
  return externalOrDeny(targetUrl);
}

/** For `setWindowOpenHandler`: never a new Electron window; http(s) goes to the system browser. */
export function decideWindowOpen(targetUrl: string): Exclude<NavigationDecision, { action: 'allow' }> {
  return externalOrDeny(targetUrl);
}

function externalOrDeny(targetUrl: string): Exclude<NavigationDecision, { action: 'allow' }> {
  const check = checkExternalUrl(targetUrl);
  return check.ok ? { action: 'open-external', url: check.url } : { action: 'deny', reason: check.reason };
}
