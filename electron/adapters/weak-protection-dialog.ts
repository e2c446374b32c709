// The admin's agreement to weak protection, asked by the main process in a native dialog: the page can
// ask for the question to be put, never answer it (see services/store/weak-protection.ts).
import type { BrowserWindow} from 'electron';
import { dialog } from 'electron';
import { t } from '../../shared/i18n/i18n';
import type { SecretProtection } from '../../shared/ipc/security';

export function confirmWeakProtectionDialog(window: () => BrowserWindow | null): (protection: SecretProtection) => Promise<boolean> {
  return async (protection) => {
    const options: Electron.MessageBoxOptions = {
      type: 'warning',
      buttons: [t('main:dialogs.cancel'), t('main:dialogs.weakKeep')],
      defaultId: 0,
      cancelId: 0,
      noLink: true,
      title: t('main:dialogs.weakTitle'),
      message: t('main:dialogs.weakMessage'),
      detail: t('main:dialogs.weakDetail', { summary: protection.summary }),
    };
    const parent = window();
    const { response } = parent ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options);
    return response === 1;
  };
}
