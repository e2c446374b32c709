// The app part of the contract: status, external links, settings.
import { AppError } from '../../../shared/errors';
import type { AppStatus } from '../../../shared/ipc/app';
import { checkExternalUrl } from '../security/external-url';
import type { SettingsStore } from '../store/settings';
import type { PlatformAccessSlot } from '../access/platform-access-slot';
import type { UiLanguage } from '../language/ui-language';
import type { MethodHandlers } from './handler-types';

type AppMethodName = 'app.status' | 'app.openExternal' | 'app.reportBrowserLanguages' | 'settings.get' | 'settings.set';

interface AppHandlerDeps {
  access: PlatformAccessSlot;
  settings: SettingsStore;
  status(): AppStatus | Promise<AppStatus>;
  openExternal(url: string): Promise<void>;
  language: Pick<UiLanguage, 'reportBrowserLanguages'>;
}

export function createAppHandlers(deps: AppHandlerDeps): MethodHandlers<AppMethodName> {
  const { access, settings } = deps;
  return {
    'app.status': async () => deps.status(),
    'app.openExternal': async ({ url }) => {
      const checked = checkExternalUrl(url);
      if (!checked.ok) throw new AppError('invalid_input', `That link cannot be opened: ${checked.reason}.`);
      await deps.openExternal(checked.url);
      return { opened: true };
    },
    'app.reportBrowserLanguages': async ({ languages }) => {
      deps.language.reportBrowserLanguages(languages);
      return {};
    },
    'settings.get': async () => settings.get(),
    'settings.set': async (patch) => {
      if (patch.activeAccountId && !(await access.ready()).listAccounts().some((account) => account.id === patch.activeAccountId)) {
        throw new AppError('not_found', 'That school is not connected.');
      }
      let saved;
      try {
        saved = await settings.update(patch);
      } catch (error) {
        throw new AppError('storage_unavailable', 'The settings could not be saved.', { cause: error });
      }
      return saved;
    },
  };
}
