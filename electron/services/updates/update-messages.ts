// What the admin is told about updates, one sentence per situation. Only a finished download earns a
// banner; everything else is quiet text in the About/Updates panel. Nothing here is ever a dialog.
import type { SerializedAppError } from '../../../shared/errors';
import type { UpdateNotice, UpdateState } from '../../../shared/ipc/updates';

interface MessageFacts {
  state: UpdateState;
  supported: boolean;
  paused: boolean;
  availableVersion: string | null;
  percent: number | null;
  lastCheckedAt: string | null;
  error: SerializedAppError | null;
  unsupportedReason: string;
}

export function describeUpdateStatus(facts: MessageFacts): { message: string; notice: UpdateNotice } {
  const quiet = (message: string) => ({ message, notice: 'none' as const });
  if (!facts.supported) return quiet(facts.unsupportedReason);
  const version = facts.availableVersion ? `Version ${facts.availableVersion}` : 'An update';
  switch (facts.state) {
    case 'checking':
      return quiet('Checking for updates…');
    case 'available':
      return quiet(`${version} is available and downloading in the background.`);
    case 'downloading':
      return quiet(`Downloading ${version.charAt(0).toLowerCase()}${version.slice(1)} in the background (${Math.floor(facts.percent ?? 0)}%).`);
    case 'ready':
      return facts.paused
        ? quiet(`${version} is downloaded. Updates are paused, so it installs on the first restart after you resume them.`)
        : { message: `${version} is ready and installs when you restart School Companion.`, notice: 'banner' };
    case 'paused':
      return quiet('Updates are paused: the app does not check for or install updates by itself. Use "Check now" or resume updates.');
    case 'error':
      return quiet(facts.error?.message ?? 'Checking for updates failed. The app will try again by itself.');
    case 'idle':
      return quiet(facts.lastCheckedAt ? 'School Companion is up to date.' : 'The app checks for updates by itself every few hours.');
  }
}
