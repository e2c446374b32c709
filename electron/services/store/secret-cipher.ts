// The one thing the app cannot do itself: keep a key safe. In the desktop app Electron's safeStorage
// (the OS key store) does it; in browser mode a key file readable only by the user; in tests a fake.
import type { SecretProtection } from '../../../shared/ipc/security';

export interface SecretCipher {
  /** Names the protection, e.g. 'keychain', 'dpapi', 'gnome_libsecret', 'basic_text', 'key-file', 'fake'. */
  readonly backend: string;
  /**
   * True only when the operating system seals the key for this user (Keychain, DPAPI, libsecret, KWallet).
   * A key anyone who reads the user's files can read (Linux basic_text, browser mode's key file) is not
   * strong: the vault refuses it unless the admin agreed (desktop) or started browser mode, and Settings says so.
   */
  readonly isStrong: boolean;
  encrypt(plain: Uint8Array): Promise<Uint8Array>;
  decrypt(sealed: Uint8Array): Promise<Uint8Array>;
}

const OS_KEY_STORES: Record<string, string> = {
  keychain: 'the macOS Keychain',
  dpapi: 'Windows (DPAPI), tied to your Windows account',
  gnome_libsecret: 'your desktop\'s key store (GNOME Keyring / libsecret)',
  kwallet: 'your desktop\'s key store (KWallet)',
  kwallet5: 'your desktop\'s key store (KWallet 5)',
  kwallet6: 'your desktop\'s key store (KWallet 6)',
};

/** What Settings tells the admin about the cipher in use: honest about where the key lives. */
export function describeProtection(cipher: Pick<SecretCipher, 'backend' | 'isStrong'>, weakAllowed: boolean): SecretProtection {
  const store = OS_KEY_STORES[cipher.backend];
  if (cipher.isStrong && store) {
    return { backend: cipher.backend, level: 'os-key-store', summary: `Saved sign-ins are encrypted with a key kept by ${store}.`, weakAllowed };
  }
  if (cipher.backend === 'key-file') {
    return {
      backend: cipher.backend,
      level: 'weak',
      summary: 'Browser mode has no OS key store: saved sign-ins are encrypted with a key kept in a file next to them (vault.key), readable only by your user account. Anyone or anything that can read your files (a program you run, an administrator of this computer, a backup) can read them too.',
      weakAllowed,
    };
  }
  if (cipher.backend === 'basic_text') {
    return {
      backend: cipher.backend,
      level: 'weak',
      summary: 'This computer has no key store the app can use (Linux "basic_text"): saved sign-ins are only obscured with a key that is the same everywhere. Anyone who can read your files can read them. Set up GNOME Keyring or KWallet to protect them.',
      weakAllowed,
    };
  }
  return { backend: cipher.backend, level: cipher.isStrong ? 'unknown' : 'weak', summary: `Saved sign-ins are encrypted by "${cipher.backend}".`, weakAllowed };
}
