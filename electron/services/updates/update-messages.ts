// What the admin is told about updates, one sentence per situation. Only a finished download earns a
// banner; everything else is quiet text in the About/Updates panel. Nothing here is ever a dialog. Said in
// the current UI language each time the status is read.
import type { SerializedAppError } from '../../../shared/errors';
import { t } from '../../../shared/i18n/i18n';
import type { UpdateNotice, UpdateState } from '../../../shared/ipc/updates';

interface MessageFacts {
  state: UpdateState;
  supported: boolean;
  paused: boolean;
  availableVersion: string | null;
  percent: number | null;
  lastCheckedAt: string | null;
  error: SerializedAppError | null;
  unsupportedReason: UpdatesUnsupportedReason;
}

/** Why this copy of the app does not update itself (the panel says it in words). */
export type UpdatesUnsupportedReason = 'browserMode' | 'development' | 'couldNotStart';

export function describeUpdateStatus(facts: MessageFacts): { message: string; notice: UpdateNotice } {
  const quiet = (message: string) => ({ message, notice: 'none' as const });
  if (!facts.supported) return quiet(t(`main:updates.unsupported.${facts.unsupportedReason}`));
  const version = facts.availableVersion ? t('main:updates.version', { version: facts.availableVersion }) : t('main:updates.anUpdate');
  switch (facts.state) {
    case 'checking':
      return quiet(t('main:updates.checking'));
    case 'available':
      return quiet(t('main:updates.available', { version }));
    case 'downloading':
      return quiet(t('main:updates.downloading', { version: lowerFirst(version), percent: Math.floor(facts.percent ?? 0) }));
    case 'ready':
      return facts.paused ? quiet(t('main:updates.readyPaused', { version })) : { message: t('main:updates.ready', { version }), notice: 'banner' };
    case 'paused':
      return quiet(t('main:updates.paused'));
    case 'error':
      return quiet(facts.error?.message ?? t('main:updates.failed'));
    case 'idle':
      return quiet(facts.lastCheckedAt ? t('main:updates.upToDate') : t('main:updates.checksItself'));
  }
}

/** "Downloading version 1.2.0": mid-sentence in English; other scripts have no case and keep theirs. */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
