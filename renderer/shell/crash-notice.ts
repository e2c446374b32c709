// After the window's renderer crashed, the desktop app reloads the page that was open with
// ?reloaded=after-crash (electron/services/desktop/crash-recovery.ts): say so once, then drop the mark so a
// later reload does not say it again.
import { t } from '../../shared/i18n/i18n';
import { useEffect } from 'react';
import { useNotices } from '../state/notices';


/** The address without the mark, or null when the page was not reloaded after a crash. */
export function withoutCrashMark(href: string): string | null {
  const url = new URL(href);
  if (url.searchParams.get('reloaded') !== 'after-crash') return null;
  url.searchParams.delete('reloaded');
  return `${url.pathname}${url.search}${url.hash}`;
}

export function useCrashReloadNotice(): void {
  const push = useNotices((s) => s.push);
  useEffect(() => {
    const clean = withoutCrashMark(window.location.href);
    if (clean === null) return;
    window.history.replaceState(window.history.state, '', clean);
    push({ tone: 'warning', title: t('shell:crash.title'), message: t('shell:crash.message') });
  }, [push]);
}
