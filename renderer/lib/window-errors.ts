// Errors in the window: a route that failed to render (the error screen), an uncaught error or an unhandled
// rejection. Each goes to the main process's log (app.reportError, which scrubs secrets); the error screen
// also offers the details to copy for support.
import { getBridge } from '../bridge';

type WindowErrorKind = 'render' | 'error' | 'unhandledrejection';

interface WindowErrorFacts {
  name: string;
  message: string;
  stack?: string;
}

export function errorFacts(error: unknown): WindowErrorFacts {
  if (error instanceof Error) return { name: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}) };
  // React Router's thrown responses (status + statusText) and anything else thrown.
  if (error && typeof error === 'object' && 'status' in error) {
    const { status, statusText } = error as { status: unknown; statusText?: unknown };
    return { name: 'RouteErrorResponse', message: `${String(status)} ${typeof statusText === 'string' ? statusText : ''}`.trim() };
  }
  return { name: typeof error, message: String(error) };
}

/** What "Copy details" puts on the clipboard: enough for support to start, in English like the log. */
export function errorDetailsText(facts: WindowErrorFacts, context: { route: string; version: string | null; mode: string | null; at: Date }): string {
  return [
    `School Companion ${context.version ?? '(version unknown)'}${context.mode ? ` (${context.mode})` : ''}`,
    `time: ${context.at.toISOString()}`,
    `screen: ${context.route}`,
    `error: ${facts.name}: ${facts.message}`,
    ...(facts.stack ? ['stack:', ...facts.stack.split('\n').slice(0, 15).map((line) => `  ${line.trim()}`)] : []),
  ].join('\n');
}

/** The hash route without its query (a search box's text stays out of the log). */
function currentRoute(): string {
  return window.location.hash.replace(/^#/, '').split('?')[0] || '/';
}

export function reportWindowError(kind: WindowErrorKind, error: unknown, route = currentRoute()): void {
  const facts = errorFacts(error);
  const input = {
    kind,
    name: facts.name.slice(0, 200),
    message: facts.message.slice(0, 4000),
    ...(facts.stack ? { stack: facts.stack.slice(0, 8000) } : {}),
    route: route.slice(0, 500),
  };
  // Reporting must never raise an error of its own (and loop).
  void getBridge().invoke('app.reportError', input).catch(() => undefined);
}

/** Uncaught errors and unhandled rejections anywhere in the window go to the log too. */
export function reportUncaughtWindowErrors(): void {
  window.addEventListener('error', (event) => reportWindowError('error', event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reportWindowError('unhandledrejection', event.reason));
}
