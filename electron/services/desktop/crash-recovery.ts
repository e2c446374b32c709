// What happens when the window's renderer process dies (Electron's render-process-gone): the first crash
// reloads the page that was open, with a notice; a second one soon after shows a recovery page instead of
// looping; a clean exit (the window closing) is nothing to recover from. Decided here, applied by
// electron/adapters/crash-recovery.ts. The recovery page speaks the current UI language.
import { currentUiLanguage, t } from '../../../shared/i18n/i18n';

/** Electron's RenderProcessGoneDetails.reason. */
export type GoneReason = 'clean-exit' | 'abnormal-exit' | 'killed' | 'crashed' | 'oom' | 'launch-failed' | 'integrity-failure' | 'memory-eviction';

export type CrashDecision = { action: 'ignore' } | { action: 'reload' } | { action: 'recover'; why: 'repeated' | 'cannot-start' };

/** Two crashes closer than this show the recovery page: a page that dies again at once would loop. */
export const REPEAT_CRASH_WINDOW_MS = 2 * 60 * 1000;

export class CrashHistory {
  private readonly crashes: number[] = [];

  constructor(private readonly windowMs = REPEAT_CRASH_WINDOW_MS) {}

  /** Records the crash (unless it is a clean exit) and says what to do about it. */
  decide(reason: GoneReason | string, now: number): CrashDecision {
    if (reason === 'clean-exit') return { action: 'ignore' };
    const recent = this.crashes.filter((at) => now - at < this.windowMs);
    this.crashes.splice(0, this.crashes.length, ...recent, now);
    // A renderer that cannot start, or whose files fail their integrity check, will not do better on reload.
    if (reason === 'launch-failed' || reason === 'integrity-failure') return { action: 'recover', why: 'cannot-start' };
    return recent.length > 0 ? { action: 'recover', why: 'repeated' } : { action: 'reload' };
  }

  /** The admin chose Reload on the recovery page: the next crash gets its one reload again. */
  reset(): void {
    this.crashes.length = 0;
  }
}

/** The query the reloaded page finds, so it can say what happened (renderer/shell/crash-notice.ts). */
export const RELOADED_AFTER_CRASH_PARAM = 'reloaded';
export const RELOADED_AFTER_CRASH_VALUE = 'after-crash';

/**
 * The entry page again, at the route that was open (hash routing), marked so the page shows its notice. Only
 * a route of our own page is kept: anything else reloads the start page.
 */
export function reloadUrlAfterCrash(entryUrl: string, lastUrl: string | null, appOrigin: string): string {
  const target = new URL(entryUrl);
  target.searchParams.set(RELOADED_AFTER_CRASH_PARAM, RELOADED_AFTER_CRASH_VALUE);
  const last = parse(lastUrl);
  const entry = new URL(entryUrl);
  const sameOrigin = last && last.protocol === entry.protocol && last.host === entry.host && last.host === new URL(appOrigin).host;
  if (sameOrigin && /^#\/[^\s]*$/.test(last.hash) && last.hash.length <= 2048) target.hash = last.hash;
  return target.href;
}

export type RecoveryAction = 'reload' | 'open-log-folder' | 'quit';

const RECOVERY_PATH = '/__recovery/';

/**
 * The recovery page's buttons are links to `<our origin>/__recovery/<action>`: the adapter sees the
 * navigation (will-navigate), stops it and acts. Only while the recovery page itself is shown (a data: URL).
 */
export function recoveryActionFor(url: string, appOrigin: string, currentUrl: string): RecoveryAction | null {
  if (!currentUrl.startsWith('data:text/html')) return null;
  const target = parse(url);
  const origin = parse(appOrigin);
  if (!target || !origin || target.protocol !== origin.protocol || target.host !== origin.host) return null;
  if (!target.pathname.startsWith(RECOVERY_PATH)) return null;
  const action = target.pathname.slice(RECOVERY_PATH.length);
  return action === 'reload' || action === 'open-log-folder' || action === 'quit' ? action : null;
}

/** The recovery page: self-contained (no script, no file of the app it cannot load), light and dark. */
export function recoveryPageHtml(options: { appName: string; appOrigin: string; logFolder: string }): string {
  const link = (action: RecoveryAction) => escapeHtml(`${options.appOrigin}${RECOVERY_PATH}${action}`);
  return `<!doctype html>
<html lang="${currentUiLanguage()}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(t('main:recovery.title', { app: options.appName }))}</title>
<style>
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: light-dark(#f7f7f9, #0f1013); color: light-dark(#17171c, #ececf1); }
main { max-width: 34rem; padding: 2rem; }
h1 { font-size: 1.4rem; margin: 0 0 .75rem; }
p { line-height: 1.5; color: light-dark(#52525c, #a3a3ad); }
code { word-break: break-all; }
nav { display: flex; gap: .75rem; margin-top: 1.5rem; flex-wrap: wrap; }
a { padding: .55rem 1rem; border-radius: 8px; text-decoration: none; border: 1px solid light-dark(#cfcfd6, #3a3b42); color: inherit; }
a.primary { background: light-dark(#4f46e5, #5b5bd6); border-color: transparent; color: #fff; }
a:focus-visible { outline: 2px solid light-dark(#4f46e5, #b4b8ff); outline-offset: 2px; }
</style></head>
<body><main>
<h1>${escapeHtml(t('main:recovery.heading'))}</h1>
<p>${escapeHtml(t('main:recovery.body', { app: options.appName }))}</p>
<p>${escapeHtml(t('main:recovery.log'))} <code>${escapeHtml(options.logFolder)}</code></p>
<nav><a class="primary" href="${link('reload')}">${escapeHtml(t('main:recovery.reload'))}</a><a href="${link('open-log-folder')}">${escapeHtml(t('main:recovery.openLogFolder'))}</a><a href="${link('quit')}">${escapeHtml(t('main:recovery.quit'))}</a></nav>
</main></body></html>`;
}

export function recoveryPageUrl(html: string): string {
  return `data:text/html;charset=utf-8;base64,${Buffer.from(html, 'utf8').toString('base64')}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function parse(value: string | null): URL | null {
  if (!value) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** Electron's Details of 'child-process-gone' (the GPU, network, audio or utility processes). */
export interface ChildProcessGone {
  type: string;
  reason: GoneReason | string;
  exitCode: number;
  serviceName?: string | undefined;
  name?: string | undefined;
}

/**
 * A helper process that died is logged like the window's renderer: Chromium restarts the GPU and network
 * processes by itself, so nothing is reloaded, but a crash the admin reports must be in the log.
 */
export function childProcessGoneLog(details: ChildProcessGone): { level: 'error'; fields: Record<string, string | number> } | null {
  if (details.reason === 'clean-exit') return null;
  const fields: Record<string, string | number> = { type: details.type, reason: details.reason, exitCode: details.exitCode };
  if (details.serviceName) fields.service = details.serviceName;
  return { level: 'error', fields };
}
