// The admin's agreement to weak protection, asked by the main process in a native dialog: the page can
// ask for the question to be put, never answer it (see services/store/weak-protection.ts).
import type { BrowserWindow} from 'electron';
import { dialog } from 'electron';
import type { SecretProtection } from '../../shared/ipc/security';

export function confirmWeakProtectionDialog(window: () => BrowserWindow | null): (protection: SecretProtection) => Promise<boolean> {
  return async (protection) => {
    const options: Electron.MessageBoxOptions = {
      type: 'warning',
      buttons: ['Cancel', 'Keep sign-ins with weak protection'],
      defaultId: 0,
      cancelId: 0,
      noLink: true,
      title: 'Weak protection of saved sign-ins',
      message: 'This computer has no key store the app can use.',
      detail: `${protection.summary}\n\nKeep your sign-ins anyway? You can set up a key store later; the app then asks again.`,
    };
    const parent = window();
    const { response } = parent ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options);
    return response === 1;
  };
}
