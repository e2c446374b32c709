// What About shows: the app's name and version (and Electron's, for support), the same on every platform.
// The Mac and Linux have a native About panel (app.setAboutPanelOptions); Windows has none, so the adapter
// shows a message box with the same lines, in the current UI language.
import { t } from '../../../shared/i18n/i18n';

interface AboutFacts {
  appName: string;
  version: string;
  platform: NodeJS.Platform;
  /** process.versions.electron / chrome: what a support request needs. */
  electronVersion?: string | undefined;
  chromeVersion?: string | undefined;
  helpUrl?: string | null;
  year?: number;
}

interface AboutPanelOptions {
  applicationName: string;
  applicationVersion: string;
  version?: string;
  copyright: string;
  website?: string;
  credits?: string;
}

type AboutPresentation =
  | { kind: 'panel'; options: AboutPanelOptions }
  | { kind: 'dialog'; title: string; message: string; detail: string; buttons: [string] };

export function decideAbout(facts: AboutFacts): AboutPresentation {
  const copyright = t('main:about.copyright', { year: facts.year ?? new Date().getFullYear() });
  const runtime = [facts.electronVersion ? `Electron ${facts.electronVersion}` : null, facts.chromeVersion ? `Chromium ${facts.chromeVersion}` : null].filter(Boolean).join(', ');
  if (facts.platform === 'win32') {
    return {
      kind: 'dialog',
      title: t('main:about.title', { app: facts.appName }),
      message: `${facts.appName} ${facts.version}`,
      detail: [runtime, copyright].filter(Boolean).join('\n'),
      buttons: [t('main:about.ok')],
    };
  }
  const options: AboutPanelOptions = { applicationName: facts.appName, applicationVersion: facts.version, copyright };
  // The Mac shows `version` in brackets after the app version: the runtime, not a build number we do not have.
  if (runtime) options.version = runtime;
  if (facts.platform === 'linux' && facts.helpUrl) options.website = facts.helpUrl;
  if (facts.platform === 'darwin' && runtime) options.credits = runtime;
  return { kind: 'panel', options };
}
